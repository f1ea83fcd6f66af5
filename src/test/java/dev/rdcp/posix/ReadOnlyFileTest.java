package dev.rdcp.posix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A listed source is opened only while it is still the file that was listed; pread into a direct
 * buffer from its position on, as the sender reads chunks into its pool.
 */
class ReadOnlyFileTest {

    @TempDir
    Path dir;

    private static final ReadOnlyFile.Opening PLAIN = ReadOnlyFile.Opening.PLAIN;
    private static final ReadOnlyFile.Opening FOLLOW = new ReadOnlyFile.Opening(true, false);

    private static byte[] name(Path path) {
        return path.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void theListedFileOpensAndReads() throws Exception {
        Path file = Files.writeString(dir.resolve("f"), "listed");
        FileStatus listed = FileStatus.of(file, name(file), false);
        try (ReadOnlyFile open = ReadOnlyFile.openListed(file, name(file), listed, PLAIN)) {
            ByteBuffer buffer = ByteBuffer.allocateDirect(16);
            assertEquals(6, open.read(buffer, 0));
            assertEquals(6, open.size());
        }
    }

    @Test
    void aSwappedChangedOrVanishedFileDoesNotOpen() throws Exception {
        Path file = Files.writeString(dir.resolve("f"), "listed");
        Path other = Files.writeString(dir.resolve("other"), "others");
        FileStatus listed = FileStatus.of(file, name(file), false);
        // Still linked elsewhere, so no new file can get its inode number.
        Files.createLink(dir.resolve("kept"), file);

        Files.delete(file);
        Files.createSymbolicLink(file, other);
        assertThrows(FileSystemException.class, () -> ReadOnlyFile.openListed(file, name(file), listed, PLAIN), "a symlink");

        Files.delete(file);
        Files.copy(other, file);
        assertThrows(FileSystemException.class, () -> ReadOnlyFile.openListed(file, name(file), listed, PLAIN),
                "another file of the same size");

        Files.delete(file);
        assertThrows(NoSuchFileException.class, () -> ReadOnlyFile.openListed(file, name(file), listed, PLAIN));
    }

    /** -L: the sender opens through a symlink it followed, and still only the file it listed. */
    @Test
    void aFollowedSymlinkOpensOnlyTheFileListed() throws Exception {
        Path file = Files.writeString(dir.resolve("f"), "listed");
        Path link = Files.createSymbolicLink(dir.resolve("link"), file.getFileName());
        FileStatus listed = FileStatus.of(link, name(link), true);
        try (ReadOnlyFile open = ReadOnlyFile.openListed(link, name(link), listed, FOLLOW)) {
            assertEquals(6, open.size());
        }
        assertThrows(FileSystemException.class, () -> ReadOnlyFile.openListed(link, name(link), listed, PLAIN));
        Files.writeString(Files.createDirectory(dir.resolve("sub")).resolve("f"), "others");
        Files.delete(link);
        Files.createSymbolicLink(link, Path.of("sub/f"));
        assertThrows(FileSystemException.class, () -> ReadOnlyFile.openListed(link, name(link), listed, FOLLOW),
                "another file the symlink leads to now");
    }

    /** --open-noatime: a file read leaves its access time as it was (here, where a plain read would move it). */
    @Test
    void aFileReadWithoutAtimeKeepsItsAccessTime() throws Exception {
        Path file = Files.writeString(dir.resolve("f"), "listed");
        FileTime old = FileTime.from(Instant.parse("2020-01-02T03:04:05Z"));
        FileStatus listed = FileStatus.of(file, name(file), false);
        Files.setAttribute(file, "lastAccessTime", old);
        readAll(file, listed, PLAIN);
        assertTrue(!old.equals(Files.getAttribute(file, "lastAccessTime")),
                "the test needs a file system that records access times (relatime)");

        Files.setAttribute(file, "lastAccessTime", old);
        readAll(file, listed, new ReadOnlyFile.Opening(false, true));
        assertEquals(old, Files.getAttribute(file, "lastAccessTime"));
    }

    private static void readAll(Path file, FileStatus listed, ReadOnlyFile.Opening opening) throws Exception {
        try (ReadOnlyFile open = ReadOnlyFile.openListed(file, name(file), listed, opening)) {
            assertEquals(6, open.read(ByteBuffer.allocateDirect(16), 0));
        }
    }

    /** The listed file opens whatever its size now, and tells the size its fstat gave at the open. */
    @Test
    void aFileThatChangedSizeOpensWithItsSizeAtOpen() throws Exception {
        Path file = Files.writeString(dir.resolve("f"), "listed");
        FileStatus listed = FileStatus.of(file, name(file), false);
        Files.writeString(file, "listed and grown");
        try (ReadOnlyFile open = ReadOnlyFile.openListed(file, name(file), listed, PLAIN)) {
            assertEquals(16, open.size());
        }
        Files.writeString(file, "short");
        try (ReadOnlyFile open = ReadOnlyFile.openListed(file, name(file), listed, PLAIN)) {
            assertEquals(5, open.size());
        }
    }


    private static byte[] randomBytes(int size) {
        byte[] bytes = new byte[size];
        new Random(size).nextBytes(bytes);
        return bytes;
    }

    private static ReadOnlyFile open(Path path) throws Exception {
        return ReadOnlyFile.open(path, path.toAbsolutePath().toString().getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] bytesAt(ByteBuffer buffer, int index, int length) {
        byte[] bytes = new byte[length];
        buffer.get(index, bytes);
        return bytes;
    }

    @Test
    void readsAtAnOffsetIntoASliceOfAPoolFromItsPosition() throws Exception {
        byte[] content = randomBytes(3 * 8192 + 100);
        Path path = Files.write(dir.resolve("source"), content);
        ByteBuffer pool = ByteBuffer.allocateDirect(4 * 8192);
        ByteBuffer third = pool.slice(2 * 8192, 8192).position(100);
        try (ReadOnlyFile file = open(path)) {
            assertEquals(content.length, file.size());
            assertEquals(8000, file.read(third, 8000, 8192));
            assertThrows(IllegalArgumentException.class, () -> file.read(third, 8100, 0), "past the capacity");
        }
        assertArrayEquals(Arrays.copyOfRange(content, 8192, 8192 + 8000), bytesAt(third, 100, 8000));
        assertEquals(100, third.position(), "position left alone");
        assertEquals(0, third.get(99), "nothing before the position");
        assertEquals(0, pool.get(2 * 8192 - 1), "nothing before the slice");
        assertEquals(0, pool.get(3 * 8192), "nothing after the slice");
    }

    @Test
    void aShrunkFileGivesAShortCount() throws Exception {
        byte[] content = randomBytes(10_000);
        Path path = Files.write(dir.resolve("shrinking"), content);
        ByteBuffer buffer = ByteBuffer.allocateDirect(8192);
        try (ReadOnlyFile file = open(path)) {
            Files.write(path, Arrays.copyOf(content, 5000));
            assertEquals(1000, file.read(buffer, 8192, 4000));
            assertEquals(0, file.read(buffer, 8192, 8192));
        }
        assertArrayEquals(Arrays.copyOfRange(content, 4000, 5000), bytesAt(buffer, 0, 1000));
    }

    @Test
    void refusesAHeapBufferOrMoreThanItHolds() throws Exception {
        Path path = Files.write(dir.resolve("f"), new byte[10]);
        try (ReadOnlyFile file = open(path)) {
            assertThrows(IllegalArgumentException.class, () -> file.read(ByteBuffer.allocate(16), 10, 0));
            assertThrows(IllegalArgumentException.class, () -> file.read(ByteBuffer.allocateDirect(8), 10, 0));
        }
    }
}
