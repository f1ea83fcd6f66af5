package dev.rdcp.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A rule parse cannot make sense of fails at once with a one-line reason: rsync's message for
 * its syntax (as rsync 3.5 prints it for the same rule), rdcp's own for a pattern rsync would
 * take and never match.
 */
class MalformedRuleTest {

    private static String rejection(String rule) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FilterRules.parse(List.of("+ ok", rule)));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        return e.getMessage();
    }

    @Test
    void unknownRuleName() {
        assertEquals("Unknown filter rule: x pattern", rejection("x pattern"));
        assertEquals("Unknown filter rule: excludes a", rejection("excludes a"));
    }

    @Test
    void ruleWithoutPattern() {
        assertEquals("unexpected end of filter rule: -", rejection("-"));
        assertEquals("unexpected end of filter rule: - ", rejection("- "));
        assertEquals("unexpected end of filter rule: P", rejection("P"));
        assertEquals("unexpected end of filter rule: exclude", rejection("exclude"));
        assertEquals("unexpected end of filter rule: ", rejection(""));
    }

    @Test
    void aModifierTheRuleCannotHave() {
        assertEquals("invalid modifier 'f' at position 1 in filter rule: -foo", rejection("-foo"));
        assertEquals("invalid modifier 's' at position 5 in filter rule: hide,s foo", rejection("hide,s foo"));
        assertEquals("invalid modifier 's' at position 1 in filter rule: Hs a", rejection("Hs a"));
        assertEquals("invalid modifier 'e' at position 1 in filter rule: -e a", rejection("-e a"));
    }

    @Test
    void aClearRuleWithMore() {
        assertEquals("'!' rule has trailing characters: ! x", rejection("! x"));
    }

    /**
     * A peer's merge rule would make this side read a file it names; a dir-merge rule names a
     * file in each directory walked, or with "/DIR/" those above the top too, and nothing else.
     */
    @Test
    void aMergeRuleIsRefusedAndADirMergeRuleNamesNoPath() {
        assertTrue(rejection("merge /etc/passwd").contains("reads a file"));
        assertTrue(rejection(". rules").contains("reads a file"));
        assertTrue(rejection("-C").contains("CVS list"));
        for (String name : List.of("../x", "a/b", "/a/../b", "/a//b", "..", "/", "x/")) {
            assertTrue(rejection(": " + name).contains("must be a name, or /DIR/NAME"), name);
        }
        assertEquals(4, FilterRules.parse(List.of(": .f", ":C", "dir-merge /.rsync-filter", ": /srv/a/.f")).rules()
                .size());
    }

    @Test
    void patternThatNamesNoPath() {
        assertTrue(rejection("- /").contains("names no path"));
        assertTrue(rejection("+ //").contains("names no path"));
    }

    @Test
    void unclosedClass() {
        assertTrue(rejection("- a[bc").contains("unclosed '['"));
    }

    @Test
    void reversedRange() {
        assertTrue(rejection("- [z-a]").contains("reversed range z-a"));
    }

    @Test
    void unknownPosixClass() {
        assertTrue(rejection("- [[:vowel:]]").contains("[:vowel:]"));
    }

    @Test
    void loneTrailingBackslashInAWildcardPattern() {
        assertTrue(rejection("- *\\").contains("lone backslash"));
    }

    @Test
    void controlCharactersInTheRuleStayOnOneLine() {
        assertTrue(rejection("?\nx").contains("\\x0a"));
        assertTrue(rejection("-\u0001 x").contains("\\x01"));
    }
}
