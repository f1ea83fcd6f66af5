package dev.rdcp.cli;

import static dev.rdcp.cli.Cli.randomFile;
import static dev.rdcp.cli.Cli.rdcp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * --bwlimit holds for the whole transfer, as rsync's. A lower bound only: pacing guarantees a
 * transfer takes at least its bytes over the rate, and a busy machine can only make it longer.
 */
class BandwidthLimitTest {

    @TempDir
    Path dir;

    /** Found in review: a transfer of less than one batch (a chunk) was not slowed at all. */
    @Test
    void aTransferSmallerThanOneChunkIsPacedToo() throws IOException {
        Path tree = Files.createDirectories(dir.resolve("tree"));
        long bytes = 0;
        for (int i = 0; i < 20; i++) {
            bytes += Files.size(randomFile(tree.resolve("f" + i), 10_000, i));
        }
        long start = System.nanoTime();
        Cli.Result result = rdcp("-r", "--bwlimit=100", tree + "/", dir.resolve("copy") + "/");
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(0, result.exitCode(), result::toString);
        double least = bytes / (100 * 1024.0);
        assertTrue(seconds >= least, "took " + seconds + " s for " + bytes + " bytes at 100 KiB/s (at least " + least
                + " s)");
    }
}
