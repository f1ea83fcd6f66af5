package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class SessionRequestTest {

    private static final List<String> PATHS = List.of("/srv/data/file.bin", "r\u00e9pertoire/\u65e5\u672c\u8a9e.txt",
            "with space", "emoji-\ud83d\ude80");

    private static SessionRequest roundTrip(SessionRequest request) throws ProtocolException {
        ByteBuffer wire = request.encode();
        assertFalse(wire.hasRemaining(), "encode fills its buffer exactly");
        return SessionRequest.decode(wire.flip());
    }

    /** Header bytes: direction, flags, chunk size, slots, path count. */
    private static ByteBuffer header(ByteBuffer out, int direction, int flags, int count) {
        return out.put((byte) direction).put((byte) flags).putInt(1 << 20).putShort((short) 8).putShort((short) count);
    }

    @Test
    void pushRoundTripsWithSeveralUtf8Paths() throws Exception {
        int flags = SessionRequest.PRESERVE_TIMES | SessionRequest.DESTINATION_IS_DIRECTORY;
        SessionRequest sent = new SessionRequest(SessionRequest.Direction.PUSH, flags, 4 << 20, 16, PATHS);
        SessionRequest received = roundTrip(sent);
        assertEquals(sent, received);
        assertTrue(received.has(SessionRequest.PRESERVE_TIMES));
        assertFalse(received.has(SessionRequest.PRESERVE_PERMISSIONS));
        assertTrue(received.has(SessionRequest.DESTINATION_IS_DIRECTORY));
    }

    @Test
    void pullRoundTripsWithSeveralUtf8Paths() throws Exception {
        SessionRequest sent = new SessionRequest(SessionRequest.Direction.PULL, SessionRequest.PRESERVE_PERMISSIONS,
                65536, 65535, PATHS);
        SessionRequest received = roundTrip(sent);
        assertEquals(SessionRequest.Direction.PULL, received.direction());
        assertEquals(65536, received.chunkSize());
        assertEquals(65535, received.slots());
        assertEquals(PATHS, received.paths());
        assertTrue(received.has(SessionRequest.PRESERVE_PERMISSIONS));
    }

    @Test
    void unknownFlagsAreRejected() {
        SessionRequest request = new SessionRequest(SessionRequest.Direction.PUSH, 1 << 3, 1 << 20, 8, List.of("x"));
        ByteBuffer wire = request.encode().flip();
        assertThrows(ProtocolException.class, () -> SessionRequest.decode(wire));
        ByteBuffer highBit = request(0x80, "x");
        assertThrows(ProtocolException.class, () -> SessionRequest.decode(highBit));
    }

    private static ByteBuffer request(int flags, String path) {
        byte[] bytes = path.getBytes(StandardCharsets.UTF_8);
        ByteBuffer out = ByteBuffer.allocate(10 + 2 + bytes.length);
        header(out, 1, flags, 1).putShort((short) bytes.length).put(bytes);
        return out.flip();
    }

    @Test
    void aWellFormedHandWrittenRequestDecodes() throws Exception {
        SessionRequest decoded = SessionRequest.decode(request(SessionRequest.PRESERVE_TIMES, "dest/"));
        assertEquals(SessionRequest.Direction.PUSH, decoded.direction());
        assertEquals(List.of("dest/"), decoded.paths());
    }

    @Test
    void zeroPathsAreRejected() {
        ByteBuffer out = ByteBuffer.allocate(10);
        header(out, 1, 0, 0).flip();
        assertThrows(ProtocolException.class, () -> SessionRequest.decode(out));
    }

    @Test
    void unknownDirectionIsRejected() {
        for (int direction : new int[] {0, 3, 0xFF}) {
            ByteBuffer out = ByteBuffer.allocate(13);
            header(out, direction, 0, 1).putShort((short) 1).put((byte) 'a').flip();
            assertThrows(ProtocolException.class, () -> SessionRequest.decode(out), "direction " + direction);
        }
    }

    @Test
    void truncatedPathIsRejected() {
        ByteBuffer out = ByteBuffer.allocate(10 + 2 + 3);
        header(out, 2, 0, 1).putShort((short) 4).put(new byte[] {'a', 'b', 'c'}).flip();
        assertThrows(ProtocolException.class, () -> SessionRequest.decode(out));
    }

    @Test
    void missingPathIsRejected() {
        ByteBuffer out = ByteBuffer.allocate(10 + 2 + 1);
        header(out, 2, 0, 2).putShort((short) 1).put((byte) 'a').flip();
        assertThrows(ProtocolException.class, () -> SessionRequest.decode(out));
    }

    @Test
    void emptyPathIsRejected() {
        ByteBuffer out = ByteBuffer.allocate(10 + 2);
        header(out, 2, 0, 1).putShort((short) 0).flip();
        assertThrows(ProtocolException.class, () -> SessionRequest.decode(out));
    }

    @Test
    void trailingBytesAreRejected() {
        SessionRequest request = new SessionRequest(SessionRequest.Direction.PULL, 0, 1 << 20, 8, List.of("a", "b"));
        ByteBuffer encoded = request.encode().flip();
        ByteBuffer longer = ByteBuffer.allocate(encoded.remaining() + 1).put(encoded).put((byte) 0).flip();
        assertThrows(ProtocolException.class, () -> SessionRequest.decode(longer));
    }

    @Test
    void zeroSlotsAreRejected() {
        SessionRequest request = new SessionRequest(SessionRequest.Direction.PUSH, 0, 1 << 20, 0, List.of("a"));
        ByteBuffer wire = request.encode().flip();
        assertThrows(ProtocolException.class, () -> SessionRequest.decode(wire));
    }

    @Test
    void shortHeaderIsRejected() {
        assertThrows(ProtocolException.class, () -> SessionRequest.decode(ByteBuffer.allocate(9)));
    }
}
