package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class ControlHeaderTest {

    /** A received message: header for {@code type} and {@code declared} payload bytes, then {@code actual} bytes. */
    private static ByteBuffer message(ControlType type, int declared, int actual) {
        ByteBuffer buffer = ByteBuffer.allocate(ControlHeader.SIZE + actual);
        ControlHeader.write(buffer, type, declared);
        for (int i = 0; i < actual; i++) {
            buffer.put((byte) (i + 1));
        }
        return buffer.flip();
    }

    @Test
    void writeThenReadGivesTheTypeAndLeavesTheBufferAtThePayload() throws Exception {
        for (ControlType type : ControlType.values()) {
            ByteBuffer in = message(type, 7, 7);
            assertEquals(type, ControlHeader.read(in, in.remaining()));
            assertEquals(ControlHeader.SIZE, in.position(), type.name());
            assertEquals(1, in.get(), "first payload byte");
        }
    }

    @Test
    void headerIsTypeZeroAndBigEndianLength() {
        ByteBuffer out = ByteBuffer.allocate(ControlHeader.SIZE);
        ControlHeader.write(out, ControlType.WANTS, 0x0102);
        assertEquals(ControlType.WANTS.code(), out.get(0));
        assertEquals(0, out.get(1));
        assertEquals(0x01, out.get(2));
        assertEquals(0x02, out.get(3));
    }

    @Test
    void emptyPayloadIsAccepted() throws Exception {
        ByteBuffer in = message(ControlType.END, 0, 0);
        assertEquals(ControlType.END, ControlHeader.read(in, ControlHeader.SIZE));
    }

    @Test
    void declaredLengthDifferentFromTheByteCountIsRejected() {
        ByteBuffer shorter = message(ControlType.CHUNKS, 24, 20);
        assertThrows(ProtocolException.class, () -> ControlHeader.read(shorter, shorter.remaining()));
        ByteBuffer longer = message(ControlType.CHUNKS, 24, 30);
        assertThrows(ProtocolException.class, () -> ControlHeader.read(longer, longer.remaining()));
    }

    @Test
    void oversizedMessageIsRejected() {
        int payload = ControlHeader.MAX_MESSAGE - ControlHeader.SIZE + 1;
        ByteBuffer in = message(ControlType.ENTRIES, payload, payload);
        ProtocolException e = assertThrows(ProtocolException.class, () -> ControlHeader.read(in, in.remaining()));
        assertTrue(e.getMessage().contains(Integer.toString(ControlHeader.MAX_MESSAGE + 1)), e.getMessage());
    }

    @Test
    void largestMessageIsAccepted() throws Exception {
        int payload = ControlHeader.MAX_MESSAGE - ControlHeader.SIZE;
        ByteBuffer in = message(ControlType.ENTRIES, payload, payload);
        assertEquals(ControlType.ENTRIES, ControlHeader.read(in, in.remaining()));
    }

    @Test
    void messageShorterThanAHeaderIsRejected() {
        ByteBuffer in = ByteBuffer.allocate(3);
        assertThrows(ProtocolException.class, () -> ControlHeader.read(in, 3));
    }

    @Test
    void unknownTypeIsRejected() {
        ByteBuffer in = ByteBuffer.wrap(new byte[] {(byte) 99, 0, 0, 0});
        assertThrows(ProtocolException.class, () -> ControlHeader.read(in, 4));
    }

    @Test
    void typeCodesAreTheWireValues() throws Exception {
        assertEquals(1, ControlType.MR.code());
        assertEquals(2, ControlType.ENTRIES.code());
        assertEquals(3, ControlType.CHUNKS.code());
        assertEquals(4, ControlType.WANTS.code());
        assertEquals(5, ControlType.END.code());
        assertEquals(6, ControlType.MORE.code());
        assertEquals(7, ControlType.BYE.code());
        assertEquals(8, ControlType.ABORT.code());
        for (ControlType type : ControlType.values()) {
            assertEquals(type, ControlType.ofCode(type.code()));
        }
        assertThrows(ProtocolException.class, () -> ControlType.ofCode(0));
        assertThrows(ProtocolException.class, () -> ControlType.ofCode(9));
    }

    @Test
    void aNonZeroReservedByteIsRejected() {
        ByteBuffer wire = message(ControlType.END, 0, 0);
        wire.put(1, (byte) 1);
        assertThrows(ProtocolException.class, () -> ControlHeader.read(wire, wire.remaining()));
    }
}
