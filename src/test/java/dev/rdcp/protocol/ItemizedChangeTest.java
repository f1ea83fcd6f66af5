package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
        assertEquals(EntryType.SYMLINK, received.type());
        assertEquals(0777, received.mode());
        assertEquals(11, received.size());
        assertEquals(-5L, received.mtimeSeconds());
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
        assertEquals(5_000_000_000L, ItemizedChange.decode(decoded.text()).size());
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
        byte[] badType = good.clone();
        badType[ItemizedChange.FLAGS] = 99;
        assertThrows(ProtocolException.class, () -> ItemizedChange.decode(badType));
        byte[] negativeSize = good.clone();
        negativeSize[ItemizedChange.FLAGS + 5] = (byte) 0x80;
        assertThrows(ProtocolException.class, () -> ItemizedChange.decode(negativeSize));
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
}
