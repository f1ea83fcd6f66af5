package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ItemizedChange;
import dev.rdcp.transfer.TransferListener;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProgressOrderedItemsTest {

    private final List<String> printed = new ArrayList<>();
    private final ProgressOrderedItems items = new ProgressOrderedItems(new TransferListener() {
        @Override
        public void itemized(ItemizedChange change) {
            printed.add(new String(change.name(), StandardCharsets.UTF_8));
        }

        @Override
        public void fileStarted(String name, long size) {
            printed.add("start " + name);
        }

        @Override
        public void deleted(byte[] name) {
            printed.add("deleting " + new String(name, StandardCharsets.UTF_8));
        }
    });

    private static ItemizedChange change(String name) {
        return new ItemizedChange(">f+++++++++", EntryType.FILE, 0644, 1, 0, name.getBytes(StandardCharsets.UTF_8),
                new byte[0]);
    }

    @Test
    void linesWaitForTheFileTheyLeadUpTo() {
        for (String name : List.of("./", "a", "lnk", "sub/", "sub/b")) {
            items.itemized(change(name));
        }
        assertEquals(List.of(), printed, "decided ahead of the data");
        items.fileStarted("a", 1);
        assertEquals(List.of("./", "a", "start a"), printed);
        items.fileStarted("sub/b", 1);
        assertEquals(List.of("./", "a", "start a", "lnk", "sub/", "sub/b", "start sub/b"), printed);
    }

    @Test
    void deletionsAndTheEndReleaseWhatIsHeld() {
        items.itemized(change("d/"));
        items.deleted("old".getBytes(StandardCharsets.UTF_8));
        items.itemized(change("e/"));
        assertEquals(List.of("d/", "deleting old"), printed);
        items.release();
        assertEquals(List.of("d/", "deleting old", "e/"), printed);
    }

    @Test
    void aFileWithoutALineReleasesAllThatIsHeld() {
        items.itemized(change("d/"));
        items.fileStarted("f", 1);
        assertEquals(List.of("d/", "start f"), printed);
    }

    @Test
    void atMostMaxHeldLinesWait() {
        for (int i = 0; i <= ProgressOrderedItems.MAX_HELD; i++) {
            items.itemized(change("d" + i + "/"));
        }
        assertEquals(List.of("d0/"), printed, "the oldest goes out once the bound is reached");
    }
}
