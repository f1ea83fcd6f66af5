package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class ReceiverEndTest {

    @Test
    void createdAndMoreRoundTripWithTheReportsAfterThem() throws Exception {
        ByteBuffer out = ByteBuffer.allocate(64);
        out.put((byte) 7);
        int at = ReceiverEnd.start(out, 123_456_789_012L);
        new Report(Report.Kind.DELETED, -1, 0, new byte[] {'x'}).encode(out);
        ReceiverEnd.setMore(out, at, true);
        ByteBuffer in = out.flip().position(1);
        ReceiverEnd end = ReceiverEnd.decode(in);
        assertEquals(123_456_789_012L, end.created());
        assertTrue(end.more());
        assertEquals(Report.Kind.DELETED, Report.decode(in).kind(), "decode leaves the buffer at the reports");
        assertFalse(in.hasRemaining());
    }

    @Test
    void theWireLayoutIsU64ThenU8() throws Exception {
        ByteBuffer out = ByteBuffer.allocate(ReceiverEnd.SIZE);
        ReceiverEnd.start(out, 5);
        assertEquals(ReceiverEnd.SIZE, out.position());
        assertEquals(5, out.getLong(0));
        assertEquals(0, out.get(8));
        assertFalse(ReceiverEnd.decode(out.flip()).more());
    }

    @Test
    void malformedEndsAreRejected() {
        assertThrows(ProtocolException.class, () -> ReceiverEnd.decode(ByteBuffer.allocate(ReceiverEnd.SIZE - 1)),
                "short");
        assertThrows(ProtocolException.class,
                () -> ReceiverEnd.decode(ByteBuffer.allocate(ReceiverEnd.SIZE).putLong(0).put((byte) 2).flip()),
                "more is 0 or 1");
        assertThrows(ProtocolException.class,
                () -> ReceiverEnd.decode(ByteBuffer.allocate(ReceiverEnd.SIZE).putLong(-1).put((byte) 0).flip()),
                "negative count");
    }
}
