package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.transport.DirectPool;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class ScratchBufferTest {

    private static final int BYTES = 2 << 20;

    @Test
    void nothingIsAllocatedUntilTheFirstUseAndThenOneBufferServesEveryUse() throws IOException {
        long before = DirectPool.bytesInUse();
        try (ScratchBuffer scratch = new ScratchBuffer(BYTES)) {
            assertTrue(DirectPool.bytesInUse() < before + BYTES, "no allocation before the first use");
            ByteBuffer first = scratch.get();
            assertTrue(first.isDirect());
            assertEquals(BYTES, first.capacity());
            assertSame(first, scratch.get());
        }
    }

    /** Freed at close while still reachable, which no collection could do. */
    @Test
    void closeFreesTheBufferAtOnceAndTwiceIsHarmless() throws IOException {
        ScratchBuffer scratch = new ScratchBuffer(BYTES);
        scratch.get().put(0, (byte) 7);
        long before = DirectPool.bytesInUse();
        scratch.close();
        assertTrue(DirectPool.bytesInUse() <= before - BYTES, "close gave back at least " + BYTES + " bytes");
        scratch.close();
    }
}
