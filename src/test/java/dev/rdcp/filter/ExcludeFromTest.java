package dev.rdcp.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExcludeFromTest {

    @TempDir
    Path dir;

    private Path file(String text) throws IOException {
        return Files.writeString(dir.resolve("excludes"), text, StandardCharsets.UTF_8);
    }

    @Test
    void commentsAndBlankLinesAreSkippedAndPlainLinesBecomeExcludes() throws IOException {
        Path excludes = file("# build output\n\n*.o\n; old style comment\n+ keep.o\n- /tmp/\n");
        assertEquals(List.of("- *.o", "+ keep.o", "- /tmp/"), FilterRules.readExcludeFrom(excludes));
    }

    @Test
    void crlfLineEndingsAreStripped() throws IOException {
        Path excludes = file("*.log\r\n\r\n+ important.log\r\n- *.tmp\r\n");
        List<String> rules = FilterRules.readExcludeFrom(excludes);
        assertEquals(List.of("- *.log", "+ important.log", "- *.tmp"), rules);
        assertTrue(FilterRules.parse(rules).isExcluded("a/x.log", false));
    }

    @Test
    void lastLineWithoutNewlineCounts() throws IOException {
        assertEquals(List.of("- a", "- b"), FilterRules.readExcludeFrom(file("a\nb")));
    }

    @Test
    void linesThatOnlyLookLikeRulesAreExcludedNames() throws IOException {
        // No space after the sign, or a comment character later in the line: plain names.
        Path excludes = file("-dash\n+plus\nname # not a comment\n");
        assertEquals(List.of("- -dash", "- +plus", "- name # not a comment"),
                FilterRules.readExcludeFrom(excludes));
    }

    @Test
    void rulesFromTheFileApplyInFileOrder() throws IOException {
        FilterRules rules = FilterRules.parse(FilterRules.readExcludeFrom(file("+ */\n+ *.txt\n*\n")));
        assertFalse(rules.isExcluded("a/b.txt", false));
        assertTrue(rules.isExcluded("a/b.bin", false));
    }

    @Test
    void emptyFileGivesNoRules() throws IOException {
        assertEquals(List.of(), FilterRules.readExcludeFrom(file("")));
    }

    @Test
    void malformedLineIsReportedWithFileAndLineNumber() throws IOException {
        Path excludes = file("ok\n# fine\n- a[b\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FilterRules.readExcludeFrom(excludes));
        assertTrue(e.getMessage().startsWith(excludes + ":3: "), e.getMessage());
        assertTrue(e.getMessage().contains("unclosed '['"), e.getMessage());
    }

    @Test
    void dashIsAFileNamedDashNotStandardInput() throws IOException {
        Path dash = Files.writeString(dir.resolve("-"), "x\n");
        assertEquals(List.of("- x"), FilterRules.readExcludeFrom(dash));
    }

    @Test
    void missingFileIsAnIoError() {
        assertThrows(NoSuchFileException.class, () -> FilterRules.readExcludeFrom(dir.resolve("absent")));
    }

    @Test
    void nonUtf8FileIsRefusedNamingTheFile() throws IOException {
        Path excludes = Files.write(dir.resolve("latin1"), new byte[] {'a', (byte) 0xE9, '\n'});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FilterRules.readExcludeFrom(excludes));
        assertTrue(e.getMessage().contains("not UTF-8"), e.getMessage());
    }

    @Test
    void anIncludeFileMakesPlainLinesIncludes() throws IOException {
        Path includes = file("# wanted\n*.txt\n- *.tmp\n*/\n");
        assertEquals(List.of("+ *.txt", "- *.tmp", "+ */"), FilterRules.readIncludeFrom(includes));
    }
}
