package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class XattrsTest {

    private static final int ROOM = 8000;

    private static Xattrs.Xattr xattr(String name, String value) {
        return new Xattrs.Xattr(name.getBytes(StandardCharsets.UTF_8), value.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] encoded(Xattrs xattrs) {
        ByteBuffer out = ByteBuffer.allocate(xattrs.encodedSize());
        xattrs.encode(out);
        assertFalse(out.hasRemaining(), "encodedSize is exact");
        return out.array();
    }

    @Test
    void roundTripsInCanonicalOrder() throws ProtocolException {
        Xattrs set = new Xattrs(List.of(xattr("user.b", "2"), xattr("user.a", ""), xattr("trusted.lov", "xyz")));
        byte[] bytes = encoded(set);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        Xattrs decoded = Xattrs.decode(in, ROOM);
        assertFalse(in.hasRemaining());
        assertEquals(set, decoded);
        assertEquals("trusted.lov", new String(decoded.attributes().get(0).name(), StandardCharsets.UTF_8));
        assertArrayEquals("2".getBytes(StandardCharsets.UTF_8), decoded.get("user.b".getBytes(StandardCharsets.UTF_8)));
        assertNull(decoded.get("user.c".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void layoutIsBigEndianWithByteNameLengthsAndWordValueLengths() {
        byte[] bytes = encoded(new Xattrs(List.of(xattr("user.k", "vv"))));
        assertArrayEquals(new byte[] {0, 1, 6, 'u', 's', 'e', 'r', '.', 'k', 0, 0, 0, 2, 'v', 'v'}, bytes);
    }

    @Test
    void emptySetIsTwoBytes() throws ProtocolException {
        assertArrayEquals(new byte[] {0, 0}, encoded(Xattrs.NONE));
        assertEquals(Xattrs.NONE, Xattrs.decode(ByteBuffer.wrap(new byte[] {0, 0}), 2));
    }

    @Test
    void largestNameAndValueRoundTrip() throws ProtocolException {
        Xattrs set = new Xattrs(List.of(new Xattrs.Xattr("u".repeat(255).getBytes(StandardCharsets.US_ASCII),
                new byte[Xattrs.MAX_VALUE])));
        byte[] bytes = encoded(set);
        assertEquals(set, Xattrs.decode(ByteBuffer.wrap(bytes), bytes.length));
        assertThrows(ProtocolException.class, () -> Xattrs.decode(ByteBuffer.wrap(bytes), bytes.length - 1),
                "a set over the room its entry leaves");
    }

    @Test
    void refusesWhatTheEncoderNeverWrites() {
        byte[][] malformed = {
            {},
            {0},
            {0, 1},
            {0, 1, 0, 0, 0, 0, 0},
            {0, 1, 3, 'a', 'b'},
            {0, 1, 1, 'a', 0, 0, 0, 5, 'x'},
            {0, 1, 1, 'a', 0, 1, 0, 1},
            {0, 1, 2, 'a', 0, 0, 0, 0, 0},
            {0, 2, 1, 'b', 0, 0, 0, 0, 1, 'a', 0, 0, 0, 0},
            {0, 2, 1, 'a', 0, 0, 0, 0, 1, 'a', 0, 0, 0, 0},
            {0, 1, 1, 'a', (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff},
        };
        for (byte[] bytes : malformed) {
            assertThrows(ProtocolException.class, () -> Xattrs.decode(ByteBuffer.wrap(bytes), ROOM),
                    () -> java.util.Arrays.toString(bytes));
        }
    }

    @Test
    void refusesBadNamesAndValuesAtConstruction() {
        assertThrows(IllegalArgumentException.class, () -> new Xattrs.Xattr(new byte[0], new byte[0]));
        assertThrows(IllegalArgumentException.class, () -> new Xattrs.Xattr(new byte[256], new byte[0]));
        assertThrows(IllegalArgumentException.class, () -> new Xattrs.Xattr(new byte[] {'a', 0}, new byte[0]));
        assertThrows(IllegalArgumentException.class, () -> new Xattrs.Xattr(new byte[] {'a'},
                new byte[Xattrs.MAX_VALUE + 1]));
        assertThrows(IllegalArgumentException.class, () -> new Xattrs(List.of(xattr("user.a", "1"),
                xattr("user.a", "2"))));
    }

    @Test
    void roomAfterAnEntryLeavesTheMessageFull() {
        Entry entry = new Entry(0, EntryType.FILE, 0644, 0, 0, 0, 0, 0, new byte[100], new byte[0]);
        assertEquals(ControlHeader.MAX_MESSAGE - ControlHeader.SIZE - 2 - entry.encodedSize(),
                Xattrs.roomAfter(entry, false));
        assertEquals(Xattrs.roomAfter(entry, false) - Entry.ACCESS_TIME_SIZE, Xattrs.roomAfter(entry, true),
                "with --atimes the entry's access time takes its share");
    }
}
