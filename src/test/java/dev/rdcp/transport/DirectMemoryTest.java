package dev.rdcp.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DirectMemoryTest {

    private static final int BYTES = 3 << 20;

    @Test
    void theMemoryIsPageAlignedZeroedAndOfTheAskedSize() {
        try (DirectMemory memory = DirectMemory.allocate(BYTES + 5)) {
            ByteBuffer buffer = memory.buffer();
            assertTrue(buffer.isDirect());
            assertEquals(BYTES + 5, buffer.capacity());
            assertEquals(0, buffer.position());
            assertEquals(BYTES + 5, buffer.limit());
            assertEquals(0, buffer.alignmentOffset(0, DirectMemory.PAGE));
            for (int i = 0; i < buffer.capacity(); i += 4093) {
                assertEquals(0, buffer.get(i), "byte " + i);
            }
        }
    }

    /**
     * Freed at close although still reachable, which no collection could do: so the drop is this
     * close's, whatever the collector does meanwhile.
     */
    @Test
    void closeFreesTheMemoryAtOnceAndOnlyOnce() {
        DirectMemory memory = DirectMemory.allocate(BYTES);
        memory.buffer().put(0, (byte) 1);
        long before = DirectPool.bytesInUse();
        memory.close();
        assertTrue(DirectPool.bytesInUse() <= before - BYTES, "close gave back at least the " + BYTES + " bytes");
        memory.close();
    }

    @Test
    void releaseFreesWhatNothingTouchesAndKeepsTheRest() {
        DirectMemory freed = DirectMemory.allocate(BYTES);
        List<DirectMemory> list = new ArrayList<>(List.of(freed));
        long before = DirectPool.bytesInUse();
        DirectMemory.release(list, true);
        assertTrue(list.isEmpty());
        assertTrue(DirectPool.bytesInUse() <= before - BYTES, "freed at once");

        DirectMemory kept = DirectMemory.allocate(BYTES);
        kept.buffer().put(BYTES - 1, (byte) 42);
        list.add(kept);
        long beforeKeeping = DirectPool.bytesInUse();
        DirectMemory.release(list, false);
        assertTrue(list.isEmpty());
        kept.close();
        assertTrue(DirectPool.bytesInUse() > beforeKeeping - BYTES, "kept, not freed, even by a later close");
        assertEquals(42, kept.buffer().get(BYTES - 1));
    }

    @Test
    void anImpossibleSizeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> DirectMemory.allocate(-1));
        assertThrows(IllegalArgumentException.class, () -> DirectMemory.allocate(Integer.MAX_VALUE));
    }
}
