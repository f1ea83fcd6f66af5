package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class AcceptTest {

    private static Accept roundTrip(Accept accept) throws ProtocolException {
        ByteBuffer wire = accept.encode();
        assertFalse(wire.hasRemaining(), "encode fills its buffer exactly");
        return Accept.decode(wire.flip());
    }

    @Test
    void everyFieldRoundTrips() throws Exception {
        Accept tcp = new Accept(true, TransportKind.TCP, "the server has no usable RDMA device (caf\u00e9)");
        assertEquals(tcp, roundTrip(tcp));
        Accept rdma = new Accept(false, TransportKind.RDMA, "");
        assertEquals(rdma, roundTrip(rdma));
    }

    @Test
    void theWireLayoutIsFlagsTransportAndLengthPrefixedReason() {
        ByteBuffer wire = new Accept(true, TransportKind.TCP, "ab").encode().flip();
        assertEquals(6, wire.remaining());
        assertEquals(1, wire.get());
        assertEquals(2, wire.get());
        assertEquals(2, wire.getShort());
        assertEquals('a', wire.get());
    }

    @Test
    void aLongReasonIsCutToTheCapAtACharacterBoundary() throws Exception {
        String reason = "\u00e9".repeat(Accept.MAX_REASON);
        Accept decoded = roundTrip(new Accept(false, TransportKind.TCP, reason));
        assertTrue(decoded.fallbackReason().getBytes(StandardCharsets.UTF_8).length <= Accept.MAX_REASON);
        assertEquals(Accept.MAX_REASON / 2, decoded.fallbackReason().length());
    }

    @Test
    void malformedPayloadsAreRejected() {
        assertThrows(ProtocolException.class, () -> Accept.decode(ByteBuffer.wrap(new byte[] {0, 1, 0})),
                "short");
        assertThrows(ProtocolException.class, () -> Accept.decode(ByteBuffer.wrap(new byte[] {2, 1, 0, 0})),
                "unknown flag");
        assertThrows(ProtocolException.class, () -> Accept.decode(ByteBuffer.wrap(new byte[] {0, 3, 0, 0})),
                "unknown transport");
        assertThrows(ProtocolException.class, () -> Accept.decode(ByteBuffer.wrap(new byte[] {0, 2, 0, 2, 'a'})),
                "reason shorter than its length");
        assertThrows(ProtocolException.class, () -> Accept.decode(ByteBuffer.wrap(new byte[] {0, 2, 0, 0, 'a'})),
                "trailing bytes");
        ByteBuffer huge = ByteBuffer.allocate(4 + Accept.MAX_REASON + 1).put((byte) 0).put((byte) 2)
                .putShort((short) (Accept.MAX_REASON + 1));
        assertThrows(ProtocolException.class, () -> Accept.decode(huge.position(0)), "reason over the cap");
    }
}
