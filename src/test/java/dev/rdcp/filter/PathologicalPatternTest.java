package dev.rdcp.filter;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Rules can come from a peer: a pattern that would backtrack for ever is stopped, not run. */
class PathologicalPatternTest {

    /** A safety net against a hang, far above the milliseconds the bounded match takes. */
    private static final Duration HANG = Duration.ofSeconds(60);

    @Test
    void aBacktrackingPatternIsStoppedWithAClearError() {
        FilterScope rules = FilterRules.parse(List.of("- **a**a**a**a**a**a**b")).scope(FilterRules.Side.SENDER);
        String name = "a".repeat(200);
        FilterTooComplexException e = assertTimeoutPreemptively(HANG,
                () -> assertThrows(FilterTooComplexException.class, () -> rules.excludes(name, false)));
        assertTrue(e.getMessage().contains("too complex"), e.getMessage());
    }

    @Test
    void ordinaryPatternsOnLongNamesStayWithinTheBudget() {
        FilterScope rules = FilterRules.parse(List.of("+ */", "+ **/keep/*.txt", "- *.o", "- **")).scope(FilterRules.Side.SENDER);
        String deep = "d/".repeat(1000) + "keep/file.txt";
        assertFalse(rules.excludes(deep, false));
        assertTrue(rules.excludes("d/".repeat(1000) + "x.o", false));
    }

    /**
     * The budget belongs to the rule set, not to each rule: thousands of rules that each stay
     * under a per-rule budget (the 64 KiB REQUEST holds 4,679 of these) would otherwise cost
     * about a second of CPU for every entry listed. Now the first entries spend the session's
     * budget and the session ends.
     */
    @Test
    void manyCostlyRulesSpendOneBudgetForTheSession() {
        FilterScope rules = FilterRules.parse(Collections.nCopies(4_679, "- *?*?*?*?*~")).scope(FilterRules.Side.SENDER);
        String name = "dir/sub/" + "a".repeat(20);
        FilterTooComplexException e = assertThrows(FilterTooComplexException.class, () -> {
            for (int entry = 0; entry < 10; entry++) {
                rules.excludes(name + entry, false);
            }
        });
        assertTrue(e.getMessage().contains("too complex"), e.getMessage());
    }

    /** Hundreds of ordinary rules over thousands of entries earn more than they spend. */
    @Test
    void ordinaryRuleSetsOverLongListingsStayWithinTheBudget() {
        List<String> many = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            many.add("- **/cache" + i + "/*.tmp");
        }
        many.add("- *.o");
        FilterScope rules = FilterRules.parse(many).scope(FilterRules.Side.SENDER);
        for (int entry = 0; entry < 3_000; entry++) {
            assertFalse(rules.excludes("src/module" + entry + "/main/File" + entry + ".java", false));
        }
        assertTrue(rules.excludes("src/module/cache7/x.tmp", false));
    }
}
