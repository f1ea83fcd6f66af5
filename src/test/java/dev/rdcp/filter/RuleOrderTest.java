package dev.rdcp.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The first matching rule decides; the rule list survives as given. */
class RuleOrderTest {

    @Test
    void includeBeforeCatchAllExcludeKeepsOnlyMatches() {
        FilterScope rules = FilterRules.parse(List.of("+ *.c", "- *")).scope(FilterRules.Side.SENDER);
        assertFalse(rules.excludes("main.c", false));
        assertFalse(rules.excludes("src/util.c", false));
        assertTrue(rules.excludes("main.h", false));
        assertTrue(rules.excludes("src", true));
    }

    @Test
    void sameRulesInTheOtherOrderExcludeEverything() {
        FilterScope rules = FilterRules.parse(List.of("- *", "+ *.c")).scope(FilterRules.Side.SENDER);
        assertTrue(rules.excludes("main.c", false));
    }

    @Test
    void allDirectoriesThenTextFilesThenNothingElse() {
        FilterScope rules = FilterRules.parse(List.of("+ */", "+ *.txt", "- *")).scope(FilterRules.Side.SENDER);
        assertFalse(rules.excludes("docs", true));
        assertFalse(rules.excludes("docs/deep", true));
        assertFalse(rules.excludes("docs/deep/notes.txt", false));
        assertTrue(rules.excludes("docs/deep/image.png", false));
        // A file named like a directory is not one.
        assertTrue(rules.excludes("docs/plain", false));
    }

    @Test
    void excludeBeforeIncludeOfTheSameNameWins() {
        FilterScope rules = FilterRules.parse(List.of("- secret.txt", "+ *.txt", "- *")).scope(FilterRules.Side.SENDER);
        assertTrue(rules.excludes("a/secret.txt", false));
        assertFalse(rules.excludes("a/public.txt", false));
    }

    @Test
    void unmatchedEntryIsIncluded() {
        FilterScope rules = FilterRules.parse(List.of("- *.o", "+ *.c")).scope(FilterRules.Side.SENDER);
        assertFalse(rules.excludes("README", false));
    }

    @Test
    void rulesAreKeptVerbatimAndInOrder() {
        List<String> given = new ArrayList<>(List.of("+ */", "- *.tmp ", "+ /a b"));
        FilterRules rules = FilterRules.parse(given);
        given.clear();
        assertEquals(List.of("+ */", "- *.tmp ", "+ /a b"), rules.rules());
        assertThrows(UnsupportedOperationException.class, () -> rules.rules().add("- x"));
    }
}
