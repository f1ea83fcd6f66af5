package dev.rdcp.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileHandleTest {

    @TempDir
    Path dir;

    private static long allocatedBlocks(Path path) throws Exception {
        Process stat = new ProcessBuilder("stat", "-c", "%b", path.toString()).start();
        String out = new String(stat.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
        assertEquals(0, stat.waitFor());
        return Long.parseLong(out);
    }

    @Test
    void aPunchedHoleReadsAsZerosFreesItsBlocksAndKeepsTheSize() throws Exception {
        byte[] ones = new byte[1 << 20];
        Arrays.fill(ones, (byte) 1);
        Files.write(dir.resolve("f"), ones);
        long before = allocatedBlocks(dir.resolve("f"));
        try (DirectoryHandle directory = DirectoryHandle.open(dir, dir.toString().getBytes(StandardCharsets.UTF_8));
                FileHandle file = directory.create("f".getBytes(StandardCharsets.UTF_8), false, 0644)) {
            // ext4, xfs and tmpfs, where the tests run, all punch holes.
            assertTrue(file.punchHole(4096, 512 * 1024));
        }
        byte[] after = Files.readAllBytes(dir.resolve("f"));
        assertEquals(ones.length, after.length);
        assertEquals(1, after[4095]);
        assertEquals(0, after[4096]);
        assertEquals(0, after[4096 + 512 * 1024 - 1]);
        assertEquals(1, after[4096 + 512 * 1024]);
        assertTrue(allocatedBlocks(dir.resolve("f")) <= before - 1000,
                before + " blocks of 512 bytes before, " + allocatedBlocks(dir.resolve("f")) + " after");
    }
}
