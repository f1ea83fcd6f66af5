package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
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
            Run run = both("--bogus", option + "=nosuch");
            assertEquals(1, run.rsync().exitCode(), run.rsync().output());
            assertEquals(1, run.rdcp().exitCode(), run.rdcp()::toString);
            assertTrue(run.rsync().output().startsWith("rsync: --bogus: unknown option"), run.rsync().output());
            assertTrue(run.rdcp().err().startsWith("rdcp: Unknown option: '--bogus'"), run.rdcp().err());
        }
    }

    /** rsync reads a pattern file where it parses it, so an unknown option after it comes too late; a files-from list is read once all are parsed. */
    @Test
    void anUnknownOptionAfterAMissingFileIsAsRsyncs() throws Exception {
        for (String option : OPTIONS) {
            Run run = both(option + "=nosuch", "--bogus");
            assertEquals(option.equals("--files-from") ? 1 : 11, run.rsync().exitCode(), run.rsync().output());
            assertEquals(run.rsync().exitCode(), run.rdcp().exitCode(), option + ": " + run.rdcp());
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
            Run run = both(option + "=rules");
            String kind = option.equals("--files-from") ? "files-from" : option.substring(2, option.indexOf("-from"));
            assertEquals(option.equals("--files-from") ? 12 : 0, run.rsync().exitCode(), run.rsync().output());
            assertEquals(option.equals("--files-from") ? 1 : 11, run.rdcp().exitCode(), run.rdcp()::toString);
            assertEquals("rdcp: failed to open " + kind + " file " + tmp.resolve("rules") + ": Is a directory",
                    run.rdcp().err().strip());
        }
    }

    private record Run(RsyncComparison.Run rsync, Cli.Result rdcp) {
    }

    /** rsync and rdcp, each copying src/ with {@code options}; a file an option names is in the scratch directory. */
    private Run both(String... options) throws Exception {
        List<String> rsyncArgs = new ArrayList<>(List.of("-a"));
        rsyncArgs.addAll(List.of(options));
        rsyncArgs.addAll(List.of("src/", "served/rsync/"));
        List<String> rdcpArgs = new ArrayList<>(List.of("-a"));
        for (String option : options) {
            rdcpArgs.add(option.replace("=", "=" + tmp + "/"));
        }
        rdcpArgs.addAll(List.of(sides.source + "/", "127.0.0.1::rdcp/"));
        return new Run(RsyncComparison.run(tmp, rsyncArgs.toArray(String[]::new)),
                sides.rdcp(rdcpArgs.toArray(String[]::new)));
    }
}
