package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class ReceiverEndTest {

    private static final ReceiverCounts COUNTS = new ReceiverCounts(new EntryCounts(3, 2, 1, 0, 1),
            new EntryCounts(4, 0, 2, 1, 0));

    @Test
    void createdAndMoreRoundTripWithTheReportsAfterThem() throws Exception {
        ByteBuffer out = ByteBuffer.allocate(64);
        out.put((byte) 7);
        int at = ReceiverEnd.start(out, 123_456_789_012L);
        new Report(Report.Kind.DELETED, -1, 0, new byte[] {'x'}).encode(out);
        ReceiverEnd.setMore(out, at, true);
        ByteBuffer in = out.flip().position(1);
        ReceiverEnd end = ReceiverEnd.decode(in, false);
        assertEquals(123_456_789_012L, end.created());
        assertTrue(end.more());
        assertNull(end.counts(), "a session without extended flag 6 carries none");
        assertEquals(Report.Kind.DELETED, Report.decode(in).kind(), "decode leaves the buffer at the reports");
        assertFalse(in.hasRemaining());
    }

    @Test
    void theWireLayoutIsU64ThenU8() throws Exception {
        ByteBuffer out = ByteBuffer.allocate(ReceiverEnd.SIZE);
        ReceiverEnd.start(out, 5);
        assertEquals(ReceiverEnd.SIZE, out.position());
        assertEquals(5, out.getLong(0));
        assertEquals(0, out.get(8));
        assertFalse(ReceiverEnd.decode(out.flip(), false).more());
    }

    @Test
    void countsByKindRoundTripBetweenTheFixedPartAndTheReports() throws Exception {
        ByteBuffer out = ByteBuffer.allocate(256);
        int at = ReceiverEnd.start(out, COUNTS);
        new Report(Report.Kind.DELETED, -1, 0, new byte[] {'x'}).encode(out);
        ReceiverEnd.setMore(out, at, true);
        ByteBuffer in = out.flip();
        ReceiverEnd end = ReceiverEnd.decode(in, true);
        assertEquals(7, end.created(), "the first field is the created counts' total");
        assertTrue(end.more());
        assertEquals(COUNTS, end.counts());
        assertEquals(Report.Kind.DELETED, Report.decode(in).kind());
        assertFalse(in.hasRemaining());
    }

    @Test
    void theCountsAreFiveU64CreatedThenFiveDeletedAfterMore() throws Exception {
        ByteBuffer out = ByteBuffer.allocate(ReceiverEnd.SIZE + ReceiverCounts.SIZE);
        ReceiverEnd.start(out, COUNTS);
        assertEquals(ReceiverEnd.SIZE + 80, out.position());
        long[] expected = {7, 3, 2, 1, 0, 1, 4, 0, 2, 1, 0};
        assertEquals(expected[0], out.getLong(0));
        for (int i = 1; i < expected.length; i++) {
            assertEquals(expected[i], out.getLong(ReceiverEnd.SIZE + (i - 1) * 8), "u64 number " + i);
        }
    }

    @Test
    void malformedEndsAreRejected() {
        assertThrows(ProtocolException.class, () -> ReceiverEnd.decode(ByteBuffer.allocate(ReceiverEnd.SIZE - 1), false),
                "short");
        assertThrows(ProtocolException.class,
                () -> ReceiverEnd.decode(ByteBuffer.allocate(ReceiverEnd.SIZE).putLong(0).put((byte) 2).flip(), false),
                "more is 0 or 1");
        assertThrows(ProtocolException.class,
                () -> ReceiverEnd.decode(ByteBuffer.allocate(ReceiverEnd.SIZE).putLong(-1).put((byte) 0).flip(), false),
                "negative count");
    }

    @Test
    void malformedCountsAreRejected() {
        ByteBuffer whole = ByteBuffer.allocate(ReceiverEnd.SIZE + ReceiverCounts.SIZE);
        ReceiverEnd.start(whole, COUNTS);
        for (int cut = ReceiverEnd.SIZE; cut < whole.capacity(); cut += 8) {
            ByteBuffer truncated = ByteBuffer.wrap(whole.array(), 0, cut);
            assertThrows(ProtocolException.class, () -> ReceiverEnd.decode(truncated, true), "cut at " + cut);
        }
        assertThrows(ProtocolException.class, () -> ReceiverEnd.decode(withCount(0, 8), true),
                "the created total disagrees with the counts by kind");
        assertThrows(ProtocolException.class, () -> ReceiverEnd.decode(withCount(ReceiverEnd.SIZE + 8, -1), true),
                "a negative created count");
        assertThrows(ProtocolException.class,
                () -> ReceiverEnd.decode(withCount(ReceiverEnd.SIZE + EntryCounts.SIZE + 16, Long.MIN_VALUE), true),
                "a negative deleted count");
        ByteBuffer overflowing = withCount(ReceiverEnd.SIZE + EntryCounts.SIZE, Long.MAX_VALUE);
        overflowing.putLong(ReceiverEnd.SIZE + EntryCounts.SIZE + 8, Long.MAX_VALUE);
        assertThrows(ProtocolException.class, () -> ReceiverEnd.decode(overflowing, true),
                "deleted counts whose sum overflows");
        ByteBuffer createdOverflowing = withCount(ReceiverEnd.SIZE, Long.MAX_VALUE);
        createdOverflowing.putLong(0, Long.MAX_VALUE);
        assertThrows(ProtocolException.class, () -> ReceiverEnd.decode(createdOverflowing, true),
                "created counts whose sum overflows, whatever the total says");
    }

    @Test
    void aPeersLargestCountsAreTakenWhenTheyAddUp() throws Exception {
        ByteBuffer largest = withCount(ReceiverEnd.SIZE + EntryCounts.SIZE, Long.MAX_VALUE - 3);
        assertEquals(Long.MAX_VALUE, ReceiverEnd.decode(largest, true).counts().deleted().total());
    }

    /** The END of {@link #COUNTS} with the u64 at {@code offset} replaced by {@code value}. */
    private static ByteBuffer withCount(int offset, long value) {
        ByteBuffer out = ByteBuffer.allocate(ReceiverEnd.SIZE + ReceiverCounts.SIZE);
        ReceiverEnd.start(out, COUNTS);
        return out.putLong(offset, value).flip().position(0).limit(out.capacity());
    }
}
