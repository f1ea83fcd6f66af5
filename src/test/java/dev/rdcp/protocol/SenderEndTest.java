package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class SenderEndTest {

    @Test
    void theCountRoundTripsAsOneU32() throws Exception {
        ByteBuffer out = ByteBuffer.allocate(SenderEnd.SIZE);
        new SenderEnd(123_456).encode(out);
        assertEquals(123_456, out.getInt(0));
        assertEquals(123_456, SenderEnd.decode(out.flip()).chunksMessages());
    }

    @Test
    void malformedEndsAreRejected() {
        assertThrows(ProtocolException.class, () -> SenderEnd.decode(ByteBuffer.allocate(0)), "version 4's empty END");
        assertThrows(ProtocolException.class, () -> SenderEnd.decode(ByteBuffer.allocate(5)), "trailing bytes");
        assertThrows(ProtocolException.class, () -> SenderEnd.decode(ByteBuffer.allocate(4).putInt(-1).flip()),
                "negative");
        assertThrows(IllegalArgumentException.class, () -> new SenderEnd(-1));
    }
}
