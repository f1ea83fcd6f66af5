package dev.rdcp.filter;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** '*', '**', '***', '?', character classes and backslash escapes. */
class WildcardTest {

    private static FilterRules exclude(String pattern) {
        return FilterRules.parse(List.of("- " + pattern));
    }

    @Test
    void singleStarStopsAtSlash() {
        FilterRules rules = exclude("/src/*.java");
        assertTrue(rules.isExcluded("src/A.java", false));
        assertTrue(rules.isExcluded("src/.java", false));
        assertFalse(rules.isExcluded("src/sub/A.java", false));
    }

    @Test
    void doubleStarCrossesSlash() {
        FilterRules rules = exclude("/src/**.java");
        assertTrue(rules.isExcluded("src/A.java", false));
        assertTrue(rules.isExcluded("src/sub/deep/A.java", false));
        assertFalse(rules.isExcluded("test/A.java", false));
    }

    @Test
    void trailingDoubleStarMatchesBelowAnyDirectoryOfThatName() {
        FilterRules rules = exclude("foo/**");
        assertTrue(rules.isExcluded("foo/a", false));
        assertTrue(rules.isExcluded("x/foo/a/b", false));
        assertFalse(rules.isExcluded("foo", true));
        assertFalse(rules.isExcluded("xfoo/a", false));
    }

    @Test
    void leadingDoubleStarSlashNeedsAParentDirectory() {
        FilterRules rules = exclude("**/foo");
        assertTrue(rules.isExcluded("a/foo", false));
        assertTrue(rules.isExcluded("a/b/foo", false));
        assertFalse(rules.isExcluded("foo", false));
        assertFalse(rules.isExcluded("a/xfoo", false));
    }

    @Test
    void tripleStarMatchesTheDirectoryAndEverythingInside() {
        FilterRules rules = exclude("/build/***");
        assertTrue(rules.isExcluded("build", true));
        assertTrue(rules.isExcluded("build/a", false));
        assertTrue(rules.isExcluded("build/a/b/c", false));
        assertFalse(rules.isExcluded("builder", true));
        assertFalse(rules.isExcluded("src/build", true));
    }

    @Test
    void unanchoredTripleStarAppliesAtAnyDepth() {
        FilterRules rules = exclude("node_modules/***");
        assertTrue(rules.isExcluded("web/node_modules", true));
        assertTrue(rules.isExcluded("web/node_modules/x/y.js", false));
        assertFalse(rules.isExcluded("web/my_node_modules", true));
    }

    @Test
    void tripleStarPatternReadsBackslashAsAnEscapeAcrossTheWholePattern() {
        FilterRules rules = exclude("/a\\b/***");
        assertTrue(rules.isExcluded("ab", true));
        assertTrue(rules.isExcluded("ab/c", false));
        assertFalse(rules.isExcluded("a\\b", true));
    }

    @Test
    void questionMarkIsOneCharacterButNotSlash() {
        FilterRules rules = exclude("/a?c");
        assertTrue(rules.isExcluded("abc", false));
        assertFalse(rules.isExcluded("ac", false));
        assertFalse(rules.isExcluded("abbc", false));
        assertFalse(rules.isExcluded("a/c", false));
    }

    @Test
    void questionMarkMatchesOneWholeNonAsciiCharacter() {
        FilterRules rules = exclude("/caf?");
        assertTrue(rules.isExcluded("café", false));
        assertTrue(rules.isExcluded("caf\uD83D\uDE00", false));
    }

    @Test
    void classWithRange() {
        FilterRules rules = exclude("/log[0-9].txt");
        assertTrue(rules.isExcluded("log7.txt", false));
        assertFalse(rules.isExcluded("logx.txt", false));
        assertFalse(rules.isExcluded("log10.txt", false));
    }

    @Test
    void negatedClassWithBangOrCaret() {
        for (String pattern : List.of("/[!a-c]x", "/[^a-c]x")) {
            FilterRules rules = exclude(pattern);
            assertTrue(rules.isExcluded("dx", false), pattern);
            assertFalse(rules.isExcluded("bx", false), pattern);
        }
    }

    @Test
    void classesNeverMatchSlash() {
        assertFalse(exclude("/a[/]b").isExcluded("a/b", false));
        assertFalse(exclude("/a[!x]b").isExcluded("a/b", false));
    }

    @Test
    void leadingCloseBracketAndDashAreMembers() {
        FilterRules rules = exclude("/[]-]");
        assertTrue(rules.isExcluded("]", false));
        assertTrue(rules.isExcluded("-", false));
        assertFalse(rules.isExcluded("a", false));
    }

    @Test
    void posixClassName() {
        FilterRules rules = exclude("/v[[:digit:]]");
        assertTrue(rules.isExcluded("v3", false));
        assertFalse(rules.isExcluded("vx", false));
    }

    @Test
    void regexMetacharactersInNamesAreLiteral() {
        FilterRules rules = exclude("a.b(c)+$^{1}|*");
        assertTrue(rules.isExcluded("dir/a.b(c)+$^{1}|tail", false));
        assertFalse(rules.isExcluded("dir/aXb(c)+$^{1}|tail", false));
    }

    @Test
    void backslashEscapesAWildcardInAWildcardPattern() {
        FilterRules rules = exclude("/star\\*[0-9]");
        assertTrue(rules.isExcluded("star*1", false));
        assertFalse(rules.isExcluded("starX1", false));
    }

    @Test
    void escapedCharacterInsideAClass() {
        FilterRules rules = exclude("/[\\]x]");
        assertTrue(rules.isExcluded("]", false));
        assertTrue(rules.isExcluded("x", false));
        assertFalse(rules.isExcluded("\\", false));
    }

    @Test
    void backslashIsLiteralInAPatternWithoutWildcards() {
        FilterRules rules = exclude("/foo\\bar");
        assertTrue(rules.isExcluded("foo\\bar", false));
        assertFalse(rules.isExcluded("foobar", false));
    }

    @Test
    void namesWithSpacesUnicodeAndNewlines() {
        assertTrue(exclude("my file.txt").isExcluded("docs/my file.txt", false));
        assertFalse(exclude("my file.txt").isExcluded("docs/myfile.txt", false));
        assertTrue(exclude(" lead").isExcluded("d/ lead", false));
        assertFalse(exclude(" lead").isExcluded("d/lead", false));
        assertTrue(exclude("Überschrift *.md").isExcluded("notes/Überschrift 2.md", false));
        assertTrue(exclude("日本/*").isExcluded("x/日本/ファイル", false));
        assertTrue(exclude("line\nbreak").isExcluded("a/line\nbreak", false));
        assertTrue(exclude("*break").isExcluded("a/line\nbreak", false));
        assertFalse(exclude("line").isExcluded("a/line\nbreak", false));
    }
}
