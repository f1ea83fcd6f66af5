package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * -S beside rsync: files with holes, all zeros, and ending in zeros arrive with the same bytes and
 * about the blocks rsync's copies take (rsync seeks over zeros at byte granularity within its
 * writes, rdcp over whole 4 KiB blocks); without -S every block is written. With --inplace over
 * an older file full of data, the zeros still arrive (holes punched).
 */
class SparseOptionsTest extends SideBySideTest {

    private static final int MIB = 1 << 20;

    private static void write(Path file, int... runs) throws IOException {
        Random random = new Random(file.getFileName().toString().hashCode());
        Files.createDirectories(file.getParent());
        try (OutputStream out = Files.newOutputStream(file)) {
            for (int i = 0; i < runs.length; i++) {
                byte[] run = new byte[runs[i]];
                if (i % 2 == 0) {
                    random.nextBytes(run);
                }
                out.write(run);
            }
        }
        Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.from(SideBySide.OLD));
    }

    /** Allocated 512-byte blocks (stat's %b). */
    static long blocks(Path path) throws Exception {
        Process stat = new ProcessBuilder("stat", "-c", "%b", path.toString()).start();
        String out = new String(stat.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
        assertEquals(0, stat.waitFor());
        return Long.parseLong(out);
    }

    @BeforeEach
    void files() throws IOException {
        write(sides.source.resolve("holes.bin"), 100_000, 2 * MIB, 5_000, MIB);
        write(sides.source.resolve("zeros.bin"), 0, 3 * MIB);
        write(sides.source.resolve("sub/dense.bin"), 300_000);
        write(sides.source.resolve("sub/small-zeros.bin"), 0, 1000);
    }

    private void assertSparseLikeRsync(Path rsyncCopy, Path rdcpCopy) throws Exception {
        for (String name : List.of("holes.bin", "zeros.bin", "sub/dense.bin", "sub/small-zeros.bin")) {
            assertArrayEquals(Files.readAllBytes(sides.source.resolve(name)), Files.readAllBytes(rdcpCopy.resolve(name)), name);
            long rsyncBlocks = blocks(rsyncCopy.resolve(name));
            long rdcpBlocks = blocks(rdcpCopy.resolve(name));
            assertTrue(rdcpBlocks <= rsyncBlocks + 16, name + ": rdcp's copy takes " + rdcpBlocks
                    + " blocks, rsync's " + rsyncBlocks);
        }
        assertTrue(blocks(rdcpCopy.resolve("holes.bin")) < 2 * 110_000 / 512 * 2, "holes.bin has its holes");
        assertTrue(blocks(rdcpCopy.resolve("zeros.bin")) < 16, "zeros.bin is all hole");
    }

    @Test
    void pushAndPullLeaveHolesAsRsyncDoes() throws Exception {
        sides.push(0, List.of("-aS"), "s/", "src/");
        assertSparseLikeRsync(sides.served.resolve("rsync/s"), sides.served.resolve("rdcp/s"));
        sides.pull(List.of("-aS"), "", "p/");
        assertSparseLikeRsync(sides.tmp.resolve("rsync-p"), sides.tmp.resolve("rdcp-p"));
    }

    @Test
    void withoutSparseEveryBlockIsWritten() throws Exception {
        sides.push(0, List.of("-a"), "dense/", "src/");
        assertTrue(blocks(sides.served.resolve("rdcp/dense/zeros.bin")) >= 3 * MIB / 512);
    }

    @Test
    void inPlaceOverOlderDataPunchesTheHoles() throws Exception {
        byte[] old = new byte[4 * MIB];
        Arrays.fill(old, (byte) 0x5a);
        for (String side : List.of("rsync", "rdcp")) {
            Files.createDirectories(sides.served.resolve(side + "/ip"));
            Files.write(sides.served.resolve(side + "/ip/holes.bin"), old);
            Files.write(sides.served.resolve(side + "/ip/zeros.bin"), old);
        }
        sides.push(0, List.of("-aS", "--inplace"), "ip/", "src/");
        Path copy = sides.served.resolve("rdcp/ip");
        assertArrayEquals(Files.readAllBytes(sides.source.resolve("zeros.bin")), Files.readAllBytes(copy.resolve("zeros.bin")));
        assertArrayEquals(Files.readAllBytes(sides.source.resolve("holes.bin")), Files.readAllBytes(copy.resolve("holes.bin")));
        assertTrue(blocks(copy.resolve("zeros.bin")) < 16, "the older data's blocks are freed: " + blocks(copy.resolve("zeros.bin")));
    }
}
