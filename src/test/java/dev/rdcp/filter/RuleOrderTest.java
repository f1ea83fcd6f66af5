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
        FilterRules rules = FilterRules.parse(List.of("+ *.c", "- *"));
        assertFalse(rules.isExcluded("main.c", false));
        assertFalse(rules.isExcluded("src/util.c", false));
        assertTrue(rules.isExcluded("main.h", false));
        assertTrue(rules.isExcluded("src", true));
    }

    @Test
    void sameRulesInTheOtherOrderExcludeEverything() {
        FilterRules rules = FilterRules.parse(List.of("- *", "+ *.c"));
        assertTrue(rules.isExcluded("main.c", false));
    }

    @Test
    void allDirectoriesThenTextFilesThenNothingElse() {
        FilterRules rules = FilterRules.parse(List.of("+ */", "+ *.txt", "- *"));
        assertFalse(rules.isExcluded("docs", true));
        assertFalse(rules.isExcluded("docs/deep", true));
        assertFalse(rules.isExcluded("docs/deep/notes.txt", false));
        assertTrue(rules.isExcluded("docs/deep/image.png", false));
        // A file named like a directory is not one.
        assertTrue(rules.isExcluded("docs/plain", false));
    }

    @Test
    void excludeBeforeIncludeOfTheSameNameWins() {
        FilterRules rules = FilterRules.parse(List.of("- secret.txt", "+ *.txt", "- *"));
        assertTrue(rules.isExcluded("a/secret.txt", false));
        assertFalse(rules.isExcluded("a/public.txt", false));
    }

    @Test
    void unmatchedEntryIsIncluded() {
        FilterRules rules = FilterRules.parse(List.of("- *.o", "+ *.c"));
        assertFalse(rules.isExcluded("README", false));
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
