package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * --files-from=-, --exclude-from=- and --include-from=- read the client's standard input, as in
 * {@code find ... | rsync --files-from=- ...}; rsync and rdcp are given the same input, and their
 * trees, exit codes and listed names (--out-format=%n) compared.
 */
class StandardInputListsTest extends SideBySideTest {

    /** src: a, b, d/c, d/e.txt, sub/f.txt. */
    @BeforeEach
    void tree() throws Exception {
        SideBySide.write(sides.source, "a", 10);
        SideBySide.write(sides.source, "b", 20);
        SideBySide.write(sides.source, "d/c", 30);
        SideBySide.write(sides.source, "d/e.txt", 40);
        SideBySide.write(sides.source, "sub/f.txt", 50);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** Both pushed into DEST/ from src/; their --out-format=%n lines must be the same names. */
    private SideBySide.Outputs push(String input, String destination, String... options) throws Exception {
        return sides.pushListing(0, bytes(input), destination, options);
    }

    /** As from {@code find src -name '*.txt' -printf '%P\n'}. */
    @Test
    void aListOnStandardInputIsTheFilesFromList() throws Exception {
        SideBySide.Outputs outputs = push("d/e.txt\nsub//f.txt\n", "ff", "--files-from=-");
        assertTrue(outputs.rsync().contains("d/e.txt"), outputs.rsync());
        assertTrue(Files.isRegularFile(sides.served.resolve("rdcp/ff/sub/f.txt")));
        assertFalse(Files.exists(sides.served.resolve("rdcp/ff/a")));
    }

    /** rsync 3.5 ends a line at a lone '\r' too, and with -0 at NUL only. */
    @Test
    void linesEndAsRsyncEndsThem() throws Exception {
        push("a\rd/c\r\nb\n", "cr", "--files-from=-");
        assertTrue(Files.isRegularFile(sides.served.resolve("rdcp/cr/d/c")));
        push("d/e.txt\0a\0", "nul", "-0", "--files-from=-");
        assertTrue(Files.isRegularFile(sides.served.resolve("rdcp/nul/d/e.txt")));
    }

    @Test
    void pulledNamesComeFromStandardInputToo() throws Exception {
        sides.pull(bytes("d/c\nsub/f.txt\n"), List.of("-a", "--files-from=-"), "", "pulled/");
        assertTrue(Files.isRegularFile(tmp.resolve("rdcp-pulled/d/c")));
    }

    @Test
    void ruleFilesComeFromStandardInput() throws Exception {
        push("*.txt\n", "ex", "--exclude-from=-");
        assertFalse(Files.exists(sides.served.resolve("rdcp/ex/d/e.txt")));
        push("*/\n*.txt\n", "in", "--include-from=-", "--exclude=*");
        assertTrue(Files.isRegularFile(sides.served.resolve("rdcp/in/sub/f.txt")));
        assertFalse(Files.exists(sides.served.resolve("rdcp/in/a")));
    }

    /** "merge -" reads its rules from standard input too, in the full syntax. */
    @Test
    void aMergeRuleReadsStandardInput() throws Exception {
        push("H a\nexclude *.txt\n", "merged", "-f", "merge -");
        assertFalse(Files.exists(sides.served.resolve("rdcp/merged/a")));
        assertFalse(Files.exists(sides.served.resolve("rdcp/merged/d/e.txt")));
        assertTrue(Files.isRegularFile(sides.served.resolve("rdcp/merged/b")));
    }

    /**
     * As rsync reads a rule file where its option stands, -0 applies to those after it: before,
     * "a\0b\0" is two rules; after, one line, read up to its NUL ("a").
     */
    @Test
    void from0AppliesToTheRuleFilesAfterIt() throws Exception {
        push("a\0b\0", "before", "-0", "--exclude-from=-");
        assertFalse(Files.exists(sides.served.resolve("rdcp/before/b")));
        push("a\0b\0", "after", "--exclude-from=-", "-0");
        assertFalse(Files.exists(sides.served.resolve("rdcp/after/a")));
        assertTrue(Files.isRegularFile(sides.served.resolve("rdcp/after/b")));
    }

    /** The second rule file on standard input finds it at its end: it holds no rules, as in rsync. */
    @Test
    void aSecondRuleFileOnStandardInputIsEmpty() throws Exception {
        push("a\n", "two", "--include-from=-", "--exclude-from=-", "--exclude=*");
        assertTrue(Files.isRegularFile(sides.served.resolve("rdcp/two/a")));
        assertFalse(Files.exists(sides.served.resolve("rdcp/two/b")));
    }

    /**
     * A rule file and the --files-from list cannot both read it: rsync's read of the list fails
     * (exit 11, "safe_read poll failed: Bad file descriptor"), rdcp's says which option read it.
     */
    @Test
    void aRuleFileAndTheFilesFromListCannotBothReadIt() throws Exception {
        SideBySide.Outputs outputs = sides.push(11, bytes("a\n"), List.of("-a", "--files-from=-", "--exclude-from=-"),
                "both/", "src/");
        assertTrue(outputs.rsync().contains("Bad file descriptor"), outputs.rsync());
        assertEquals(List.of("rdcp: --files-from=-: standard input was already read by --exclude-from=-: only one"
                + " option may read it"), outputs.rdcp().err().lines().toList());
        assertFalse(Files.exists(sides.served.resolve("rdcp/both")));
    }
}
