package dev.rdcp.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
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

    /** -U's times: each to the nanosecond, or left as it is (UTIME_OMIT); stat reads the access time back. */
    @Test
    void accessAndModificationTimesAreSetEachOrLeft() throws Exception {
        Files.write(dir.resolve("f"), new byte[3]);
        Files.setLastModifiedTime(dir.resolve("f"), FileTime.from(Instant.ofEpochSecond(1_000_000_000L, 7)));
        try (DirectoryHandle directory = DirectoryHandle.open(dir, dir.toString().getBytes(StandardCharsets.UTF_8));
                FileHandle file = directory.openNode("f".getBytes(StandardCharsets.UTF_8))) {
            file.setTimes(1_500_000_000L, 123_456_789, 0, FileHandle.OMIT);
            FileStatus accessed = file.status();
            assertEquals(1_500_000_000L, accessed.atimeSeconds());
            assertEquals(123_456_789, accessed.atimeNanos());
            assertEquals(1_000_000_000L, accessed.mtimeSeconds(), "the modification time left");
            assertEquals(7, accessed.mtimeNanos());

            file.setTimes(0, FileHandle.OMIT, 1_600_000_000L, 5);
            FileStatus modified = file.status();
            assertEquals(1_500_000_000L, modified.atimeSeconds(), "the access time left");
            assertEquals(1_600_000_000L, modified.mtimeSeconds());
        }
        assertEquals(FileTime.from(Instant.ofEpochSecond(1_500_000_000L, 123_456_789)),
                Files.getAttribute(dir.resolve("f"), "lastAccessTime"), "as the JDK reads it");
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
