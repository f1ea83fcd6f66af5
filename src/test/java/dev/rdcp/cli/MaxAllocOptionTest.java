package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --max-alloc: checked as rsync checks it (same values refused, same words), then of no effect. */
class MaxAllocOptionTest {

    @TempDir
    Path tmp;

    @BeforeEach
    void source() throws Exception {
        RsyncComparison.requireRsync();
        Files.writeString(tmp.resolve("a"), "data\n");
    }

    @Test
    void sizesAreCheckedAsRsyncChecksThem() throws Exception {
        for (String size : List.of("0", "", "1M", "1048576", "1.5M", "4G", "100P", "1M+1", "1", "1048575", "512K",
                "1M-1", "8EiB", "1x", "abc", "-1", "9223372036854775807")) {
            RsyncComparison.Run rsync = RsyncComparison.run(tmp, "--max-alloc=" + size, "a", "rsync-copy");
            Cli.Result rdcp = Cli.rdcp("--max-alloc=" + size, tmp.resolve("a").toString(),
                    tmp.resolve("rdcp-copy").toString());
            assertEquals(rsync.exitCode(), rdcp.exitCode(), size + ": " + rsync.output() + rdcp);
            if (rsync.exitCode() != 0) {
                assertEquals(rsync.output().lines().findFirst().orElseThrow().replaceFirst("^rsync: ", "rdcp: "),
                        rdcp.err().lines().findFirst().orElseThrow());
            }
        }
    }

    @Test
    void verboseSaysItChangesNothing() {
        Cli.Result rdcp = Cli.rdcp("-v", "--max-alloc=4G", tmp.resolve("a").toString(), tmp.resolve("copy").toString());
        assertEquals(0, rdcp.exitCode(), rdcp::toString);
        assertTrue(rdcp.out().lines().anyMatch(l -> l.startsWith("rdcp: --max-alloc: checked as rsync checks it, then "
                + "ignored")), rdcp::toString);
    }
}
