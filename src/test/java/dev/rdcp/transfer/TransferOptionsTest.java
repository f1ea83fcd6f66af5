package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.filter.FilterRules;
import dev.rdcp.protocol.ControlHeader;
import dev.rdcp.protocol.SessionRequest;
import java.util.List;
import org.junit.jupiter.api.Test;

class TransferOptionsTest {

    private static TransferOptions withChunk(int chunkSize) {
        return TransferOptions.of(chunkSize, 0);
    }

    private static TransferOptions with(int slots, long bandwidthLimit) {
        return new TransferOptions(4096, slots, 0, bandwidthLimit, FilterRules.NONE);
    }

    @Test
    void acceptsMultiplesOf4KiBFrom4KiBTo64MiB() {
        assertEquals(4096, withChunk(4096).chunkSize());
        assertEquals(64 << 20, withChunk(64 << 20).chunkSize());
        assertEquals(3 * 4096, withChunk(3 * 4096).chunkSize());
        assertEquals(TransferOptions.DEFAULT_CHUNK, withChunk(TransferOptions.DEFAULT_CHUNK).chunkSize());
    }

    /** Slots × chunk size is one registered region sized in an int: 256 × 64 MiB would wrap to 0. */
    @Test
    void stagingIsBoundedSoItsSizeNeverWraps() {
        TransferOptions most = new TransferOptions(64 << 20, 16, 0, 0, FilterRules.NONE);
        assertEquals(1 << 30, most.stagingBytes());
        assertThrows(IllegalArgumentException.class, () -> new TransferOptions(64 << 20, 17, 0, 0, FilterRules.NONE));
        assertThrows(IllegalArgumentException.class,
                () -> new TransferOptions(64 << 20, TransferOptions.MAX_SLOTS, 0, 0, FilterRules.NONE));
        assertEquals(256 * 4096, new TransferOptions(4096, 256, 0, 0, FilterRules.NONE).stagingBytes());
    }

    @Test
    void rejectsChunkSizesNotAMultipleOf4096() {
        for (int size : new int[] {4097, 6000, (1 << 20) + 512, 8191}) {
            assertThrows(IllegalArgumentException.class, () -> withChunk(size), Integer.toString(size));
        }
    }

    @Test
    void rejectsChunkSizesBelow4096() {
        for (int size : new int[] {0, 1, 1024, 2048, -4096}) {
            assertThrows(IllegalArgumentException.class, () -> withChunk(size), Integer.toString(size));
        }
    }

    @Test
    void rejectsChunkSizesAbove64MiB() {
        assertThrows(IllegalArgumentException.class, () -> withChunk((64 << 20) + 4096));
        assertThrows(IllegalArgumentException.class, () -> withChunk(128 << 20));
        assertThrows(IllegalArgumentException.class, () -> withChunk(Integer.MAX_VALUE & ~4095));
    }

    @Test
    void rejectsNonPositiveSlots() {
        assertThrows(IllegalArgumentException.class, () -> with(0, 0));
        assertThrows(IllegalArgumentException.class, () -> with(-1, 0));
    }

    @Test
    void rejectsMoreSlotsThanTheMessageRingsAreBoundedFor() {
        assertEquals(TransferOptions.MAX_SLOTS, with(TransferOptions.MAX_SLOTS, 0).slots());
        assertThrows(IllegalArgumentException.class, () -> with(TransferOptions.MAX_SLOTS + 1, 0));
        assertThrows(IllegalArgumentException.class, () -> with(65_535, 0));
    }

    @Test
    void rejectsANegativeBandwidthLimitAndAcceptsZeroAsNone() {
        assertThrows(IllegalArgumentException.class, () -> with(1, -1));
        assertEquals(0, with(1, 0).bandwidthLimit());
        assertEquals(Long.MAX_VALUE, with(1, Long.MAX_VALUE).bandwidthLimit());
    }

    @Test
    void ofUsesTheDefaultsAndNoFilters() {
        TransferOptions options = TransferOptions.of(8192, SessionRequest.RECURSIVE);
        assertEquals(TransferOptions.DEFAULT_SLOTS, options.slots());
        assertEquals(0, options.bandwidthLimit());
        assertSame(FilterRules.NONE, options.filters());
        assertTrue(options.has(SessionRequest.RECURSIVE));
    }

    @Test
    void flagAccessorsReadTheirOwnBitsOnly() {
        TransferOptions times = TransferOptions.of(4096, SessionRequest.PRESERVE_TIMES);
        assertTrue(times.preserveTimes());
        assertFalse(times.preservePermissions());
        assertFalse(times.dryRun());
        TransferOptions permsAndDryRun = TransferOptions.of(4096,
                SessionRequest.PRESERVE_PERMISSIONS | SessionRequest.DRY_RUN);
        assertFalse(permsAndDryRun.preserveTimes());
        assertTrue(permsAndDryRun.preservePermissions());
        assertTrue(permsAndDryRun.dryRun());
    }

    @Test
    void receiveBuffersCoverEverythingThePeerCanHaveOutstanding() {
        for (int slots : new int[] {1, 8, 64, TransferOptions.MAX_SLOTS}) {
            TransferOptions options = with(slots, 0);
            // A CHUNKS or MR per slot, an ENTRIES or WANTS per list in flight, and END and MORE.
            int outstanding = slots + TransferOptions.LISTS_IN_FLIGHT + 2;
            assertTrue(options.receiveBuffers() >= outstanding, "slots " + slots);
            assertEquals(options.receiveBuffers(), options.sendBuffers());
            // Two WRITEs and a SEND per slot in flight, plus the control messages.
            assertTrue(options.queueDepth() >= 3 * slots + TransferOptions.LISTS_IN_FLIGHT, "slots " + slots);
        }
    }

    /** One chunk per slot (staging, or the sender's pool) and both message rings, whatever the files. */
    @Test
    void pinnedBytesAreTheSlotsChunksAndTheMessageRings() {
        TransferOptions defaults = TransferOptions.of(TransferOptions.DEFAULT_CHUNK, 0);
        assertEquals(8L * (1 << 20) + 36 * ControlHeader.MAX_MESSAGE, defaults.pinnedBytes());
        TransferOptions large = new TransferOptions(64 << 20, 4, 0, 0, FilterRules.NONE);
        assertTrue(large.pinnedBytes() > TransferOptions.MAX_PINNED, "4 x 64 MiB and the rings");
    }

    /** Streams split the slots: each stream but the first adds rings for its share, and N never multiplies the chunks. */
    @Test
    void streamsAddOnlyRingsForTheirShareOfTheSlots() {
        TransferOptions defaults = TransferOptions.of(TransferOptions.DEFAULT_CHUNK, 0);
        assertEquals(defaults.pinnedBytes(), defaults.pinnedBytes(1));
        assertEquals(defaults.pinnedBytes() + 2L * 1 * 4 * ControlHeader.MAX_MESSAGE, defaults.pinnedBytes(2));
        assertEquals(defaults.pinnedBytes() + 2L * 3 * 2 * ControlHeader.MAX_MESSAGE, defaults.pinnedBytes(4));
        assertEquals(defaults.pinnedBytes() + 2L * 6 * 2 * ControlHeader.MAX_MESSAGE, defaults.maxPinnedBytes(),
                "7 streams over 8 slots: 6 extra rings of 2");
        TransferOptions many = new TransferOptions(1 << 20, 256, 0, 0, FilterRules.NONE);
        assertTrue(many.maxPinnedBytes() - many.pinnedBytes() < 2L * (256 + 16) * ControlHeader.MAX_MESSAGE,
                "all the extra rings together hold less than a buffer per slot and stream each way");
    }

    @Test
    void smallFilesAreTheChunkCappedAtTheSmallFileLimit() {
        assertEquals(4096, withChunk(4096).bounceSize());
        assertEquals(TransferOptions.MAX_BOUNCE, withChunk(TransferOptions.MAX_BOUNCE).bounceSize());
        assertEquals(TransferOptions.MAX_BOUNCE, withChunk(4 << 20).bounceSize());
    }

    @Test
    void carriesItsFilterRules() {
        FilterRules rules = FilterRules.parse(List.of("- *.log"));
        TransferOptions options = new TransferOptions(4096, 1, 0, 0, rules);
        assertTrue(options.filters().scope(FilterRules.Side.SENDER).excludes("debug.log", false));
        assertFalse(options.filters().scope(FilterRules.Side.SENDER).excludes("debug.txt", false));
    }
}
