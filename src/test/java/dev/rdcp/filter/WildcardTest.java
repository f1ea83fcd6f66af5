package dev.rdcp.filter;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** '*', '**', '***', '?', character classes and backslash escapes. */
class WildcardTest {

    private static FilterScope exclude(String pattern) {
        return FilterRules.parse(List.of("- " + pattern)).scope(FilterRules.Side.SENDER);
    }

    @Test
    void singleStarStopsAtSlash() {
        FilterScope rules = exclude("/src/*.java");
        assertTrue(rules.excludes("src/A.java", false));
        assertTrue(rules.excludes("src/.java", false));
        assertFalse(rules.excludes("src/sub/A.java", false));
    }

    @Test
    void doubleStarCrossesSlash() {
        FilterScope rules = exclude("/src/**.java");
        assertTrue(rules.excludes("src/A.java", false));
        assertTrue(rules.excludes("src/sub/deep/A.java", false));
        assertFalse(rules.excludes("test/A.java", false));
    }

    @Test
    void trailingDoubleStarMatchesBelowAnyDirectoryOfThatName() {
        FilterScope rules = exclude("foo/**");
        assertTrue(rules.excludes("foo/a", false));
        assertTrue(rules.excludes("x/foo/a/b", false));
        assertFalse(rules.excludes("foo", true));
        assertFalse(rules.excludes("xfoo/a", false));
    }

    /** As rsync 3.5.0's matcher: a leading "**" and slash, unanchored, matches no directory too; anchored, one or more. */
    @Test
    void leadingDoubleStarSlashAlsoMatchesAtTheTopUnlessAnchored() {
        FilterScope rules = exclude("**/foo");
        assertTrue(rules.excludes("a/foo", false));
        assertTrue(rules.excludes("a/b/foo", false));
        assertTrue(rules.excludes("foo", false));
        assertFalse(rules.excludes("a/xfoo", false));
        FilterScope anchored = exclude("/**/foo");
        assertTrue(anchored.excludes("a/foo", false));
        assertFalse(anchored.excludes("foo", false));
        FilterScope inner = exclude("x/**/foo");
        assertTrue(inner.excludes("q/x/y/foo", false));
        assertFalse(inner.excludes("x/foo", false));
    }

    @Test
    void tripleStarMatchesTheDirectoryAndEverythingInside() {
        FilterScope rules = exclude("/build/***");
        assertTrue(rules.excludes("build", true));
        assertTrue(rules.excludes("build/a", false));
        assertTrue(rules.excludes("build/a/b/c", false));
        assertFalse(rules.excludes("builder", true));
        assertFalse(rules.excludes("src/build", true));
    }

    @Test
    void unanchoredTripleStarAppliesAtAnyDepth() {
        FilterScope rules = exclude("node_modules/***");
        assertTrue(rules.excludes("web/node_modules", true));
        assertTrue(rules.excludes("web/node_modules/x/y.js", false));
        assertFalse(rules.excludes("web/my_node_modules", true));
    }

    @Test
    void tripleStarPatternReadsBackslashAsAnEscapeAcrossTheWholePattern() {
        FilterScope rules = exclude("/a\\b/***");
        assertTrue(rules.excludes("ab", true));
        assertTrue(rules.excludes("ab/c", false));
        assertFalse(rules.excludes("a\\b", true));
    }

    @Test
    void questionMarkIsOneCharacterButNotSlash() {
        FilterScope rules = exclude("/a?c");
        assertTrue(rules.excludes("abc", false));
        assertFalse(rules.excludes("ac", false));
        assertFalse(rules.excludes("abbc", false));
        assertFalse(rules.excludes("a/c", false));
    }

    @Test
    void questionMarkMatchesOneWholeNonAsciiCharacter() {
        FilterScope rules = exclude("/caf?");
        assertTrue(rules.excludes("café", false));
        assertTrue(rules.excludes("caf\uD83D\uDE00", false));
    }

    @Test
    void classWithRange() {
        FilterScope rules = exclude("/log[0-9].txt");
        assertTrue(rules.excludes("log7.txt", false));
        assertFalse(rules.excludes("logx.txt", false));
        assertFalse(rules.excludes("log10.txt", false));
    }

    @Test
    void negatedClassWithBangOrCaret() {
        for (String pattern : List.of("/[!a-c]x", "/[^a-c]x")) {
            FilterScope rules = exclude(pattern);
            assertTrue(rules.excludes("dx", false), pattern);
            assertFalse(rules.excludes("bx", false), pattern);
        }
    }

    @Test
    void classesNeverMatchSlash() {
        assertFalse(exclude("/a[/]b").excludes("a/b", false));
        assertFalse(exclude("/a[!x]b").excludes("a/b", false));
    }

    @Test
    void leadingCloseBracketAndDashAreMembers() {
        FilterScope rules = exclude("/[]-]");
        assertTrue(rules.excludes("]", false));
        assertTrue(rules.excludes("-", false));
        assertFalse(rules.excludes("a", false));
    }

    @Test
    void posixClassName() {
        FilterScope rules = exclude("/v[[:digit:]]");
        assertTrue(rules.excludes("v3", false));
        assertFalse(rules.excludes("vx", false));
    }

    @Test
    void regexMetacharactersInNamesAreLiteral() {
        FilterScope rules = exclude("a.b(c)+$^{1}|*");
        assertTrue(rules.excludes("dir/a.b(c)+$^{1}|tail", false));
        assertFalse(rules.excludes("dir/aXb(c)+$^{1}|tail", false));
    }

    @Test
    void backslashEscapesAWildcardInAWildcardPattern() {
        FilterScope rules = exclude("/star\\*[0-9]");
        assertTrue(rules.excludes("star*1", false));
        assertFalse(rules.excludes("starX1", false));
    }

    @Test
    void escapedCharacterInsideAClass() {
        FilterScope rules = exclude("/[\\]x]");
        assertTrue(rules.excludes("]", false));
        assertTrue(rules.excludes("x", false));
        assertFalse(rules.excludes("\\", false));
    }

    @Test
    void backslashIsLiteralInAPatternWithoutWildcards() {
        FilterScope rules = exclude("/foo\\bar");
        assertTrue(rules.excludes("foo\\bar", false));
        assertFalse(rules.excludes("foobar", false));
    }

    @Test
    void namesWithSpacesUnicodeAndNewlines() {
        assertTrue(exclude("my file.txt").excludes("docs/my file.txt", false));
        assertFalse(exclude("my file.txt").excludes("docs/myfile.txt", false));
        assertTrue(exclude(" lead").excludes("d/ lead", false));
        assertFalse(exclude(" lead").excludes("d/lead", false));
        assertTrue(exclude("Überschrift *.md").excludes("notes/Überschrift 2.md", false));
        assertTrue(exclude("日本/*").excludes("x/日本/ファイル", false));
        assertTrue(exclude("line\nbreak").excludes("a/line\nbreak", false));
        assertTrue(exclude("*break").excludes("a/line\nbreak", false));
        assertFalse(exclude("line").excludes("a/line\nbreak", false));
    }
}
