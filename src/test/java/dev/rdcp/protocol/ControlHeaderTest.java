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
        ControlHeader.write(out, ControlType.STATUS, 0x0102);
        assertEquals(ControlType.STATUS.code(), out.get(0));
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
        ByteBuffer shorter = message(ControlType.CHUNK, 24, 20);
        assertThrows(ProtocolException.class, () -> ControlHeader.read(shorter, shorter.remaining()));
        ByteBuffer longer = message(ControlType.CHUNK, 24, 30);
        assertThrows(ProtocolException.class, () -> ControlHeader.read(longer, longer.remaining()));
    }

    @Test
    void oversizedMessageIsRejected() {
        int payload = ControlHeader.MAX_MESSAGE - ControlHeader.SIZE + 1;
        ByteBuffer in = message(ControlType.FILE, payload, payload);
        ProtocolException e = assertThrows(ProtocolException.class, () -> ControlHeader.read(in, in.remaining()));
        assertTrue(e.getMessage().contains(Integer.toString(ControlHeader.MAX_MESSAGE + 1)), e.getMessage());
    }

    @Test
    void largestMessageIsAccepted() throws Exception {
        int payload = ControlHeader.MAX_MESSAGE - ControlHeader.SIZE;
        ByteBuffer in = message(ControlType.FILE, payload, payload);
        assertEquals(ControlType.FILE, ControlHeader.read(in, in.remaining()));
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
}
