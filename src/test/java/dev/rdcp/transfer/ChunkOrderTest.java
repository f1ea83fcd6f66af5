package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ChunkBatch;
import dev.rdcp.protocol.ControlHeader;
import dev.rdcp.protocol.ProtocolException;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class ChunkOrderTest {

    private static ByteBuffer chunks(int slot, int sequence) {
        ChunkBatch batch = new ChunkBatch();
        batch.start(slot, sequence);
        batch.add(sequence, 0, 0, 1, 0, 0);
        ByteBuffer out = ByteBuffer.allocate(ControlHeader.MAX_MESSAGE);
        batch.encode(out);
        return out.flip();
    }

    private static int slotOf(ByteBuffer payload) throws ProtocolException {
        ChunkBatch batch = new ChunkBatch();
        batch.decode(payload.duplicate());
        return batch.slot();
    }

    @Test
    void earlyChunksAreKeptAndComeBackInSequence() throws Exception {
        ChunkOrder order = new ChunkOrder(4);
        assertFalse(order.arrived(chunks(2, 2)), "2 before 0 and 1 is kept");
        assertFalse(order.arrived(chunks(1, 1)));
        assertNull(order.takeNext(), "nothing kept is next before 0 is handled");
        assertTrue(order.arrived(chunks(0, 0)));
        order.handled();
        ByteBuffer one = order.takeNext();
        assertEquals(1, slotOf(one), "the copy kept is the message that came");
        order.handled();
        assertEquals(2, slotOf(order.takeNext()));
        order.handled();
        assertNull(order.takeNext());
        assertTrue(order.arrived(chunks(3, 3)));
    }

    @Test
    void theEndWaitsForEveryChunksItCounts() throws Exception {
        ChunkOrder order = new ChunkOrder(4);
        assertTrue(order.arrived(chunks(0, 0)));
        order.handled();
        order.endAfter(3);
        assertFalse(order.endReady(), "1 and 2 are still on their way");
        assertFalse(order.arrived(chunks(2, 2)));
        assertFalse(order.endReady());
        assertTrue(order.arrived(chunks(1, 1)));
        order.handled();
        order.takeNext();
        order.handled();
        assertTrue(order.endReady());
        ChunkOrder none = new ChunkOrder(1);
        none.endAfter(0);
        assertTrue(none.endReady(), "a session without data ends at once");
    }

    @Test
    void dishonestSequencesAreProtocolErrors() throws Exception {
        ChunkOrder order = new ChunkOrder(4);
        assertThrows(ProtocolException.class, () -> order.arrived(chunks(0, 4)), "beyond the slots in flight");
        assertFalse(order.arrived(chunks(1, 1)));
        assertThrows(ProtocolException.class, () -> order.arrived(chunks(1, 1)), "the same one twice");
        assertTrue(order.arrived(chunks(0, 0)));
        order.handled();
        order.takeNext();
        order.handled();
        assertThrows(ProtocolException.class, () -> order.arrived(chunks(0, 0)), "one already handled");
        assertThrows(ProtocolException.class, () -> order.endAfter(1), "an END counting fewer than arrived");
        order.endAfter(3);
        assertThrows(ProtocolException.class, () -> order.arrived(chunks(3, 3)), "beyond the END's count");
        assertThrows(ProtocolException.class, () -> order.endAfter(3), "a second END");
    }
}
