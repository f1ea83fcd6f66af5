package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class TcpFrameTest {

    @Test
    void aWriteHeaderRoundTripsBigEndian() {
        ByteBuffer header = TcpFrame.putWriteHeader(ByteBuffer.allocate(TcpFrame.WRITE_HEADER), 70000, 3, 1L << 40)
                .flip();
        assertEquals(TcpFrame.WRITE_HEADER, header.remaining());
        assertEquals(TcpFrame.WRITE, header.get(0));
        // docs/protocol.md: u32 length right after the kind, most significant byte first.
        assertEquals(0x00, header.get(1));
        assertEquals(0x01, header.get(2));
        assertEquals(0x11, header.get(3));
        assertEquals(0x70, header.get(4));
        ByteBuffer start = header.slice(0, TcpFrame.START);
        ByteBuffer rest = header.slice(TcpFrame.START, TcpFrame.WRITE_HEADER - TcpFrame.START);
        assertEquals(TcpFrame.WRITE, assertDoesNotThrow(() -> TcpFrame.kind(start)));
        assertEquals(70000, TcpFrame.writeLength(start));
        assertEquals(3, TcpFrame.writeKey(rest));
        assertEquals(1L << 40, TcpFrame.writeAddress(rest));
    }

    @Test
    void aKeepaliveIsItsKindAndFourZeros() throws ProtocolException {
        ByteBuffer frame = TcpFrame.putKeepalive(ByteBuffer.allocate(TcpFrame.START)).flip();
        assertEquals(TcpFrame.KEEPALIVE, TcpFrame.kind(frame));
        assertEquals(0, frame.getInt(1));
        assertDoesNotThrow(() -> TcpFrame.checkKeepalive(frame));
    }

    @Test
    void aKeepaliveWithAnythingButZerosIsRefused() {
        ByteBuffer frame = ByteBuffer.allocate(TcpFrame.START).put(TcpFrame.KEEPALIVE).putInt(1 << 24).flip();
        assertThrows(ProtocolException.class, () -> TcpFrame.checkKeepalive(frame));
    }

    @Test
    void aMessageFrameCarriesItsControlHeadersLength() throws ProtocolException {
        ByteBuffer start = ByteBuffer.allocate(TcpFrame.START).put(TcpFrame.MESSAGE).put((byte) 1).put((byte) 0)
                .putShort((short) 100).flip();
        assertEquals(ControlHeader.SIZE + 100, TcpFrame.messageLength(start));
    }

    @Test
    void aMessageLongerThanAnyBufferIsRefused() {
        ByteBuffer start = ByteBuffer.allocate(TcpFrame.START).put(TcpFrame.MESSAGE).put((byte) 1).put((byte) 0)
                .putShort((short) 0xFFFF).flip();
        assertThrows(ProtocolException.class, () -> TcpFrame.messageLength(start));
    }

    @Test
    void anUnknownKindIsRefused() {
        for (byte kind : new byte[] {0, 'm', 'X', (byte) 0xFF}) {
            ByteBuffer start = ByteBuffer.allocate(TcpFrame.START).put(kind).flip();
            assertThrows(ProtocolException.class, () -> TcpFrame.kind(start), Byte.toString(kind));
        }
    }

    @Test
    void aWriteMustLieInsideTheRegionItsKeyNames() {
        assertDoesNotThrow(() -> TcpFrame.checkKey(0, 1, 10, 0));
        assertDoesNotThrow(() -> TcpFrame.checkSpan(10, 90, 100));
        assertDoesNotThrow(() -> TcpFrame.checkSpan(0, 100, 100));
        assertThrows(ProtocolException.class, () -> TcpFrame.checkKey(1, 1, 10, 0));
        assertThrows(ProtocolException.class, () -> TcpFrame.checkKey(-1, 1, 10, 0));
        assertThrows(ProtocolException.class, () -> TcpFrame.checkSpan(11, 90, 100));
        assertThrows(ProtocolException.class, () -> TcpFrame.checkSpan(-1, 0, 100));
        assertThrows(ProtocolException.class, () -> TcpFrame.checkSpan(1, -1, 100));
        // A sum would wrap: address + length past 2^63 must not pass as small.
        assertThrows(ProtocolException.class, () -> TcpFrame.checkSpan(16, Long.MAX_VALUE - 8, 100));
    }
}
