package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.posix.ReadOnlyFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sender's one read in flight: started, found again by file, pool buffer and offset, collected or dropped. */
class ReadAheadTest {

    private static final int CHUNK = 64 << 10;

    @TempDir
    Path dir;

    private Path path;
    private byte[] content;

    @BeforeEach
    void source() throws IOException {
        content = new byte[3 * CHUNK + 100];
        new Random(3).nextBytes(content);
        path = Files.write(dir.resolve("source"), content);
    }

    private ReadOnlyFile open() throws IOException {
        return ReadOnlyFile.open(path, path.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] bytes(ByteBuffer buffer, int length) {
        byte[] read = new byte[length];
        buffer.duplicate().position(0).get(read);
        return read;
    }

    @Test
    void aReadStartedIsCollectedWithItsBytes() throws Exception {
        ByteBuffer buffer = ByteBuffer.allocateDirect(CHUNK);
        try (ReadOnlyFile file = open(); ReadAhead ahead = new ReadAhead()) {
            for (int chunk = 0; chunk < 4; chunk++) {
                long offset = (long) chunk * CHUNK;
                int length = (int) Math.min(CHUNK, content.length - offset);
                ahead.start(file, buffer.clear(), chunk % 2, CHUNK, offset);
                assertTrue(ahead.holds(file, chunk % 2, offset));
                assertEquals(length, ahead.await(), "a short count only at the end");
                assertArrayEquals(Arrays.copyOfRange(content, (int) offset, (int) offset + length), bytes(buffer, length));
                assertFalse(ahead.holds(file, chunk % 2, offset), "collected once");
            }
        }
    }

    @Test
    void holdsOnlyTheReadItStarted() throws Exception {
        ByteBuffer buffer = ByteBuffer.allocateDirect(CHUNK);
        try (ReadOnlyFile file = open(); ReadOnlyFile other = open(); ReadAhead ahead = new ReadAhead()) {
            assertFalse(ahead.holds(file, 0, 0), "nothing in flight");
            ahead.start(file, buffer, 1, CHUNK, CHUNK);
            assertFalse(ahead.holds(other, 1, CHUNK), "another file");
            assertFalse(ahead.holds(file, 0, CHUNK), "another pool buffer");
            assertFalse(ahead.holds(file, 1, 0), "another offset");
            assertThrows(IllegalStateException.class, () -> ahead.start(file, buffer, 1, CHUNK, 0), "one at a time");
            ahead.drop();
            assertFalse(ahead.holds(file, 1, CHUNK), "dropped");
            ahead.start(file, buffer, 1, CHUNK, 0);
            assertEquals(CHUNK, ahead.await(), "a new read once the last is dropped");
        }
    }

    @Test
    void aFailedReadIsRethrownWhenCollected() throws Exception {
        ReadOnlyFile file = open();
        file.close();
        try (ReadAhead ahead = new ReadAhead()) {
            ahead.start(file, ByteBuffer.allocateDirect(CHUNK), 0, CHUNK, 0);
            IOException failure = assertThrows(IOException.class, ahead::await);
            assertTrue(failure.getMessage().contains("source"), failure.getMessage());
        }
    }

    @Test
    void closeWaitsForTheReadAndRefusesMore() throws Exception {
        ByteBuffer buffer = ByteBuffer.allocateDirect(CHUNK);
        try (ReadOnlyFile file = open()) {
            ReadAhead ahead = new ReadAhead();
            ahead.start(file, buffer, 0, CHUNK, 0);
            ahead.close();
            ahead.close();
            assertArrayEquals(Arrays.copyOf(content, CHUNK), bytes(buffer, CHUNK), "the read ended before close returned");
            assertThrows(IllegalStateException.class, () -> ahead.start(file, buffer, 0, CHUNK, 0));
        }
    }
}
