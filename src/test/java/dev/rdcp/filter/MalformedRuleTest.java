package dev.rdcp.filter;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A rule parse cannot make sense of fails at once with a one-line reason. */
class MalformedRuleTest {

    private static String rejection(String rule) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FilterRules.parse(List.of("+ ok", rule)));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        return e.getMessage();
    }

    @Test
    void unknownRuleSign() {
        String message = rejection("x pattern");
        assertTrue(message.contains("'x pattern'"), message);
        assertTrue(message.contains("\"+ PATTERN\" or \"- PATTERN\""), message);
    }

    @Test
    void signWithoutPattern() {
        assertTrue(rejection("-").contains("'-'"));
        assertTrue(rejection("+").contains("'+'"));
    }

    @Test
    void signWithoutSeparatingSpace() {
        assertTrue(rejection("-*.o").contains("\"- PATTERN\""));
    }

    @Test
    void emptyPattern() {
        assertTrue(rejection("- ").contains("empty pattern"));
        assertTrue(rejection("").contains("\"+ PATTERN\""));
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
    }
}
