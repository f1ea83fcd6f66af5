package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --stderr and --outbuf: where and how the client's messages are written, compared with rsync. */
class OutputStreamOptionsTest {

    @TempDir
    Path tmp;

    @BeforeEach
    void source() throws Exception {
        RsyncComparison.requireRsync();
        Files.writeString(tmp.resolve("a"), "data\n");
    }

    /** Whether stdout, then stderr, had anything. */
    private static List<Boolean> written(String out, String err) {
        return List.of(!out.isEmpty(), !err.isEmpty());
    }

    /**
     * -v's lines go to stdout unless --stderr=all (or a prefix of it), as rsync's: the same
     * streams have something for each mode, and with "all" rdcp's stderr holds its lines.
     */
    @Test
    void allPutsTheMessagesOnStderrAsRsync() throws Exception {
        for (String mode : List.of("errors", "e", "all", "a", "al", "client", "cl")) {
            RsyncComparison.Streams rsync = RsyncComparison.runApart(tmp, "-v", "--stderr=" + mode, "a",
                    "rsync-" + mode + "/");
            Cli.Result rdcp = Cli.rdcp("-v", "--stderr=" + mode, tmp.resolve("a").toString(),
                    tmp.resolve("rdcp-" + mode) + "/");
            assertEquals(0, rsync.exitCode());
            assertEquals(0, rdcp.exitCode(), rdcp::toString);
            assertEquals(written(new String(rsync.out(), StandardCharsets.UTF_8),
                    new String(rsync.err(), StandardCharsets.UTF_8)), written(rdcp.out(), rdcp.err()), mode);
        }
        Cli.Result all = Cli.rdcp("-v", "--stats", "--stderr=all", tmp.resolve("a").toString(),
                tmp.resolve("rdcp-stats") + "/");
        assertTrue(all.err().lines().anyMatch("a"::equals), all::toString);
        assertTrue(all.err().contains("Number of files: "), all::toString);
        assertEquals("", all.out());
    }

    @Test
    void jsonsSummaryStaysOnStdout() {
        Cli.Result result = Cli.rdcp("--json", "--stderr=all", tmp.resolve("a").toString(),
                tmp.resolve("copy").toString());
        assertEquals(0, result.exitCode(), result::toString);
        assertTrue(result.out().startsWith("{"), result::toString);
    }

    @Test
    void anUnknownModeIsRefusedAsRsyncRefusesIt() throws Exception {
        for (String mode : List.of("x", "", "E", "errorsx", "allx")) {
            assertRefusedAlike("--stderr=" + mode);
        }
    }

    @Test
    void outbufIsCheckedAsRsyncChecksIt() throws Exception {
        for (String mode : List.of("N", "L", "B", "l", "none", "Unbuffered", "full", "F", "b")) {
            assertEquals(0, RsyncComparison.run(tmp, "--outbuf=" + mode, "a", "rsync-copy").exitCode(), mode);
            Cli.Result rdcp = Cli.rdcp("--outbuf=" + mode, tmp.resolve("a").toString(), tmp.resolve("copy").toString());
            assertEquals(0, rdcp.exitCode(), rdcp::toString);
        }
        for (String mode : List.of("x", "", "2")) {
            assertRefusedAlike("--outbuf=" + mode);
        }
        Cli.Result verbose = Cli.rdcp("-v", "--outbuf=L", tmp.resolve("a").toString(), tmp.resolve("copy").toString());
        assertTrue(verbose.out().lines().anyMatch(l -> l.startsWith("rdcp: --outbuf: checked as rsync checks it")),
                verbose::toString);
    }

    /** rsync and rdcp both refuse {@code option} with exit code 1 and the same message. */
    private void assertRefusedAlike(String option) throws Exception {
        RsyncComparison.Run rsync = RsyncComparison.run(tmp, option, "a", "rsync-copy");
        Cli.Result rdcp = Cli.rdcp(option, tmp.resolve("a").toString(), tmp.resolve("copy").toString());
        assertEquals(1, rsync.exitCode(), rsync::output);
        assertEquals(1, rdcp.exitCode(), rdcp::toString);
        assertEquals(rsync.output().lines().findFirst().orElseThrow().replaceFirst("^rsync: ", "rdcp: "),
                rdcp.err().lines().findFirst().orElseThrow(), option);
    }
}
