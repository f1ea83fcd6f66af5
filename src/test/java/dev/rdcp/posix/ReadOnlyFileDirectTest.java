package dev.rdcp.posix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads past the page cache (O_DIRECT) for a source that is not cached: only where most of the
 * probed window is uncached, with the same bytes and the same short count at a shrunk end as a
 * buffered read, and back to the page cache wherever the request cannot be aligned. The temporary
 * directory must be on a file system that reads directly and whose cache a file can be dropped
 * from (ext4 on these hosts; tmpfs keeps every page cached).
 */
class ReadOnlyFileDirectTest {

    private static final int CHUNK = 1 << 20;
    /** Four chunks and a tail that ends inside a 4 KiB block. */
    private static final int SIZE = 4 * CHUNK + 1000;

    @TempDir
    Path dir;

    private Path file;
    private byte[] content;

    @BeforeEach
    void uncachedFile() throws IOException, InterruptedException {
        content = new byte[SIZE];
        new Random(7).nextBytes(content);
        file = UncachedFiles.write(dir.resolve("source"), content);
    }

    private ReadOnlyFile open() throws IOException {
        return ReadOnlyFile.open(file, file.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** A direct buffer whose first byte is on a page boundary, as the sender's registered pool is. */
    private static ByteBuffer pageAligned(int capacity) {
        int blocks = (capacity + 4095) & -4096;
        return ByteBuffer.allocateDirect(blocks + 4096).alignedSlice(4096).limit(capacity).slice();
    }

    private static byte[] bytes(ByteBuffer buffer, int length) {
        byte[] read = new byte[length];
        buffer.duplicate().get(read);
        return read;
    }

    @Test
    void anUncachedFileIsReadPastTheCacheChunkByChunkAndLeftUncached() throws Exception {
        ByteBuffer buffer = pageAligned(CHUNK);
        try (ReadOnlyFile source = open()) {
            assertTrue(source.bypassCacheIfUncached(0, SIZE),
                    "the file was dropped from the cache and the file system under " + dir + " reads directly");
            for (long at = 0; at < SIZE; at += CHUNK) {
                int length = (int) Math.min(CHUNK, SIZE - at);
                assertEquals(length, source.read(buffer, length, at));
                assertArrayEquals(Arrays.copyOfRange(content, (int) at, (int) at + length), bytes(buffer, length));
            }
            assertTrue(source.bypassesCache(), "the tail inside its last block was read directly too");
        }
        assertTrue(UncachedFiles.mostlyUncached(file), "reading past the cache did not fill it");
    }

    @Test
    void aCachedFileStaysBuffered() throws Exception {
        Files.readAllBytes(file);
        try (ReadOnlyFile source = open()) {
            assertFalse(source.bypassCacheIfUncached(0, SIZE));
            assertFalse(source.bypassesCache());
        }
    }

    @Test
    void anUnalignedStartIsNotProbed() throws Exception {
        try (ReadOnlyFile source = open()) {
            assertFalse(source.bypassCacheIfUncached(100, SIZE - 100), "--append may resume anywhere");
        }
    }

    /** The tail rounded up to its block does not fit the buffer: read through the cache, from then on. */
    @Test
    void aTailWithoutRoomForItsBlockIsReadThroughTheCache() throws Exception {
        int tail = SIZE - 4 * CHUNK;
        ByteBuffer buffer = pageAligned(tail);
        try (ReadOnlyFile source = open()) {
            assertTrue(source.bypassCacheIfUncached(0, SIZE));
            assertEquals(tail, source.read(buffer, tail, 4L * CHUNK));
            assertArrayEquals(Arrays.copyOfRange(content, 4 * CHUNK, SIZE), bytes(buffer, tail));
            assertFalse(source.bypassesCache());
        }
    }

    /** A buffer off a page boundary: the file system refuses it (EINVAL) and the read is done through the cache. */
    @Test
    void aRefusedAlignmentFallsBackToTheCache() throws Exception {
        ByteBuffer buffer = pageAligned(CHUNK + 4096).position(1).slice();
        try (ReadOnlyFile source = open()) {
            assertTrue(source.bypassCacheIfUncached(0, SIZE));
            assertEquals(CHUNK, source.read(buffer, CHUNK, CHUNK));
            assertArrayEquals(Arrays.copyOfRange(content, CHUNK, 2 * CHUNK), bytes(buffer, CHUNK));
            assertFalse(source.bypassesCache());
        }
    }

    /** Read from a nonzero position, as the sender packs several pieces into one pool buffer. */
    @Test
    void readsFromTheBuffersPosition() throws Exception {
        ByteBuffer buffer = pageAligned(2 * CHUNK).position(CHUNK);
        try (ReadOnlyFile source = open()) {
            assertTrue(source.bypassCacheIfUncached(0, SIZE));
            assertEquals(CHUNK, source.read(buffer, CHUNK, 2L * CHUNK));
            assertEquals(CHUNK, buffer.position(), "the position is left alone");
            assertArrayEquals(Arrays.copyOfRange(content, 2 * CHUNK, 3 * CHUNK), bytes(buffer, CHUNK));
            assertTrue(source.bypassesCache());
        }
    }

    /** A file that shrank while it is read past the cache gives the short count a buffered read gives. */
    @Test
    void aShrunkFileGivesAShortCount() throws Exception {
        ByteBuffer buffer = pageAligned(CHUNK);
        try (ReadOnlyFile source = open()) {
            assertTrue(source.bypassCacheIfUncached(0, SIZE));
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
                channel.truncate(3L * CHUNK + 10);
            }
            assertEquals(10, source.read(buffer, CHUNK, 3L * CHUNK));
            assertArrayEquals(Arrays.copyOfRange(content, 3 * CHUNK, 3 * CHUNK + 10), bytes(buffer, 10));
            assertEquals(0, source.read(buffer, CHUNK, 4L * CHUNK));
        }
    }
}
