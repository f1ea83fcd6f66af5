package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * --max-delete and --delete-before, run by rdcp (over TCP, to and from an in-process daemon) and by rsync on the
 * same trees, with extraneous files and directories on the receiver: the resulting trees and
 * exit codes compared.
 */
class DeleteOptionsTest extends SideBySideTest {

    private static final int DELETE_LIMIT = 25;


    @BeforeEach
    void start() throws IOException {
        SideBySide.write(sides.source, "keep.txt", 10);
        SideBySide.write(sides.source, "a/kept.txt", 20);
        extras("");
    }

    /** Files and directories the source does not have, in rsync's and rdcp's {@code destination}. */
    private void extras(String destination) throws IOException {
        for (String extra : List.of("a1", "b1", "z9", "m/q", "n/.hidden", "sub/h", "sub/x/g", "sub/x/y/f", "a/old")) {
            sides.bothSides(destination + extra, 3);
        }
        for (String side : List.of("rsync", "rdcp")) {
            Files.createDirectories(sides.served.resolve(side + "/" + destination + "empty"));
        }
    }

    @Test
    void withoutALimitEverythingExtraGoes() throws Exception {
        sides.push(0, List.of("-a", "--delete", "--max-delete=100"), "", "src/");
        assertFalse(Files.exists(sides.served.resolve("rdcp/sub")));
    }

    @Test
    void theLimitLeavesWhatRsyncLeaves() throws Exception {
        for (int limit : new int[] {1, 2, 3, 5, 8, 14}) {
            extras("limit" + limit + "/");
            Cli.Result result = sides.push(DELETE_LIMIT, List.of("-a", "--delete", "--max-delete=" + limit),
                    "limit" + limit + "/", "src/");
            assertTrue(result.err().contains("Deletions stopped due to --max-delete limit ("), result.toString());
        }
    }

    @Test
    void theLimitCountsTheSkippedDeletionsAsRsync() throws Exception {
        RsyncComparison.Run rsync = RsyncComparison.run(tmp, "-a", "--delete", "--max-delete=2", "src/",
                "served/rsync/");
        Cli.Result rdcp = sides.rdcp("-a", "--delete", "--max-delete=2", sides.source + "/", "127.0.0.1::rdcp/");
        String rsyncLine = rsync.output().lines().filter(l -> l.startsWith("Deletions stopped")).findFirst()
                .orElseThrow();
        assertEquals(List.of("rdcp: " + rsyncLine), rdcp.err().lines().toList());
        assertEquals(DELETE_LIMIT, rdcp.exitCode());
    }

    @Test
    void zeroDeletesNothing() throws Exception {
        sides.push(DELETE_LIMIT, List.of("-a", "--delete", "--max-delete=0"), "", "src/");
        assertTrue(Files.exists(sides.served.resolve("rdcp/a1")));
        assertTrue(Files.exists(sides.served.resolve("rdcp/a/kept.txt")));
    }

    @Test
    void aNegativeLimitIsZero() throws Exception {
        sides.push(DELETE_LIMIT, List.of("-a", "--delete", "--max-delete=-1"), "", "src/");
        assertTrue(Files.exists(sides.served.resolve("rdcp/sub/x/y/f")));
    }

    @Test
    void theLimitWithDeleteAfter() throws Exception {
        sides.push(DELETE_LIMIT, List.of("-a", "--delete-after", "--max-delete=4"), "", "src/");
    }

    @Test
    void aDryRunCountsAsRsync() throws Exception {
        sides.push(DELETE_LIMIT, List.of("-a", "-n", "--delete", "--max-delete=3"), "", "src/");
        assertTrue(Files.exists(sides.served.resolve("rdcp/a1")));
    }

    @Test
    void theLimitOnAPull() throws Exception {
        for (String side : List.of("rsync", "rdcp")) {
            Path destination = tmp.resolve(side + "-pulled");
            for (String extra : List.of("e1", "e2", "f/g", "f/h")) {
                SideBySide.write(destination, extra, 1);
            }
        }
        RsyncComparison.Run rsync = RsyncComparison.run(tmp, "-a", "--delete", "--max-delete=2",
                sides.source + "/", "rsync-pulled/");
        assertEquals(DELETE_LIMIT, rsync.exitCode(), rsync::output);
        Files.createDirectories(sides.served.resolve("exported"));
        RsyncComparison.rsync(tmp, "-a", "src/", sides.served.resolve("exported") + "/");
        Cli.Result rdcp = sides.rdcp("-a", "--delete", "--max-delete=2", "127.0.0.1::exported/",
                tmp.resolve("rdcp-pulled") + "/");
        assertEquals(DELETE_LIMIT, rdcp.exitCode(), rdcp::toString);
        RsyncComparison.assertSameTree(tmp.resolve("rsync-pulled"), tmp.resolve("rdcp-pulled"));
    }

    @Test
    void deleteBeforeLeavesRsyncsTree() throws Exception {
        sides.push(0, List.of("-a", "--delete-before"), "", "src/");
        assertFalse(Files.exists(sides.served.resolve("rdcp/sub")));
        assertFalse(Files.exists(sides.served.resolve("rdcp/a/old")));
    }

    @Test
    void deleteBeforeWithTheLimit() throws Exception {
        sides.push(DELETE_LIMIT, List.of("-a", "--delete-before", "--max-delete=4"), "", "src/");
    }

    @Test
    void deleteBeforeOnAPull() throws Exception {
        SideBySide.write(tmp.resolve("rsync-pulled"), "gone/x", 1);
        SideBySide.write(tmp.resolve("rdcp-pulled"), "gone/x", 1);
        sides.pull(List.of("-a", "--delete-before"), "", "pulled/");
        assertFalse(Files.exists(tmp.resolve("rdcp-pulled/gone")));
    }

    @Test
    void deleteBeforeWithAnotherWhenIsRsyncsUsageError() throws Exception {
        sides.assertUsageErrorAsRsync("-r", "--delete-before", "--delete-after");
        sides.assertUsageErrorAsRsync("--delete-before");
    }

    @Test
    void anInvalidLimitIsRsyncsUsageError() throws Exception {
        sides.assertUsageErrorAsRsync("--max-delete=x");
    }
}
