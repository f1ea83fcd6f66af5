package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class FramesTest {

    private static DataInputStream input(byte... bytes) {
        return new DataInputStream(new ByteArrayInputStream(bytes));
    }

    @Test
    void endpointRoundTripsThroughAFrame() throws Exception {
        byte[] gid = new byte[16];
        gid[0] = (byte) 0xfe;
        gid[1] = (byte) 0x80;
        gid[15] = 7;
        QpEndpoint sent = new QpEndpoint(0x123456, 0xABCDEF, 0x0102, gid, 5, 2);
        ByteBuffer payload = ByteBuffer.allocate(QpEndpoint.SIZE);
        sent.encode(payload);
        payload.flip();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Frames.write(new DataOutputStream(bytes), MessageType.QP_ENDPOINT, payload);

        byte[] wire = bytes.toByteArray();
        assertEquals(Frames.HEADER_SIZE + QpEndpoint.SIZE, wire.length);
        assertEquals(MessageType.QP_ENDPOINT.code(), wire[0]);
        // Big-endian u32 QPN right after the 5-byte header: 00 12 34 56.
        assertEquals(0x00, wire[5]);
        assertEquals(0x12, wire[6]);
        assertEquals(0x56, wire[8]);
        Frames.Frame frame = Frames.read(input(wire));
        QpEndpoint received = QpEndpoint.decode(frame.payload());
        assertEquals(sent, received);
        assertArrayEquals(gid, received.gid());
    }

    @Test
    void oversizedLengthIsRejectedBeforeAllocating() {
        ProtocolException e = assertThrows(ProtocolException.class,
                () -> Frames.read(input((byte) 1, (byte) 0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff)));
        assertTrue(e.getMessage().contains("out of range"), e.getMessage());
    }

    @Test
    void truncatedFrameIsAProtocolError() {
        ProtocolException e = assertThrows(ProtocolException.class,
                () -> Frames.read(input((byte) 1, (byte) 0, (byte) 0, (byte) 0, (byte) 6, (byte) 'R')));
        assertTrue(e.getMessage().contains("middle of a frame"), e.getMessage());
    }

    @Test
    void unknownTypeIsRejected() {
        assertThrows(ProtocolException.class, () -> Frames.read(input((byte) 99, (byte) 0, (byte) 0, (byte) 0, (byte) 0)));
    }

    @Test
    void garbageInsteadOfHelloIsNotAnRdcpPeer() {
        ByteBuffer garbage = ByteBuffer.wrap("GET / ".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        ProtocolException e = assertThrows(ProtocolException.class, () -> Hello.decode(garbage));
        assertTrue(e.getMessage().contains("not an rdcp peer"), e.getMessage());
    }

    @Test
    void otherVersionIsAMismatch() throws Exception {
        ByteBuffer payload = ByteBuffer.allocate(Hello.SIZE);
        new Hello(Hello.CURRENT_VERSION + 1).encode(payload);
        payload.flip();
        Hello theirs = Hello.decode(payload);
        VersionMismatchException e = assertThrows(VersionMismatchException.class, theirs::requireCompatible);
        assertTrue(e.getMessage().contains("version " + (Hello.CURRENT_VERSION + 1)), e.getMessage());
    }

    @Test
    void endpointWithWrongLengthOrWideQpnIsRejected() {
        assertThrows(ProtocolException.class, () -> QpEndpoint.decode(ByteBuffer.allocate(QpEndpoint.SIZE - 1)));
        ByteBuffer wide = ByteBuffer.allocate(QpEndpoint.SIZE);
        wide.putInt(0x01000000).putInt(0).putShort((short) 0).put((byte) 5).put((byte) 2).put(new byte[16]).flip();
        assertThrows(ProtocolException.class, () -> QpEndpoint.decode(wide));
    }
}
