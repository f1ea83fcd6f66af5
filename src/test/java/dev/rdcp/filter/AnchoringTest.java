package dev.rdcp.filter;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Where a pattern may match in the path, and the directory-only trailing '/'. */
class AnchoringTest {

    private static FilterRules exclude(String pattern) {
        return FilterRules.parse(List.of("- " + pattern));
    }

    @Test
    void leadingSlashMatchesOnlyFromTheTransferRoot() {
        FilterRules rules = exclude("/build");
        assertTrue(rules.isExcluded("build", true));
        assertFalse(rules.isExcluded("src/build", true));
        assertFalse(rules.isExcluded("build2", true));
    }

    @Test
    void anchoredPatternWithSlashesMustMatchTheWholePath() {
        FilterRules rules = exclude("/src/gen");
        assertTrue(rules.isExcluded("src/gen", false));
        assertFalse(rules.isExcluded("x/src/gen", false));
        assertFalse(rules.isExcluded("src/gen/a", false));
    }

    @Test
    void plainNameMatchesTheFinalComponentAtAnyDepth() {
        FilterRules rules = exclude("core");
        assertTrue(rules.isExcluded("core", false));
        assertTrue(rules.isExcluded("a/b/core", false));
        assertFalse(rules.isExcluded("a/core/b", false));
        assertFalse(rules.isExcluded("a/xcore", false));
        assertFalse(rules.isExcluded("a/core.txt", false));
    }

    @Test
    void patternWithSlashMatchesTrailingComponentsAtABoundary() {
        FilterRules rules = exclude("a/b");
        assertTrue(rules.isExcluded("a/b", false));
        assertTrue(rules.isExcluded("x/a/b", false));
        assertTrue(rules.isExcluded("x/y/a/b", false));
        assertFalse(rules.isExcluded("xa/b", false));
        assertFalse(rules.isExcluded("a/b/c", false));
        assertFalse(rules.isExcluded("a/bc", false));
    }

    @Test
    void trailingSlashMatchesDirectoriesOnly() {
        FilterRules rules = exclude("cache/");
        assertTrue(rules.isExcluded("cache", true));
        assertTrue(rules.isExcluded("home/cache", true));
        assertFalse(rules.isExcluded("cache", false));
        assertFalse(rules.isExcluded("home/cache", false));
    }

    @Test
    void anchoredDirectoryOnlyRule() {
        FilterRules rules = exclude("/tmp/");
        assertTrue(rules.isExcluded("tmp", true));
        assertFalse(rules.isExcluded("tmp", false));
        assertFalse(rules.isExcluded("var/tmp", true));
    }

    @Test
    void transferRootIsNeverExcluded() {
        FilterRules rules = exclude("**");
        assertTrue(rules.isExcluded("anything", true));
        assertFalse(rules.isExcluded(".", true));
    }

    @Test
    void noRulesExcludeNothing() {
        assertTrue(FilterRules.NONE.isEmpty());
        assertTrue(FilterRules.NONE.rules().isEmpty());
        assertFalse(FilterRules.NONE.isExcluded("a/b", false));
        assertFalse(FilterRules.parse(List.of()).isExcluded("a", true));
        assertFalse(exclude("x").isEmpty());
    }
}
