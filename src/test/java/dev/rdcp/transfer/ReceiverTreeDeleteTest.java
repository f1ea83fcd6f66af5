package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.filter.FilterRules;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.SessionRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** --delete at the end of each listed directory. */
class ReceiverTreeDeleteTest extends DestinationTreeTest {

    private final List<String> deleted = new ArrayList<>();
    /** The kind of each of {@link #deleted}, in the same order. */
    private final List<EntryType> deletedKinds = new ArrayList<>();
    private final List<String> failedDeletes = new ArrayList<>();
    private final List<String> notEmptied = new ArrayList<>();

    /** dest: keep.txt, gone.txt, gonedir/inner, debug.log, two rdcp temporaries, sub/old, sub/kept. */
    @BeforeEach
    void destination() throws Exception {
        dest = Files.createDirectory(tmp.resolve("dest"));
        Files.writeString(dest.resolve("keep.txt"), "k");
        Files.writeString(dest.resolve("gone.txt"), "g");
        Files.writeString(Files.createDirectory(dest.resolve("gonedir")).resolve("inner"), "i");
        Files.writeString(dest.resolve("debug.log"), "l");
        Files.writeString(dest.resolve(".x.rdcp-tmp"), "t");
        Files.writeString(dest.resolve(".x.rdcp-partial"), "p");
        Path sub = Files.createDirectory(dest.resolve("sub"));
        Files.writeString(sub.resolve("old"), "o");
        Files.writeString(sub.resolve("kept"), "k");
    }

    private ReceiverTree tree(long flags) throws Exception {
        TransferOptions options = new TransferOptions(4096, 1, flags, 0, FilterRules.parse(List.of("- *.log"),
                (flags & SessionRequest.DELETE_EXCLUDED) != 0));
        Destination destination = Destination.of(dest, true, null);
        destination.prepare(false);
        opened(destination);
        return new ReceiverTree(destination, options, new ReceiverTree.Events() {
            @Override
            public void deleted(byte[] name, EntryType kind) {
                deleted.add(new String(name, StandardCharsets.UTF_8));
                deletedKinds.add(kind);
            }

            @Override
            public void deleteFailed(byte[] name, IOException cause) {
                failedDeletes.add(new String(name, StandardCharsets.UTF_8));
            }

            @Override
            public void notEmptied(byte[] name) {
                notEmptied.add(new String(name, StandardCharsets.UTF_8));
            }
        }, Heartbeat.NONE, new SessionBudget());
    }

    /** The receiver's side of the list ".", keep.txt, sub/, sub/kept, end of sub, end of ".". */
    private void receive(ReceiverTree tree) throws Exception {
        receive(tree, true);
    }

    /** The same, "." ending complete or not. */
    private void receive(ReceiverTree tree, boolean rootComplete) throws Exception {
        tree.listed(name("."));
        tree.directory(name("."), name("."));
        tree.listed(name("keep.txt"));
        tree.listed(name("sub"));
        tree.directory(name("sub"), name("sub"));
        tree.listed(name("sub/kept"));
        tree.directoryEnd(name("sub"), true);
        tree.directoryEnd(name("."), rootComplete);
    }

    /** The sender could not examine all of ".": nothing is deleted there; "sub" was complete. */
    @Test
    void anIncompleteDirectoryKeepsItsUnlistedChildren() throws Exception {
        receive(tree(SessionRequest.DELETE), false);
        assertEquals(List.of("sub/old"), deleted);
        assertTrue(Files.exists(dest.resolve("gone.txt")));
    }

    @Test
    void unlistedChildrenAreRemovedAndEachIsReported() throws Exception {
        receive(tree(SessionRequest.DELETE));
        assertEquals(Set.of("gone.txt", "gonedir/", "gonedir/inner", "sub/old"), Set.copyOf(deleted));
        assertEquals(4, deleted.size());
        assertTrue(deleted.indexOf("gonedir/inner") < deleted.indexOf("gonedir/"), "contents are reported before their directory");
        assertFalse(Files.exists(dest.resolve("gone.txt")));
        assertFalse(Files.exists(dest.resolve("gonedir")), "a whole directory goes");
        assertFalse(Files.exists(dest.resolve("sub/old")));
    }

    /** --stats counts each deletion by what it was: a file, directory, symlink or special. */
    @Test
    void eachDeletionIsToldWithItsKind() throws Exception {
        Files.createSymbolicLink(dest.resolve("gonelink"), Path.of("nowhere"));
        Process mkfifo = new ProcessBuilder("mkfifo", dest.resolve("gonepipe").toString()).start();
        assertEquals(0, mkfifo.waitFor());
        receive(tree(SessionRequest.DELETE));
        assertEquals(6, deleted.size(), deleted.toString());
        assertEquals(EntryType.FILE, deletedKinds.get(deleted.indexOf("gone.txt")));
        assertEquals(EntryType.FILE, deletedKinds.get(deleted.indexOf("gonedir/inner")));
        assertEquals(EntryType.DIRECTORY, deletedKinds.get(deleted.indexOf("gonedir/")));
        assertEquals(EntryType.SYMLINK, deletedKinds.get(deleted.indexOf("gonelink")));
        assertEquals(EntryType.SPECIAL, deletedKinds.get(deleted.indexOf("gonepipe")));
    }

    @Test
    void listedChildrenExcludedNamesAndOwnTemporariesAreKept() throws Exception {
        receive(tree(SessionRequest.DELETE));
        assertTrue(Files.exists(dest.resolve("keep.txt")));
        assertTrue(Files.exists(dest.resolve("sub/kept")));
        assertTrue(Files.exists(dest.resolve("debug.log")), "excluded names are protected");
        assertTrue(Files.exists(dest.resolve(".x.rdcp-tmp")));
        assertTrue(Files.exists(dest.resolve(".x.rdcp-partial")));
    }

    /**
     * As rsync: an excluded file deep in a directory the sender no longer has is protected, so
     * that directory and the one above it stay (said, exit 0), while what is not excluded goes.
     */
    @Test
    void excludedFilesInADirectoryGoneFromTheSenderAreKept() throws Exception {
        Path deeper = Files.createDirectories(dest.resolve("gonedir/deeper"));
        Files.writeString(deeper.resolve("k.log"), "l");
        Files.writeString(deeper.resolve("x.txt"), "x");
        Files.writeString(dest.resolve("gonedir/keep.log"), "l");
        receive(tree(SessionRequest.DELETE));
        assertTrue(Files.exists(dest.resolve("gonedir/keep.log")));
        assertTrue(Files.exists(deeper.resolve("k.log")));
        assertFalse(Files.exists(deeper.resolve("x.txt")));
        assertFalse(Files.exists(dest.resolve("gonedir/inner")));
        assertEquals(Set.of("gone.txt", "gonedir/inner", "gonedir/deeper/x.txt", "sub/old"), Set.copyOf(deleted));
        assertEquals(List.of("gonedir/deeper", "gonedir"), notEmptied);
        assertEquals(List.of(), failedDeletes);
    }

    @Test
    void withDeleteExcludedExcludedNamesGoTooButOwnTemporariesStay() throws Exception {
        receive(tree(SessionRequest.DELETE | SessionRequest.DELETE_EXCLUDED));
        assertEquals(Set.of("gone.txt", "gonedir/", "gonedir/inner", "sub/old", "debug.log"), Set.copyOf(deleted));
        assertFalse(Files.exists(dest.resolve("debug.log")));
        assertTrue(Files.exists(dest.resolve("keep.txt")));
        assertTrue(Files.exists(dest.resolve(".x.rdcp-tmp")));
        assertTrue(Files.exists(dest.resolve(".x.rdcp-partial")));
    }

    @Test
    void aDryRunOnlyReports() throws Exception {
        receive(tree(SessionRequest.DELETE | SessionRequest.DRY_RUN));
        assertEquals(Set.of("gone.txt", "gonedir/", "gonedir/inner", "sub/old"), Set.copyOf(deleted));
        assertTrue(Files.exists(dest.resolve("gone.txt")));
        assertTrue(Files.exists(dest.resolve("gonedir/inner")));
        assertTrue(Files.exists(dest.resolve("sub/old")));
    }

    @Test
    void withoutDeleteNothingIsRemoved() throws Exception {
        receive(tree(0));
        assertEquals(List.of(), deleted);
        assertTrue(Files.exists(dest.resolve("gone.txt")));
        assertTrue(Files.exists(dest.resolve("sub/old")));
    }

    @Test
    void aDirectoryNotListedAsADirectoryIsNotCleaned() throws Exception {
        ReceiverTree tree = tree(SessionRequest.DELETE);
        tree.listed(name("sub/kept"));
        tree.directoryEnd(name("sub"), true);
        assertEquals(List.of(), deleted);
        assertTrue(Files.exists(dest.resolve("sub/old")));
    }

    @Test
    void aSymlinkToADirectoryIsRemovedWithoutTouchingWhatItPointsTo() throws Exception {
        Path outside = Files.createDirectory(tmp.resolve("outside"));
        Files.writeString(outside.resolve("precious"), "p");
        Files.createSymbolicLink(dest.resolve("sub/link"), outside);
        receive(tree(SessionRequest.DELETE));
        assertTrue(deleted.contains("sub/link"), deleted.toString());
        assertFalse(Files.exists(dest.resolve("sub/link"), LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.exists(outside.resolve("precious")));
    }

    @Test
    void everyDeletionOfTheRunSucceededAndNoneWasReportedFailed() throws Exception {
        receive(tree(SessionRequest.DELETE));
        assertEquals(List.of(), failedDeletes);
    }
}
