package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ItemizedChangeTest {

    private static final byte[] RAW_NAME = {'d', '/', (byte) 0xff, '\n', 'x'};

    private static ItemizedChange roundTrip(ItemizedChange change) throws ProtocolException {
        byte[] wire = change.encode();
        assertEquals(change.encodedSize(), wire.length);
        return ItemizedChange.decode(wire);
    }

    @Test
    void aSymlinkWithRawNameBytesRoundTrips() throws Exception {
        ItemizedChange sent = new ItemizedChange("cLc.t......", EntryType.SYMLINK, 0777, 11, -5L, RAW_NAME,
                "target".getBytes(StandardCharsets.UTF_8));
        ItemizedChange received = roundTrip(sent);
        assertEquals(sent.flags(), received.flags());
        assertEquals(EntryType.SYMLINK, received.type(), "from %i's X");
        assertEquals(0, received.size(), "the sender has the size in its own list");
        assertArrayEquals(RAW_NAME, received.name());
        assertArrayEquals(sent.link(), received.link());
    }

    @Test
    void aReportCarriesIt() throws Exception {
        ItemizedChange change = new ItemizedChange(">f.st......", EntryType.FILE, 0644, 5_000_000_000L, 1, RAW_NAME,
                new byte[0]);
        Report report = new Report(Report.Kind.ITEMIZED, 3, 0, change.encode());
        ByteBuffer wire = ByteBuffer.allocate(report.encodedSize());
        report.encode(wire);
        Report decoded = Report.decode(wire.flip());
        assertEquals(Report.Kind.ITEMIZED, decoded.kind());
        assertEquals(3, decoded.index());
        ItemizedChange received = ItemizedChange.decode(decoded.text());
        assertEquals(">f.st......", received.flags());
        Entry listed = new Entry(3, EntryType.FILE, 0644, 7, 0, 5_000_000_000L, 0, 0, RAW_NAME, new byte[0]);
        assertEquals(5_000_000_000L, received.withDetails(listed).size());
        assertEquals(7, received.withDetails(listed).mtimeSeconds());
    }

    @Test
    void aTransferSeenFromTheSenderPointsTheOtherWay() {
        ItemizedChange received = new ItemizedChange(">f+++++++++", EntryType.FILE, 0644, 1, 1, RAW_NAME, new byte[0]);
        assertEquals("<f+++++++++", received.asSent().flags());
        ItemizedChange made = new ItemizedChange("cd+++++++++", EntryType.DIRECTORY, 0755, 1, 1, RAW_NAME, new byte[0]);
        assertEquals("cd+++++++++", made.asSent().flags());
    }

    @Test
    void itAlwaysFitsAReport() {
        byte[] longName = new byte[Report.MAX_TEXT];
        Arrays.fill(longName, (byte) 'n');
        ItemizedChange change = new ItemizedChange("cL+++++++++", EntryType.SYMLINK, 0777, 1, 1, longName,
                new byte[100]);
        assertEquals(Report.MAX_TEXT, change.encodedSize());
        assertEquals(0, change.link().length, "a link that does not fit is left out");
        ItemizedChange shortName = new ItemizedChange("cL+++++++++", EntryType.SYMLINK, 0777, 1, 1, RAW_NAME,
                new byte[Report.MAX_TEXT]);
        assertEquals(0, shortName.link().length);
    }

    @Test
    void flagsMustBeElevenAsciiCharacters() {
        assertThrows(IllegalArgumentException.class, () -> new ItemizedChange(">f+++", EntryType.FILE, 0, 0, 0,
                RAW_NAME, new byte[0]));
        assertThrows(IllegalArgumentException.class, () -> new ItemizedChange(">f+++++++\u00e9+", EntryType.FILE, 0, 0,
                0, RAW_NAME, new byte[0]));
    }

    @Test
    void malformedInputIsAProtocolError() {
        byte[] good = new ItemizedChange(">f+++++++++", EntryType.FILE, 0644, 1, 1, RAW_NAME, new byte[] {'l'})
                .encode();
        for (int length = 0; length < good.length; length++) {
            byte[] cut = Arrays.copyOf(good, length);
            assertThrows(ProtocolException.class, () -> ItemizedChange.decode(cut), "cut at " + length);
        }
        byte[] trailing = Arrays.copyOf(good, good.length + 1);
        assertThrows(ProtocolException.class, () -> ItemizedChange.decode(trailing));
        byte[] control = good.clone();
        control[0] = '\n';
        assertThrows(ProtocolException.class, () -> ItemizedChange.decode(control));
        byte[] longName = good.clone();
        longName[ItemizedChange.FLAGS] = 0x7f;
        assertThrows(ProtocolException.class, () -> ItemizedChange.decode(longName));
        byte[] emptyName = new ItemizedChange(">f+++++++++", EntryType.FILE, 0, 0, 0, new byte[] {'x'}, new byte[0])
                .encode();
        int nameLengthAt = ItemizedChange.FIXED_SIZE - 4;
        byte[] withoutName = new byte[emptyName.length - 1];
        System.arraycopy(emptyName, 0, withoutName, 0, nameLengthAt + 2);
        System.arraycopy(emptyName, nameLengthAt + 3, withoutName, nameLengthAt + 2, 2);
        withoutName[nameLengthAt + 1] = 0;
        ProtocolException empty = assertThrows(ProtocolException.class, () -> ItemizedChange.decode(withoutName));
        assertEquals("malformed itemized change", empty.getMessage());
        assertThrows(ProtocolException.class, () -> ItemizedChange.decode(new byte[Report.MAX_TEXT + 1]));
    }

    @Test
    void aDeletionIsRsyncs() {
        ItemizedChange deletion = ItemizedChange.deleted(RAW_NAME);
        assertEquals("*deleting  ", deletion.flags());
        assertFalse(deletion.transferred());
    }

    @Test
    void aFilesDecisionAndReportTakeNoMoreRoomThanItsEntry() {
        byte[] target = "some/where".getBytes(StandardCharsets.UTF_8);
        Entry file = new Entry(1, EntryType.FILE, 0644, 0, 0, 1, 0, 0, RAW_NAME, new byte[0]);
        Entry link = new Entry(2, EntryType.SYMLINK, 0777, 0, 0, 1, 0, 0, RAW_NAME, target);
        int fileAnswer = Decision.SIZE + Report.FIXED_SIZE
                + new ItemizedChange(">f+++++++++", EntryType.FILE, 0, 0, 0, RAW_NAME, new byte[0]).encodedSize();
        int linkAnswer = Report.FIXED_SIZE
                + new ItemizedChange("cL+++++++++", EntryType.SYMLINK, 0, 0, 0, RAW_NAME, target).encodedSize();
        assertTrue(fileAnswer <= file.encodedSize(), fileAnswer + " > " + file.encodedSize());
        assertTrue(linkAnswer <= link.encodedSize(), linkAnswer + " > " + link.encodedSize());
    }
}
