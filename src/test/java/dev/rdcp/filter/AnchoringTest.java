package dev.rdcp.filter;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Where a pattern may match in the path, and the directory-only trailing '/'. */
class AnchoringTest {

    private static FilterScope exclude(String pattern) {
        return FilterRules.parse(List.of("- " + pattern)).scope(FilterRules.Side.SENDER);
    }

    @Test
    void leadingSlashMatchesOnlyFromTheTransferRoot() {
        FilterScope rules = exclude("/build");
        assertTrue(rules.excludes("build", true));
        assertFalse(rules.excludes("src/build", true));
        assertFalse(rules.excludes("build2", true));
    }

    @Test
    void anchoredPatternWithSlashesMustMatchTheWholePath() {
        FilterScope rules = exclude("/src/gen");
        assertTrue(rules.excludes("src/gen", false));
        assertFalse(rules.excludes("x/src/gen", false));
        assertFalse(rules.excludes("src/gen/a", false));
    }

    @Test
    void plainNameMatchesTheFinalComponentAtAnyDepth() {
        FilterScope rules = exclude("core");
        assertTrue(rules.excludes("core", false));
        assertTrue(rules.excludes("a/b/core", false));
        assertFalse(rules.excludes("a/core/b", false));
        assertFalse(rules.excludes("a/xcore", false));
        assertFalse(rules.excludes("a/core.txt", false));
    }

    @Test
    void patternWithSlashMatchesTrailingComponentsAtABoundary() {
        FilterScope rules = exclude("a/b");
        assertTrue(rules.excludes("a/b", false));
        assertTrue(rules.excludes("x/a/b", false));
        assertTrue(rules.excludes("x/y/a/b", false));
        assertFalse(rules.excludes("xa/b", false));
        assertFalse(rules.excludes("a/b/c", false));
        assertFalse(rules.excludes("a/bc", false));
    }

    @Test
    void trailingSlashMatchesDirectoriesOnly() {
        FilterScope rules = exclude("cache/");
        assertTrue(rules.excludes("cache", true));
        assertTrue(rules.excludes("home/cache", true));
        assertFalse(rules.excludes("cache", false));
        assertFalse(rules.excludes("home/cache", false));
    }

    @Test
    void anchoredDirectoryOnlyRule() {
        FilterScope rules = exclude("/tmp/");
        assertTrue(rules.excludes("tmp", true));
        assertFalse(rules.excludes("tmp", false));
        assertFalse(rules.excludes("var/tmp", true));
    }

    @Test
    void transferRootIsNeverExcluded() {
        FilterScope rules = exclude("**");
        assertTrue(rules.excludes("anything", true));
        assertFalse(rules.excludes(".", true));
    }

    @Test
    void noRulesExcludeNothing() {
        assertTrue(FilterRules.NONE.isEmpty());
        assertTrue(FilterRules.NONE.rules().isEmpty());
        assertFalse(FilterRules.NONE.scope(FilterRules.Side.SENDER).excludes("a/b", false));
        assertFalse(FilterRules.parse(List.of()).scope(FilterRules.Side.SENDER).excludes("a", true));
        assertFalse(exclude("x").isEmpty());
    }
}
