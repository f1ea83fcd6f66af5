package dev.rdcp.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExcludeFromTest {

    private static final String NAME = "excludes";

    private static byte[] file(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static List<String> excludes(byte[] content) {
        return read(content, false, false);
    }

    /** The rules {@code content} gives as an exclude file, or with {@code include} an include file. */
    private static List<String> read(byte[] content, boolean include, boolean from0) {
        CommandLineRules rules = new CommandLineRules(new TestSources());
        try {
            if (include) {
                rules.includeFrom(content, NAME, from0);
            } else {
                rules.excludeFrom(content, NAME, from0);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rules.rules();
    }

    @Test
    void commentsAndBlankLinesAreSkippedAndPlainLinesBecomeExcludes() {
        byte[] excludes = file("# build output\n\n*.o\n; old style comment\n+ keep.o\n- /tmp/\n");
        assertEquals(List.of("- *.o", "+ keep.o", "- /tmp/"), excludes(excludes));
    }

    @Test
    void crlfLineEndingsAreStripped() {
        byte[] excludes = file("*.log\r\n\r\n+ important.log\r\n- *.tmp\r\n");
        List<String> rules = excludes(excludes);
        assertEquals(List.of("- *.log", "+ important.log", "- *.tmp"), rules);
        assertTrue(FilterRules.parse(rules).scope(FilterRules.Side.SENDER).excludes("a/x.log", false));
    }

    @Test
    void lastLineWithoutNewlineCounts() {
        assertEquals(List.of("- a", "- b"), excludes(file("a\nb")));
    }

    @Test
    void linesThatOnlyLookLikeRulesAreExcludedNames() {
        // No space after the sign, or a comment character later in the line: plain names.
        byte[] excludes = file("-dash\n+plus\nname # not a comment\n");
        assertEquals(List.of("- -dash", "- +plus", "- name # not a comment"),
                excludes(excludes));
    }

    @Test
    void rulesFromTheFileApplyInFileOrder() {
        FilterScope rules = FilterRules.parse(excludes(file("+ */\n+ *.txt\n*\n"))).scope(FilterRules.Side.SENDER);
        assertFalse(rules.excludes("a/b.txt", false));
        assertTrue(rules.excludes("a/b.bin", false));
    }

    @Test
    void emptyFileGivesNoRules() {
        assertEquals(List.of(), excludes(file("")));
    }

    @Test
    void malformedLineIsReportedWithFileAndLineNumber() {
        byte[] excludes = file("ok\n# fine\n- a[b\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> excludes(excludes));
        assertTrue(e.getMessage().startsWith(NAME + ":3: "), e.getMessage());
        assertTrue(e.getMessage().contains("unclosed '['"), e.getMessage());
    }

    /** As rsync 3.5 reads a rule file: a lone '\r' ends a line too, and a line stops at a NUL. */
    @Test
    void aLoneCarriageReturnEndsALineAndANulEndsTheRule() {
        assertEquals(List.of("- a", "- b", "- c"), excludes(file("a\rb\r\nc\0d\n")));
    }

    @Test
    void from0SplitsAtNulAlone() {
        assertEquals(List.of("- a\nb", "- c\r"), read(file("a\nb\0c\r\0\0"), false, true));
    }

    @Test
    void nonUtf8FileIsRefusedNamingTheFile() {
        byte[] excludes = {'a', (byte) 0xE9, '\n'};
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> excludes(excludes));
        assertTrue(e.getMessage().contains("not UTF-8"), e.getMessage());
    }

    @Test
    void anIncludeFileMakesPlainLinesIncludes() {
        byte[] includes = file("# wanted\n*.txt\n- *.tmp\n*/\n");
        assertEquals(List.of("+ *.txt", "- *.tmp", "+ */"), read(includes, true, false));
    }
}
