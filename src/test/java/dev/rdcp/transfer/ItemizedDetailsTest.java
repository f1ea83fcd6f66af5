package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ItemizedChange;
import org.junit.jupiter.api.Test;

class ItemizedDetailsTest {

    private static Entry file(int index, long size) {
        return new Entry(index, EntryType.FILE, 0644, 100 + index, 0, size, 0, 0, new byte[] {'f'}, new byte[0]);
    }

    private static ItemizedChange report() {
        return new ItemizedChange(">f+++++++++", EntryType.FILE, 0, 0, 0, new byte[] {'f'}, new byte[0]);
    }

    @Test
    void eachReportGetsItsEntrysDetailsAndPassedEntriesAreLetGo() {
        ItemizedDetails details = new ItemizedDetails();
        for (int i = 0; i < 5; i++) {
            details.listed(file(i, 10 * i));
        }
        assertEquals(20, details.fill(2, report()).size());
        assertEquals(104, details.fill(4, report()).mtimeSeconds());
        assertEquals(0, details.fill(1, report()).size(), "entry 1 was passed: a late report has no details");
    }

    @Test
    void itKeepsABoundedNumberOfEntries() {
        ItemizedDetails details = new ItemizedDetails();
        for (int i = 0; i < ItemizedDetails.MAX_KEPT + 10; i++) {
            details.listed(file(i, i + 1));
        }
        assertEquals(0, details.fill(5, report()).size(), "the oldest were dropped");
        assertEquals(ItemizedDetails.MAX_KEPT + 1, details.fill(ItemizedDetails.MAX_KEPT, report()).size());
    }

    /**
     * A client pulling with -i from a daemon need never report: entries of 8 KiB (a long name and
     * link target) filled the count of 65,536, half a gibibyte held by one session. At 16 MiB
     * about 2,000 such entries are kept; what reports pass is let go and counted so.
     */
    @Test
    void itKeepsABoundedNumberOfBytesOfLongEntries() {
        ItemizedDetails details = new ItemizedDetails();
        for (int i = 0; i < 20_000; i++) {
            details.listed(longSymlink(i));
        }
        assertEquals(0, details.fill(17_000, report()).size(), "entry 17,000 is beyond 16 MiB of the newest");
        assertEquals(19_000, details.fill(19_000, report()).size());
        details.fill(20_000, report());
        for (int i = 20_000; i < 22_000; i++) {
            details.listed(longSymlink(i));
        }
        assertEquals(20_000, details.fill(20_000, report()).size(), "the entries let go no longer count");
    }

    /** A symlink entry of 8,000 bytes of name and target, its size its index. */
    private static Entry longSymlink(int index) {
        byte[] name = new byte[4000];
        java.util.Arrays.fill(name, (byte) 'n');
        byte[] target = new byte[4000];
        java.util.Arrays.fill(target, (byte) 't');
        return new Entry(index, EntryType.SYMLINK, 0777, 0, 0, index, 0, 0, name, target);
    }
}
