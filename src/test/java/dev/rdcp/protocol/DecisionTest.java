package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class DecisionTest {

    private static ByteBuffer wire(int index, int kind, long offset) {
        return ByteBuffer.allocate(Decision.SIZE).putInt(index).put((byte) kind).putLong(offset).putInt(0).flip();
    }

    @Test
    void everyKindRoundTripsInSizeBytes() throws Exception {
        for (Decision.Kind kind : Decision.Kind.values()) {
            Decision sent = new Decision(9, kind, 1L << 33, kind == Decision.Kind.APPEND ? 0 : 0x89abcdef);
            ByteBuffer out = ByteBuffer.allocate(Decision.SIZE);
            sent.encode(out);
            assertFalse(out.hasRemaining(), kind.name());
            assertEquals(sent, Decision.decode(out.flip()));
        }
    }

    @Test
    void severalDecisionsDecodeOneAfterAnother() throws Exception {
        ByteBuffer out = ByteBuffer.allocate(2 * Decision.SIZE);
        new Decision(1, Decision.Kind.SKIP, 0, 0).encode(out);
        new Decision(2, Decision.Kind.RESUME, 4096, 77).encode(out);
        out.flip();
        assertEquals(new Decision(1, Decision.Kind.SKIP, 0, 0), Decision.decode(out));
        assertEquals(new Decision(2, Decision.Kind.RESUME, 4096, 77), Decision.decode(out));
        assertFalse(out.hasRemaining());
    }

    @Test
    void kindsAreTheWireValues() throws Exception {
        assertEquals(Decision.Kind.SKIP, Decision.decode(wire(0, 0, 0)).kind());
        assertEquals(Decision.Kind.SEND, Decision.decode(wire(0, 1, 0)).kind());
        assertEquals(Decision.Kind.RESUME, Decision.decode(wire(0, 2, 0)).kind());
        assertEquals(Decision.Kind.APPEND, Decision.decode(wire(0, 3, 0)).kind());
    }

    @Test
    void anAppendRoundTripsAndOneWithADigestIsRejected() throws Exception {
        ByteBuffer out = ByteBuffer.allocate(2 * Decision.SIZE);
        new Decision(7, Decision.Kind.APPEND, 12_345, 0).encode(out);
        new Decision(8, Decision.Kind.APPEND, 1, 99).encode(out);
        out.flip();
        assertEquals(new Decision(7, Decision.Kind.APPEND, 12_345, 0), Decision.decode(out));
        assertThrows(ProtocolException.class, () -> Decision.decode(out));
    }

    @Test
    void unknownKindIsRejected() {
        for (int kind : new int[] {4, 255}) {
            ByteBuffer in = wire(0, kind, 0);
            assertThrows(ProtocolException.class, () -> Decision.decode(in), "kind " + kind);
        }
    }

    @Test
    void negativeIndexOrOffsetIsRejected() {
        ByteBuffer index = wire(-1, 1, 0);
        assertThrows(ProtocolException.class, () -> Decision.decode(index));
        ByteBuffer offset = wire(0, 2, -4096);
        assertThrows(ProtocolException.class, () -> Decision.decode(offset));
    }

    @Test
    void truncatedDecisionIsRejected() {
        ByteBuffer in = ByteBuffer.allocate(Decision.SIZE - 1);
        assertThrows(ProtocolException.class, () -> Decision.decode(in));
    }
}
