package dev.rdcp.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.ArrayList;
import java.util.List;

/**
 * Fuzzes the filter rules a daemon takes from a client's REQUEST and matches against its names:
 * parsing (rsync's whole syntax) either succeeds or refuses the rule with an
 * IllegalArgumentException (which the server answers with an ERROR), and matching on either side
 * returns or ends with FilterTooComplexException.
 */
class FilterRulesFuzzTest {

    @FuzzTest(maxDuration = "30s")
    void rulesAndNames(FuzzedDataProvider data) {
        List<String> rules = new ArrayList<>();
        int ruleCount = data.consumeInt(0, 8);
        for (int i = 0; i < ruleCount; i++) {
            rules.add(data.consumeString(64));
        }
        FilterRules parsed;
        try {
            parsed = FilterRules.parse(rules);
        } catch (FilterTooComplexException e) {
            throw new AssertionError("parsing cannot overdraw a match budget", e);
        } catch (IllegalArgumentException refused) {
            return;
        }
        assertEquals(rules, parsed.rules());
        FilterScope scope = parsed.scope(data.consumeBoolean() ? FilterRules.Side.SENDER : FilterRules.Side.RECEIVER);
        while (data.remainingBytes() > 0) {
            String name = data.consumeString(128);
            boolean directory = data.consumeBoolean();
            try {
                boolean first = scope.excludes(name, directory);
                assertEquals(first, scope.excludes(name, directory), "matching is deterministic");
                assertEquals(scope.excludesXattr(name), scope.excludesXattr(name), "so is naming attributes");
            } catch (FilterTooComplexException spent) {
                return;
            }
        }
    }
}
