package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class StreamCountTest {

    @Test
    void everyAllowedCountRoundTripsAsOneU16() throws Exception {
        for (int n = 1; n <= StreamCount.MAX; n++) {
            ByteBuffer out = ByteBuffer.allocate(StreamCount.SIZE);
            new StreamCount(n).encode(out);
            assertEquals(n, out.getShort(0));
            assertEquals(n, StreamCount.decode(out.flip()).streams());
        }
    }

    @Test
    void countsOutsideOneToMaxAreRefusedWithTheLimit() {
        for (int n : new int[] {0, StreamCount.MAX + 1, 1000, 0xFFFF}) {
            ByteBuffer in = ByteBuffer.allocate(2).putShort((short) n).flip();
            ProtocolException e = assertThrows(ProtocolException.class, () -> StreamCount.decode(in), "n = " + n);
            assertTrue(e.getMessage().contains("at most " + StreamCount.MAX), e.getMessage());
        }
    }

    @Test
    void aPayloadOfTheWrongLengthIsRefused() {
        assertThrows(ProtocolException.class, () -> StreamCount.decode(ByteBuffer.allocate(1)));
        assertThrows(ProtocolException.class, () -> StreamCount.decode(ByteBuffer.allocate(3).putShort(0, (short) 1)));
        assertThrows(IllegalArgumentException.class, () -> new StreamCount(0));
    }
}
