package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class FileMessageTest {

    /** The encoded message followed by {@code extra} zero bytes, position at the end. */
    private static ByteBuffer encoded(FileMessage message, int extra) {
        ByteBuffer out = ByteBuffer.allocate(message.encodedSize() + extra);
        message.encode(out);
        return out.position(out.position() + extra);
    }

    /** A FILE payload written field by field, so decode can be fed what the constructor would refuse. */
    private static ByteBuffer raw(long size, int nanos, int nameLength, byte[] name) {
        ByteBuffer out = ByteBuffer.allocate(FileMessage.FIXED_SIZE + name.length);
        out.putInt(1).putLong(size).putInt(0644).putLong(0).putInt(nanos).putShort((short) nameLength).put(name);
        return out.flip();
    }

    @Test
    void roundTripsWithNonAsciiNameBytes() throws Exception {
        byte[] name = "r\u00e9sum\u00e9-\u65e5\u672c.txt".getBytes(StandardCharsets.UTF_8);
        // Also a byte that is not valid UTF-8 on its own: names are bytes, not text.
        byte[] withRawByte = Arrays.copyOf(name, name.length + 1);
        withRawByte[name.length] = (byte) 0xFF;
        FileMessage sent = new FileMessage(42, 123_456_789_012L, 0100755, -86_400L, 999_999_999, withRawByte);
        ByteBuffer wire = encoded(sent, 0);
        assertEquals(FileMessage.FIXED_SIZE + withRawByte.length, wire.position());
        wire.flip();

        FileMessage received = FileMessage.decode(wire);
        assertEquals(42, received.fileId());
        assertEquals(123_456_789_012L, received.size());
        assertEquals(0100755, received.mode());
        assertEquals(-86_400L, received.mtimeSeconds());
        assertEquals(999_999_999, received.mtimeNanos());
        assertArrayEquals(withRawByte, received.name());
    }

    @Test
    void longestNameRoundTrips() throws Exception {
        byte[] name = new byte[FileMessage.MAX_NAME];
        Arrays.fill(name, (byte) 'n');
        ByteBuffer wire = encoded(new FileMessage(1, 0, 0600, 0, 0, name), 0).flip();
        assertArrayEquals(name, FileMessage.decode(wire).name());
    }

    @Test
    void constructorRejectsEmptyAndOversizedNames() {
        assertThrows(IllegalArgumentException.class, () -> new FileMessage(1, 0, 0, 0, 0, new byte[0]));
        assertThrows(IllegalArgumentException.class,
                () -> new FileMessage(1, 0, 0, 0, 0, new byte[FileMessage.MAX_NAME + 1]));
        assertThrows(IllegalArgumentException.class, () -> new FileMessage(1, -1, 0, 0, 0, new byte[] {'a'}));
    }

    @Test
    void decodeRejectsEmptyAndOversizedNames() {
        assertThrows(ProtocolException.class, () -> FileMessage.decode(raw(0, 0, 0, new byte[0])));
        byte[] big = new byte[FileMessage.MAX_NAME + 1];
        Arrays.fill(big, (byte) 'a');
        assertThrows(ProtocolException.class, () -> FileMessage.decode(raw(0, 0, big.length, big)));
    }

    @Test
    void decodeRejectsTrailingBytes() {
        ByteBuffer wire = encoded(new FileMessage(1, 10, 0644, 0, 0, new byte[] {'a', 'b'}), 1).flip();
        assertThrows(ProtocolException.class, () -> FileMessage.decode(wire));
    }

    @Test
    void decodeRejectsANameLongerThanThePayload() {
        assertThrows(ProtocolException.class, () -> FileMessage.decode(raw(0, 0, 5, new byte[] {'a', 'b'})));
    }

    @Test
    void decodeRejectsTruncatedFixedPart() {
        ByteBuffer wire = encoded(new FileMessage(1, 10, 0644, 0, 0, new byte[] {'a'}), 0).flip();
        wire.limit(FileMessage.FIXED_SIZE - 1);
        assertThrows(ProtocolException.class, () -> FileMessage.decode(wire));
    }

    @Test
    void decodeRejectsNegativeSizeAndBadNanoseconds() {
        byte[] name = {'x'};
        assertThrows(ProtocolException.class, () -> FileMessage.decode(raw(-1, 0, 1, name)));
        assertThrows(ProtocolException.class, () -> FileMessage.decode(raw(0, 1_000_000_000, 1, name)));
        assertThrows(ProtocolException.class, () -> FileMessage.decode(raw(0, -1, 1, name)));
    }
}
