package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ReportTest {

    private static Report roundTrip(Report report) throws ProtocolException {
        ByteBuffer out = ByteBuffer.allocate(report.encodedSize());
        report.encode(out);
        assertFalse(out.hasRemaining(), "encodedSize is exact");
        return Report.decode(out.flip());
    }

    @Test
    void aFailureRoundTripsWithItsCodeAndText() throws Exception {
        Report sent = new Report(Report.Kind.FAILED, 42, 23, "x: No space left on device".getBytes(StandardCharsets.UTF_8));
        Report received = roundTrip(sent);
        assertEquals(Report.Kind.FAILED, received.kind());
        assertEquals(42, received.index());
        assertEquals(23, received.code());
        assertArrayEquals(sent.text(), received.text());
    }

    @Test
    void aDeletionRoundTripsWithARawNameAndNoIndex() throws Exception {
        byte[] name = {'d', '/', (byte) 0xff, '\n'};
        Report received = roundTrip(new Report(Report.Kind.DELETED, -1, 0, name));
        assertEquals(Report.Kind.DELETED, received.kind());
        assertEquals(-1, received.index());
        assertArrayEquals(name, received.text());
    }

    @Test
    void anEntryInPlaceRoundTrips() throws Exception {
        Report received = roundTrip(new Report(Report.Kind.IN_PLACE, 7, 0, new byte[0]));
        assertEquals(Report.Kind.IN_PLACE, received.kind());
        assertEquals(7, received.index());
    }

    @Test
    void anEntryInPlaceWithoutAnIndexOrWithACodeOrTextIsRejected() {
        Report[] malformed = {new Report(Report.Kind.IN_PLACE, -1, 0, new byte[0]),
            new Report(Report.Kind.IN_PLACE, 3, 23, new byte[0]), new Report(Report.Kind.IN_PLACE, 3, 0, new byte[] {'x'})};
        for (Report report : malformed) {
            ByteBuffer out = ByteBuffer.allocate(report.encodedSize());
            report.encode(out);
            assertThrows(ProtocolException.class, () -> Report.decode(out.flip()), report.toString());
        }
    }

    @Test
    void aCodeUsesAllSixteenBits() throws Exception {
        assertEquals(65535, roundTrip(new Report(Report.Kind.FAILED, 0, 65535, new byte[0])).code());
    }

    @Test
    void textLongerThanMaxTextIsCutAndStillRoundTrips() throws Exception {
        byte[] longText = new byte[Report.MAX_TEXT + 500];
        Arrays.fill(longText, (byte) 'a');
        longText[Report.MAX_TEXT - 1] = 'z';
        Report report = new Report(Report.Kind.FAILED, 1, 11, longText);
        assertEquals(Report.MAX_TEXT, report.text().length);
        assertEquals('z', report.text()[Report.MAX_TEXT - 1]);
        assertEquals(Report.FIXED_SIZE + Report.MAX_TEXT, report.encodedSize());
        assertArrayEquals(report.text(), roundTrip(report).text());
    }

    @Test
    void textOfExactlyMaxTextIsKept() {
        byte[] text = new byte[Report.MAX_TEXT];
        assertEquals(Report.MAX_TEXT, new Report(Report.Kind.DELETED, 0, 0, text).text().length);
    }

    @Test
    void aDeclaredLengthOverMaxTextIsRejected() {
        int length = Report.MAX_TEXT + 1;
        ByteBuffer in = ByteBuffer.allocate(Report.FIXED_SIZE + length).put((byte) 0).putInt(0).putShort((short) 1)
                .putShort((short) length);
        in.position(in.capacity()).flip();
        assertThrows(ProtocolException.class, () -> Report.decode(in));
    }

    @Test
    void unknownKindIsRejected() {
        ByteBuffer in = ByteBuffer.allocate(Report.FIXED_SIZE).put((byte) 5).putInt(-1).putShort((short) 0)
                .putShort((short) 0).flip();
        assertThrows(ProtocolException.class, () -> Report.decode(in));
    }

    /** A backup (kind 4): no index, code 0, the two raw names with a NUL between them. */
    @Test
    void aBackupRoundTripsWithBothRawNames() throws Exception {
        byte[] name = {'d', '/', (byte) 0xff, 'f'};
        byte[] backup = {'b', 'k', '/', 'd', '/', (byte) 0xff, 'f', '~'};
        Report sent = Report.backedUp(name, backup);
        assertEquals(4, sent.kind().ordinal());
        Report received = roundTrip(sent);
        assertEquals(Report.Kind.BACKED_UP, received.kind());
        assertEquals(-1, received.index());
        assertEquals(0, received.code());
        assertArrayEquals(name, received.backedUpName());
        assertArrayEquals(backup, received.backupName());
    }

    /** Names too long for one report are cut, the backup name first, and each keeps a byte: it still decodes. */
    @Test
    void aBackupOfLongNamesIsCutAndStillDecodes() throws Exception {
        byte[] name = new byte[Report.MAX_TEXT + 10];
        Arrays.fill(name, (byte) 'n');
        byte[] backup = new byte[20];
        Arrays.fill(backup, (byte) 'b');
        Report whole = roundTrip(Report.backedUp(Arrays.copyOf(name, 100), backup));
        assertArrayEquals(backup, whole.backupName());
        Report cut = roundTrip(Report.backedUp(name, backup));
        assertEquals(Report.MAX_TEXT, cut.text().length);
        assertEquals(Report.MAX_TEXT - 2, cut.backedUpName().length);
        assertArrayEquals(new byte[] {'b'}, cut.backupName());
    }

    @Test
    void aBackupWithAnIndexACodeOrOtherThanTwoNamesIsRejected() {
        byte[] twoNames = {'a', 0, 'a', '~'};
        Report[] malformed = {new Report(Report.Kind.BACKED_UP, 3, 0, twoNames),
            new Report(Report.Kind.BACKED_UP, -1, 23, twoNames),
            new Report(Report.Kind.BACKED_UP, -1, 0, new byte[] {'a', 'a', '~'}),
            new Report(Report.Kind.BACKED_UP, -1, 0, new byte[] {'a', 0, 'b', 0, 'c'}),
            new Report(Report.Kind.BACKED_UP, -1, 0, new byte[] {0, 'a', '~'}),
            new Report(Report.Kind.BACKED_UP, -1, 0, new byte[] {'a', 0}),
            new Report(Report.Kind.BACKED_UP, -1, 0, new byte[0])};
        for (Report report : malformed) {
            ByteBuffer out = ByteBuffer.allocate(report.encodedSize());
            report.encode(out);
            assertThrows(ProtocolException.class, () -> Report.decode(out.flip()), Arrays.toString(report.text()));
        }
    }

    @Test
    void truncatedHeaderOrTextIsRejected() {
        assertThrows(ProtocolException.class, () -> Report.decode(ByteBuffer.allocate(Report.FIXED_SIZE - 1)));
        ByteBuffer in = ByteBuffer.allocate(Report.FIXED_SIZE + 3).put((byte) 0).putInt(0).putShort((short) 1)
                .putShort((short) 4).put(new byte[] {1, 2, 3}).flip();
        assertThrows(ProtocolException.class, () -> Report.decode(in));
    }
}
