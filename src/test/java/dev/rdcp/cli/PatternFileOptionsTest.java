package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** --exclude-from, --include-from and --files-from that cannot be read, beside rsync: which error wins, and exit codes. */
class PatternFileOptionsTest extends SideBySideTest {

    private static final List<String> OPTIONS = List.of("--exclude-from", "--include-from", "--files-from");

    @BeforeEach
    void tree() throws Exception {
        SideBySide.write(sides.source, "a", 10);
        Files.createDirectories(tmp.resolve("rules"));
    }

    /** rsync stops at an unknown option before it reads a file named after it. */
    @Test
    void anUnknownOptionBeforeAMissingFileIsTheUsageError() throws Exception {
        for (String option : OPTIONS) {
            SideBySide.Runs runs = sides.both("--bogus", option + "=" + tmp.resolve("nosuch"));
            assertEquals(1, runs.rsync().exitCode(), runs.rsync().output());
            assertEquals(1, runs.rdcp().exitCode(), runs.rdcp()::toString);
            assertTrue(runs.rsync().output().startsWith("rsync: --bogus: unknown option"), runs.rsync().output());
            assertTrue(runs.rdcp().err().startsWith("rdcp: Unknown option: '--bogus'"), runs.rdcp().err());
        }
    }

    /**
     * rsync reads a pattern file where it parses it, so an unknown option after it comes too
     * late (11); a files-from list is read once all are parsed (1).
     */
    @Test
    void anUnknownOptionAfterAMissingFileIsAsRsyncs() throws Exception {
        for (String option : OPTIONS) {
            SideBySide.Runs runs = sides.both(option + "=" + tmp.resolve("nosuch"), "--bogus");
            assertEquals(option.equals("--files-from") ? 1 : 11, runs.rsync().exitCode(), runs.rsync().output());
            assertEquals(runs.rsync().exitCode(), runs.rdcp().exitCode(), option + ": " + runs.rdcp());
        }
    }

    /**
     * rsync takes a directory as an empty pattern file (its read fails as at the end) and copies
     * with no rules (0): with --delete that deletes what the rules meant to protect. rdcp fails
     * with rsync's line for a file it cannot open (11). A directory as a files-from list fails in
     * rsync's protocol (12); rdcp says why, as for a missing list (1).
     */
    @Test
    void aDirectoryAsTheFileIsRefused() throws Exception {
        for (String option : OPTIONS) {
            SideBySide.Runs runs = sides.both(option + "=" + tmp.resolve("rules"));
            String kind = option.equals("--files-from") ? "files-from" : option.substring(2, option.indexOf("-from"));
            assertEquals(option.equals("--files-from") ? 12 : 0, runs.rsync().exitCode(), runs.rsync().output());
            assertEquals(option.equals("--files-from") ? 1 : 11, runs.rdcp().exitCode(), runs.rdcp()::toString);
            assertEquals("rdcp: failed to open " + kind + " file " + tmp.resolve("rules") + ": Is a directory",
                    runs.rdcp().err().strip());
        }
    }
}
