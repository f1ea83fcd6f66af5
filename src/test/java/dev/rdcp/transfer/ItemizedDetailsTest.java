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
}
