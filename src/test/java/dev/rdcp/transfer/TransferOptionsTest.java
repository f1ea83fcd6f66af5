package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TransferOptionsTest {

    private static TransferOptions withChunk(int chunkSize) {
        return new TransferOptions(chunkSize, TransferOptions.DEFAULT_SLOTS, TransferOptions.DEFAULT_WINDOW_CHUNKS,
                false, false);
    }

    @Test
    void acceptsMultiplesOf4KiBFrom4KiBTo64MiB() {
        assertEquals(4096, withChunk(4096).chunkSize());
        assertEquals(64 << 20, withChunk(64 << 20).chunkSize());
        assertEquals(3 * 4096, withChunk(3 * 4096).chunkSize());
        assertEquals(TransferOptions.DEFAULT_CHUNK, withChunk(TransferOptions.DEFAULT_CHUNK).chunkSize());
    }

    @Test
    void rejectsChunkSizesNotAMultipleOf4096() {
        for (int size : new int[] {4097, 6000, (1 << 20) + 512, 8191}) {
            assertThrows(IllegalArgumentException.class, () -> withChunk(size), Integer.toString(size));
        }
    }

    @Test
    void rejectsChunkSizesBelow4096() {
        for (int size : new int[] {0, 1, 1024, 2048, -4096}) {
            assertThrows(IllegalArgumentException.class, () -> withChunk(size), Integer.toString(size));
        }
    }

    @Test
    void rejectsChunkSizesAbove64MiB() {
        assertThrows(IllegalArgumentException.class, () -> withChunk((64 << 20) + 4096));
        assertThrows(IllegalArgumentException.class, () -> withChunk(128 << 20));
        assertThrows(IllegalArgumentException.class, () -> withChunk(Integer.MAX_VALUE & ~4095));
    }

    @Test
    void rejectsNonPositiveSlotsAndWindow() {
        assertThrows(IllegalArgumentException.class, () -> new TransferOptions(4096, 0, 1, false, false));
        assertThrows(IllegalArgumentException.class, () -> new TransferOptions(4096, 1, 0, false, false));
    }

    @Test
    void buffersExceedWhatThePeerCanHaveOutstanding() {
        TransferOptions options = withChunk(4096);
        assertTrue(options.receiveBuffers() > options.slots() + 2 * TransferOptions.FILES_IN_FLIGHT);
        assertTrue(options.queueDepth() >= 2 * options.slots());
    }
}
