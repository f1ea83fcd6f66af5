package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ItemizedChange;
import dev.rdcp.transfer.TransferListener;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FileOrderedItemsTest {

    private final List<String> printed = new ArrayList<>();
    private final FileOrderedItems items = new FileOrderedItems(new TransferListener() {
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

        @Override
        public void backedUp(byte[] name, byte[] backupName) {
            printed.add("backed up " + new String(name, StandardCharsets.UTF_8));
        }

        @Override
        public void fileFailed(int exitCode, String message) {
            printed.add(exitCode + " " + message);
        }
    });

    private static byte[] bytes(String name) {
        return name.getBytes(StandardCharsets.UTF_8);
    }

    private static ItemizedChange change(String name) {
        return new ItemizedChange(">f+++++++++", EntryType.FILE, 0644, 1, 0, name.getBytes(StandardCharsets.UTF_8),
                new byte[0]);
    }

    /**
     * A file the sender skips (--append's diminished file) has its line dropped, as rsync's
     * sender names only what it sends; what came before it is printed, its note kept in turn.
     */
    @Test
    void aSkippedFilesLineIsDroppedAndWhatLedUpToItPrinted() {
        items.itemized(change("a"));
        items.deleted(bytes("gone"));
        items.itemized(change("b-log"));
        items.fileFailed(0, "skipped diminished file: b-log");
        items.itemized(change("c"));
        items.fileSkipped("b-log");
        assertEquals(List.of("a", "deleting gone"), printed);
        items.fileStarted("c", 1);
        assertEquals(List.of("a", "deleting gone", "0 skipped diminished file: b-log", "c", "start c"), printed);
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

    /** Deletions and notes wait in their turn too; the end releases all. */
    @Test
    void deletionsAndNotesWaitInTheirTurn() {
        items.fileFailed(0, "created directory x");
        items.itemized(change("d/"));
        items.deleted(bytes("old"));
        items.fileFailed(0, "cannot delete non-empty directory: old");
        items.itemized(change("a"));
        items.itemized(change("e/"));
        assertEquals(List.of(), printed);
        items.fileStarted("a", 1);
        assertEquals(List.of("0 created directory x", "d/", "deleting old", "0 cannot delete non-empty directory: old",
                "a", "start a"), printed);
        items.release();
        assertEquals("e/", printed.get(printed.size() - 1));
    }

    /** A failure (stderr) goes out at once, after all that is held. */
    @Test
    void aFailureReleasesWhatIsHeldFirst() {
        items.itemized(change("d/"));
        items.itemized(change("a"));
        items.fileFailed(23, "b: Permission denied");
        assertEquals(List.of("d/", "a", "23 b: Permission denied"), printed);
    }

    @Test
    void aFileWithoutALineReleasesAllThatIsHeld() {
        items.itemized(change("d/"));
        items.fileStarted("f", 1);
        assertEquals(List.of("d/", "start f"), printed);
    }

    @Test
    void atMostMaxHeldLinesWait() {
        for (int i = 0; i <= FileOrderedItems.MAX_HELD; i++) {
            items.itemized(change("d" + i + "/"));
        }
        assertEquals(List.of("d0/"), printed, "the oldest goes out once the bound is reached");
    }

    /** As rsync's receiver: a file's name as its data begins, its backup once it is in place, then the next file's name. */
    @Test
    void aFilesBackupComesRightAfterItsName() {
        for (String name : List.of("a", "b")) {
            items.itemized(change(name));
        }
        items.fileStarted("a", 1);
        items.backedUp(bytes("a"), bytes("a~"));
        items.fileStarted("b", 1);
        items.backedUp(bytes("b"), bytes("b~"));
        assertEquals(List.of("a", "start a", "backed up a", "b", "start b", "backed up b"), printed);
    }

    /**
     * A push's sender starts files before their backups come back: a backup of a started file
     * is printed as it comes, the lines of files not started yet still held.
     */
    @Test
    void aStartedFilesBackupLeavesLaterLinesHeld() {
        for (String name : List.of("a", "b", "c")) {
            items.itemized(change(name));
        }
        items.fileStarted("a", 1);
        items.fileStarted("b", 1);
        items.backedUp(bytes("a"), bytes("a~"));
        assertEquals(List.of("a", "start a", "b", "start b", "backed up a"), printed);
        items.backedUp(bytes("b"), bytes("b~"));
        items.fileStarted("c", 1);
        assertEquals(List.of("a", "start a", "b", "start b", "backed up a", "backed up b", "c", "start c"), printed);
    }

    /** --inplace: the backup comes before the data, and as rsync's before the file's line, after the lines before it. */
    @Test
    void aBackupBeforeTheDataComesBeforeItsFilesLine() {
        for (String name : List.of("d/", "a", "b")) {
            items.itemized(change(name));
        }
        items.backedUp(bytes("a"), bytes("a~"));
        assertEquals(List.of("d/", "backed up a"), printed);
        items.fileStarted("a", 1);
        assertEquals(List.of("d/", "backed up a", "a", "start a"), printed);
    }

    /**
     * A backup made while the list is handled (a deletion's, an entry of another type's) waits in
     * its turn with the lines, and goes out with them.
     */
    @Test
    void aBackupOfAnEntryNotListedYetWaitsInItsTurn() {
        items.itemized(change("a"));
        items.backedUp(bytes("link"), bytes("link~"));
        items.itemized(change("link"));
        items.itemized(change("b"));
        assertEquals(List.of(), printed);
        items.fileStarted("a", 1);
        items.backedUp(bytes("a"), bytes("a~"));
        items.backedUp(bytes("gone"), bytes("gone~"));
        items.deleted(bytes("gone"));
        assertEquals(List.of("a", "start a", "backed up a"), printed);
        items.release();
        assertEquals(List.of("a", "start a", "backed up a", "backed up link", "link", "b", "backed up gone",
                "deleting gone"), printed);
    }
}
