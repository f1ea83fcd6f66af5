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

/**
 * Options of rsync's that only its client reads, compared with rsync: --stderr (where messages
 * go), --outbuf (how stdout is buffered) and --max-alloc (a memory limit), the last two checked
 * as rsync checks them and then of no effect.
 */
class ClientOnlyOptionsTest {

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

    /** rsync's older spellings, the last one counting. */
    @Test
    void msgs2stderrIsStderrAll() throws Exception {
        List<List<String>> all = List.of(List.of("--msgs2stderr"), List.of("--stderr=all", "--no-msgs2stderr"),
                List.of("--msgs2stderr", "--stderr=errors"));
        for (List<String> options : all) {
            String name = String.join("", options).replaceAll("[^a-z]", "");
            List<String> rsyncArgs = new java.util.ArrayList<>(List.of("-v"));
            rsyncArgs.addAll(options);
            rsyncArgs.addAll(List.of("a", "rsync-" + name + "/"));
            RsyncComparison.Streams rsync = RsyncComparison.runApart(tmp, rsyncArgs.toArray(String[]::new));
            List<String> rdcpArgs = new java.util.ArrayList<>(List.of("-v"));
            rdcpArgs.addAll(options);
            rdcpArgs.addAll(List.of(tmp.resolve("a").toString(), tmp.resolve("rdcp-" + name) + "/"));
            Cli.Result rdcp = Cli.rdcp(rdcpArgs.toArray(String[]::new));
            assertEquals(0, rdcp.exitCode(), rdcp::toString);
            assertEquals(written(new String(rsync.out(), StandardCharsets.UTF_8),
                    new String(rsync.err(), StandardCharsets.UTF_8)), written(rdcp.out(), rdcp.err()), options.toString());
        }
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
            assertTakenAlike("--outbuf=" + mode);
        }
        for (String mode : List.of("x", "", "2")) {
            assertRefusedAlike("--outbuf=" + mode);
        }
        assertVerboseNote("--outbuf=L", "rdcp: --outbuf: checked as rsync checks it");
    }

    @Test
    void maxAllocIsCheckedAsRsyncChecksIt() throws Exception {
        for (String size : List.of("0", "", "1M", "1048576", "1.5M", "4G", "100P", "1M+1")) {
            assertTakenAlike("--max-alloc=" + size);
        }
        for (String size : List.of("1", "1048575", "512K", "1M-1", "8EiB", "1x", "abc", "-1", "9223372036854775807")) {
            assertRefusedAlike("--max-alloc=" + size);
        }
        assertVerboseNote("--max-alloc=4G", "rdcp: --max-alloc: checked as rsync checks it, then ignored");
    }

    /** rsync and rdcp both copy with {@code option}. */
    private void assertTakenAlike(String option) throws Exception {
        assertEquals(0, RsyncComparison.run(tmp, option, "a", "rsync-copy").exitCode(), option);
        Cli.Result rdcp = Cli.rdcp(option, tmp.resolve("a").toString(), tmp.resolve("copy").toString());
        assertEquals(0, rdcp.exitCode(), rdcp::toString);
    }

    /** -v says why {@code option} changes nothing. */
    private void assertVerboseNote(String option, String note) {
        Cli.Result verbose = Cli.rdcp("-v", option, tmp.resolve("a").toString(), tmp.resolve("copy").toString());
        assertTrue(verbose.err().lines().anyMatch(l -> l.startsWith(note)), verbose::toString);
        assertTrue(verbose.out().lines().noneMatch(l -> l.startsWith(note)), verbose::toString);
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
