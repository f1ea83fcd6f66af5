package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class EntryTest {

    private static final byte[] RAW_NAME = {'d', 'i', 'r', '/', (byte) 0xff, (byte) 0xfe, '\n', ' ', 'x'};

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static Entry roundTrip(Entry entry) throws ProtocolException {
        ByteBuffer wire = ByteBuffer.allocate(entry.encodedSize());
        entry.encode(wire);
        assertFalse(wire.hasRemaining(), "encodedSize is exact");
        ByteBuffer in = wire.flip();
        Entry decoded = Entry.decode(in);
        assertFalse(in.hasRemaining(), "decode consumes the whole entry");
        return decoded;
    }

    private static void assertSameEntry(Entry expected, Entry actual) {
        assertEquals(expected.index(), actual.index());
        assertEquals(expected.type(), actual.type());
        assertEquals(expected.mode(), actual.mode());
        assertEquals(expected.mtimeSeconds(), actual.mtimeSeconds());
        assertEquals(expected.mtimeNanos(), actual.mtimeNanos());
        assertEquals(expected.size(), actual.size());
        assertEquals(expected.uid(), actual.uid());
        assertEquals(expected.gid(), actual.gid());
        assertArrayEquals(expected.name(), actual.name());
        assertArrayEquals(expected.extra(), actual.extra());
    }

    /** A FILE entry's wire bytes with the given fields, for hand-made malformed input. */
    private static ByteBuffer wire(int index, int type, long size, int nanos, byte[] name, byte[] extra) {
        ByteBuffer out = ByteBuffer.allocate(Entry.FIXED_SIZE + name.length + extra.length);
        out.putInt(index).put((byte) type).putInt(0100644).putLong(1_700_000_000L).putInt(nanos).putLong(size)
                .putInt(1000).putInt(1000).putShort((short) name.length).put(name).putShort((short) extra.length)
                .put(extra);
        return out.flip();
    }

    @Test
    void aFileWithRawNonUtf8NameBytesRoundTrips() throws Exception {
        Entry file = new Entry(7, EntryType.FILE, 0100644, 1_700_000_000L, 123_456_789, 5_000_000_000L, 1000, 1001,
                RAW_NAME, new byte[0]);
        assertSameEntry(file, roundTrip(file));
    }

    @Test
    void aFileWithItsChecksumRoundTrips() throws Exception {
        byte[] md5 = new byte[16];
        Arrays.fill(md5, (byte) 0xab);
        Entry file = new Entry(0, EntryType.FILE, 0100600, -1L, 0, 0, 0, 0, utf8("a"), md5);
        assertSameEntry(file, roundTrip(file));
    }

    @Test
    void aDirectoryRoundTrips() throws Exception {
        Entry directory = new Entry(1, EntryType.DIRECTORY, 040755, 42, 999_999_999, 0, 0, 0, utf8("."), new byte[0]);
        assertSameEntry(directory, roundTrip(directory));
    }

    @Test
    void aSymlinkRoundTripsWithItsTarget() throws Exception {
        byte[] target = {'.', '.', '/', (byte) 0xc3, (byte) 0x28, '/', 't'};
        Entry link = new Entry(2, EntryType.SYMLINK, 0120777, 1, 2, 0, 3, 4, utf8("sub/link"), target);
        assertSameEntry(link, roundTrip(link));
    }

    @Test
    void devicesAndSpecialsRoundTripWithTheirTypeAndDeviceNumber() throws Exception {
        Entry device = new Entry(4, EntryType.DEVICE, Entry.S_IFCHR | 0620, 1_700_000_000L, 5, (136L << 8) | 3, 0, 5,
                utf8("dev/tty3"), new byte[0]);
        assertSameEntry(device, roundTrip(device));
        Entry block = new Entry(5, EntryType.DEVICE, Entry.S_IFBLK | 0660, 0, 0, (7L << 8) | 200, 0, 6, utf8("loop"),
                new byte[0]);
        assertSameEntry(block, roundTrip(block));
        for (int type : new int[] {Entry.S_IFIFO, Entry.S_IFSOCK}) {
            Entry special = new Entry(6, EntryType.SPECIAL, type | 0644, 0, 0, 0, 1, 1, utf8("run/x"), new byte[0]);
            assertSameEntry(special, roundTrip(special));
        }
    }

    @Test
    void aNodeWhoseModeIsNotOfItsTypeIsRejected() {
        int[][] bad = {
            {EntryType.DEVICE.code(), Entry.S_IFIFO | 0644, 0},
            {EntryType.DEVICE.code(), 0644, 0},
            {EntryType.DEVICE.code(), 0100644, 0},
            {EntryType.SPECIAL.code(), Entry.S_IFCHR | 0644, 0},
            {EntryType.SPECIAL.code(), Entry.S_IFIFO | 0644, 9},
            {EntryType.SPECIAL.code(), Entry.S_IFIFO | 0644 | 0x10_0000, 0},
        };
        for (int[] fields : bad) {
            ByteBuffer wire = ByteBuffer.allocate(Entry.FIXED_SIZE + 1);
            wire.putInt(1).put((byte) fields[0]).putInt(fields[1]).putLong(0).putInt(0).putLong(fields[2]).putInt(0)
                    .putInt(0).putShort((short) 1).put((byte) 'n').putShort((short) 0);
            assertThrows(ProtocolException.class, () -> Entry.decode(wire.flip()), Arrays.toString(fields));
        }
        ByteBuffer withExtra = ByteBuffer.allocate(Entry.FIXED_SIZE + 2);
        withExtra.putInt(1).put((byte) EntryType.SPECIAL.code()).putInt(Entry.S_IFIFO | 0644).putLong(0).putInt(0)
                .putLong(0).putInt(0).putInt(0).putShort((short) 1).put((byte) 'n').putShort((short) 1).put((byte) 1);
        assertThrows(ProtocolException.class, () -> Entry.decode(withExtra.flip()));
    }

    @Test
    void aDirectoryEndRoundTrips() throws Exception {
        Entry end = new Entry(Integer.MAX_VALUE, EntryType.DIRECTORY_END, 0, 0, 0, 0, 0, 0, utf8("sub"), new byte[0]);
        assertSameEntry(end, roundTrip(end));
    }

    /** Extended flag 8: a SUBDIRECTORY (16) and a CHILDREN_END (17), mode 1 for a directory not read whole. */
    @Test
    void aSubdirectoryAndAChildrenEndRoundTrip() throws Exception {
        assertEquals(16, EntryType.SUBDIRECTORY.code());
        assertEquals(17, EntryType.CHILDREN_END.code());
        Entry named = new Entry(5, EntryType.SUBDIRECTORY, 0, 0, 0, 0, 0, 0, RAW_NAME, new byte[0]);
        assertSameEntry(named, roundTrip(named));
        for (int mode : new int[] {0, 1}) {
            Entry end = new Entry(6, EntryType.CHILDREN_END, mode, 0, 0, 0, 0, 0, utf8("dir"), new byte[0]);
            assertSameEntry(end, roundTrip(end));
        }
    }

    /** Only the name (and a CHILDREN_END's mode 0 or 1) may be set: anything else is a protocol error. */
    @Test
    void malformedSubdirectoriesAndChildrenEndsAreProtocolErrors() {
        for (EntryType type : new EntryType[] {EntryType.SUBDIRECTORY, EntryType.CHILDREN_END}) {
            assertDoesNotThrow(() -> Entry.decode(marker(type, 0, 0, 0, 0, utf8("d"), new byte[0])), type.name());
            assertThrows(ProtocolException.class, () -> Entry.decode(marker(type, 2, 0, 0, 0, utf8("d"), new byte[0])),
                    type + " mode");
            assertThrows(ProtocolException.class, () -> Entry.decode(marker(type, 0, 1, 0, 0, utf8("d"), new byte[0])),
                    type + " time");
            assertThrows(ProtocolException.class, () -> Entry.decode(marker(type, 0, 0, 1, 0, utf8("d"), new byte[0])),
                    type + " size");
            assertThrows(ProtocolException.class, () -> Entry.decode(marker(type, 0, 0, 0, 1, utf8("d"), new byte[0])),
                    type + " uid");
            assertThrows(ProtocolException.class, () -> Entry.decode(marker(type, 0, 0, 0, 0, utf8("d"), utf8("x"))),
                    type + " extra");
            assertThrows(ProtocolException.class, () -> Entry.decode(marker(type, 0, 0, 0, 0, new byte[0], new byte[0])),
                    type + " without a name");
        }
        assertThrows(ProtocolException.class,
                () -> Entry.decode(marker(EntryType.SUBDIRECTORY, 1, 0, 0, 0, utf8("d"), new byte[0])),
                "a SUBDIRECTORY's mode 1");
    }

    /** A {@code type} entry with the given mode, time, size, uid, name and extra. */
    private static ByteBuffer marker(EntryType type, int mode, long seconds, long size, int uid, byte[] name,
            byte[] extra) {
        ByteBuffer out = ByteBuffer.allocate(Entry.FIXED_SIZE + name.length + extra.length);
        out.putInt(0).put((byte) type.code()).putInt(mode).putLong(seconds).putInt(0).putLong(size).putInt(uid)
                .putInt(0).putShort((short) name.length).put(name).putShort((short) extra.length).put(extra);
        return out.flip();
    }

    @Test
    void aProblemRoundTripsWithItsCodeAndTextAndMayHaveNoName() throws Exception {
        Entry problem = Entry.problem(3, 23, new byte[0], utf8("cannot read directory x"));
        assertEquals(EntryType.PROBLEM, problem.type());
        assertEquals(23, problem.mode());
        assertSameEntry(problem, roundTrip(problem));
    }

    @Test
    void aProblemsTextIsCutTo1024Bytes() {
        byte[] longText = new byte[5000];
        Arrays.fill(longText, (byte) 'e');
        Entry problem = Entry.problem(0, 24, utf8("n"), longText);
        assertEquals(1024, problem.extra().length);
        assertEquals(3, Entry.problem(0, 24, utf8("n"), utf8("abc")).extra().length);
    }

    @Test
    void nameAndExtraUpToTheLimitFitOneControlMessage() throws Exception {
        byte[] name = new byte[Entry.MAX_VARIABLE - 100];
        Arrays.fill(name, (byte) 'n');
        byte[] extra = new byte[100];
        Entry largest = new Entry(0, EntryType.SYMLINK, 0, 0, 0, 0, 0, 0, name, extra, 5, 6);
        assertEquals(ControlHeader.MAX_MESSAGE, ControlHeader.SIZE + 2 + largest.encodedSize(true),
                "a header, an entry count and the entry with its access time fill a message exactly");
        assertSameEntry(largest, roundTrip(largest));
        assertSameEntry(largest, roundTripWithAccessTime(largest));
    }

    private static Entry roundTripWithAccessTime(Entry entry) throws ProtocolException {
        ByteBuffer wire = ByteBuffer.allocate(entry.encodedSize(true));
        entry.encode(wire, true);
        assertFalse(wire.hasRemaining(), "encodedSize(true) is exact");
        ByteBuffer in = wire.flip();
        Entry decoded = Entry.decode(in, true);
        assertFalse(in.hasRemaining(), "decode consumes the whole entry and its access time");
        assertEquals(entry.atimeSeconds(), decoded.atimeSeconds());
        assertEquals(entry.atimeNanos(), decoded.atimeNanos());
        return decoded;
    }

    /** With --atimes the access time follows the extra: the same bytes as without, and twelve more. */
    @Test
    void anAccessTimeTravelsOnlyInSessionsWithAtimes() throws Exception {
        Entry file = new Entry(7, EntryType.FILE, 0100644, 1_700_000_000L, 123, 5, 1000, 1000, utf8("f"), new byte[0],
                1_600_000_000L, 999_999_999);
        ByteBuffer without = ByteBuffer.allocate(file.encodedSize());
        file.encode(without);
        ByteBuffer with = ByteBuffer.allocate(file.encodedSize(true));
        file.encode(with, true);

        assertArrayEquals(wire(7, 1, 5, 123, utf8("f"), new byte[0]).array(), without.array(),
                "without --atimes, the bytes an entry always had");
        assertArrayEquals(without.array(), Arrays.copyOf(with.array(), without.capacity()));
        assertEquals(1_600_000_000L, with.getLong(without.capacity()));
        assertEquals(999_999_999, with.getInt(without.capacity() + 8));
        assertEquals(0, roundTrip(file).atimeSeconds(), "a session without --atimes carries none");
        assertSameEntry(file, roundTripWithAccessTime(file));
        for (EntryType type : new EntryType[] {EntryType.SYMLINK, EntryType.HARDLINK}) {
            roundTripWithAccessTime(new Entry(1, type, 0, 0, 0, 0, 0, 0, utf8("l"), utf8("t"), -5, 1));
        }
        roundTripWithAccessTime(new Entry(1, EntryType.DIRECTORY, 040755, 1, 2, 0, 0, 0, utf8("d"), new byte[0]));
        roundTripWithAccessTime(Entry.problem(3, 23, utf8("p"), utf8("failed")));
    }

    @Test
    void anAccessTimeIsRefusedOutOfRangeOrWhereNoFileStands() {
        for (EntryType type : new EntryType[] {EntryType.DIRECTORY, EntryType.PROBLEM, EntryType.DIRECTORY_END,
                EntryType.MISSING, EntryType.ID_NAME}) {
            assertThrows(IllegalArgumentException.class,
                    () -> new Entry(0, type, 0, 0, 0, 0, 0, 0, utf8("x"), new byte[0], 1, 0), type.name());
        }
        assertThrows(IllegalArgumentException.class,
                () -> new Entry(0, EntryType.FILE, 0, 0, 0, 0, 0, 0, utf8("x"), new byte[0], 1, 1_000_000_000));
        assertThrows(IllegalArgumentException.class,
                () -> new Entry(0, EntryType.FILE, 0, 0, 0, 0, 0, 0, utf8("x"), new byte[0], 1, -1));
    }

    /** A FILE or DIRECTORY entry's wire bytes followed by an access time. */
    private static ByteBuffer withAccessTime(int type, long seconds, int nanos) {
        ByteBuffer entry = wire(2, type, 0, 0, utf8("e"), new byte[0]);
        ByteBuffer out = ByteBuffer.allocate(entry.remaining() + Entry.ACCESS_TIME_SIZE);
        return out.put(entry).putLong(seconds).putInt(nanos).flip();
    }

    @Test
    void malformedAccessTimesAreProtocolErrors() throws Exception {
        assertEquals(-3, Entry.decode(withAccessTime(EntryType.FILE.code(), -3, 4), true).atimeSeconds());
        assertThrows(ProtocolException.class, () -> Entry.decode(withAccessTime(EntryType.FILE.code(), 1, 1_000_000_000), true));
        assertThrows(ProtocolException.class, () -> Entry.decode(withAccessTime(EntryType.FILE.code(), 1, -1), true));
        assertThrows(ProtocolException.class, () -> Entry.decode(withAccessTime(EntryType.DIRECTORY.code(), 1, 0), true));
        assertThrows(ProtocolException.class, () -> Entry.decode(withAccessTime(EntryType.DIRECTORY.code(), 0, 1), true));
        ByteBuffer whole = withAccessTime(EntryType.FILE.code(), 1, 2);
        for (int missing = 1; missing <= Entry.ACCESS_TIME_SIZE; missing++) {
            ByteBuffer cut = ByteBuffer.wrap(Arrays.copyOf(whole.array(), whole.limit() - missing));
            assertThrows(ProtocolException.class, () -> Entry.decode(cut, true), missing + " bytes missing");
        }
    }

    @Test
    void tooLongNameAndExtraAreRejected() {
        byte[] name = new byte[Entry.MAX_VARIABLE + 1];
        assertThrows(IllegalArgumentException.class,
                () -> new Entry(0, EntryType.FILE, 0, 0, 0, 0, 0, 0, name, new byte[0]));
        byte[] half = new byte[Entry.MAX_VARIABLE / 2 + 1];
        assertThrows(IllegalArgumentException.class,
                () -> new Entry(0, EntryType.SYMLINK, 0, 0, 0, 0, 0, 0, half, half));
    }

    @Test
    void aHandWrittenEntryDecodes() throws Exception {
        Entry entry = Entry.decode(wire(5, 1, 10, 0, utf8("f"), new byte[0]));
        assertEquals(5, entry.index());
        assertEquals(EntryType.FILE, entry.type());
        assertEquals(0100644, entry.mode());
        assertEquals(10, entry.size());
        assertArrayEquals(utf8("f"), entry.name());
    }

    @Test
    void truncatedInputIsRejectedAtEveryLength() {
        Entry entry = new Entry(1, EntryType.SYMLINK, 0120777, 1, 2, 0, 3, 4, utf8("name"), utf8("target"));
        ByteBuffer full = ByteBuffer.allocate(entry.encodedSize());
        entry.encode(full);
        for (int length = 0; length < entry.encodedSize(); length++) {
            ByteBuffer cut = ByteBuffer.wrap(Arrays.copyOf(full.array(), length));
            assertThrows(ProtocolException.class, () -> Entry.decode(cut), length + " bytes");
        }
    }

    @Test
    void unknownTypeIsRejected() {
        for (int type : new int[] {0, 7, 255}) {
            ByteBuffer in = wire(0, type, 0, 0, utf8("f"), new byte[0]);
            assertThrows(ProtocolException.class, () -> Entry.decode(in), "type " + type);
        }
    }

    @Test
    void negativeIndexOrSizeIsRejected() {
        ByteBuffer index = wire(-1, 1, 0, 0, utf8("f"), new byte[0]);
        assertThrows(ProtocolException.class, () -> Entry.decode(index));
        ByteBuffer size = wire(0, 1, -1, 0, utf8("f"), new byte[0]);
        assertThrows(ProtocolException.class, () -> Entry.decode(size));
    }

    @Test
    void nanosecondsOutOfRangeAreRejected() {
        for (int nanos : new int[] {-1, 1_000_000_000, Integer.MIN_VALUE}) {
            ByteBuffer in = wire(0, 1, 0, nanos, utf8("f"), new byte[0]);
            assertThrows(ProtocolException.class, () -> Entry.decode(in), "nanos " + nanos);
        }
    }

    @Test
    void anEmptyNameIsRejectedForAllButAProblem() {
        for (EntryType type : new EntryType[] {EntryType.FILE, EntryType.DIRECTORY, EntryType.SYMLINK,
            EntryType.DIRECTORY_END}) {
            ByteBuffer in = wire(0, type.code(), 0, 0, new byte[0], new byte[0]);
            assertThrows(ProtocolException.class, () -> Entry.decode(in), type.name());
        }
    }

    @Test
    void entryTypeCodesAreTheWireValues() throws Exception {
        assertEquals(1, EntryType.FILE.code());
        assertEquals(2, EntryType.DIRECTORY.code());
        assertEquals(3, EntryType.SYMLINK.code());
        assertEquals(4, EntryType.DIRECTORY_END.code());
        assertEquals(5, EntryType.PROBLEM.code());
        assertEquals(6, EntryType.HARDLINK.code());
        for (EntryType type : EntryType.values()) {
            assertEquals(type, EntryType.ofCode(type.code()));
        }
    }

    @Test
    void anIdNameRoundTripsWithItsKindIdAndName() throws ProtocolException {
        Entry user = roundTrip(Entry.idName(7, false, 1234, utf8("alice")));
        assertEquals(EntryType.ID_NAME, user.type());
        assertFalse(user.namesGroup());
        assertEquals(1234, user.uid());
        assertArrayEquals(utf8("alice"), user.name());
        Entry group = roundTrip(Entry.idName(8, true, -2, utf8("nogroup")));
        assertEquals(true, group.namesGroup());
        assertEquals(-2, group.uid());
    }

    @Test
    void anIdNameOfNoBytesOrMoreThan255IsRefusedWhenMade() {
        assertThrows(IllegalArgumentException.class, () -> Entry.idName(0, false, 1, new byte[0]));
        assertThrows(IllegalArgumentException.class, () -> Entry.idName(0, false, 1, new byte[256]));
    }

    /** A name with a NUL would be cut short in the name service's C call: "root\0x" must not become "root". */
    @Test
    void malformedIdNamesAreProtocolErrors() {
        byte[] nul = {'r', 'o', 'o', 't', 0, 'x'};
        Entry[] bad = {
            new Entry(0, EntryType.ID_NAME, 0, 0, 0, 0, 5, 0, nul, new byte[0]),
            new Entry(0, EntryType.ID_NAME, 2, 0, 0, 0, 5, 0, utf8("kind 2"), new byte[0]),
            new Entry(0, EntryType.ID_NAME, 0, 0, 0, 0, 5, 0, new byte[256], new byte[0]),
            new Entry(0, EntryType.ID_NAME, 1, 0, 0, 0, 5, 0, utf8("staff"), utf8("extra")),
            new Entry(0, EntryType.ID_NAME, 1, 0, 0, 0, 5, 0, new byte[0], new byte[0]),
        };
        for (Entry entry : bad) {
            ByteBuffer wire = ByteBuffer.allocate(entry.encodedSize());
            entry.encode(wire);
            assertThrows(ProtocolException.class, () -> Entry.decode(wire.flip()), entry.toString());
        }
    }
}
