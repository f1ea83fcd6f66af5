package dev.rdcp.transfer;

import static dev.rdcp.transfer.HostilePeer.Entries.dir;
import static dev.rdcp.transfer.HostilePeer.Entries.dirEnd;
import static dev.rdcp.transfer.HostilePeer.Entries.file;
import static dev.rdcp.transfer.HostilePeer.Entries.symlink;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.Decision;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.ExtendedOptions;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.ReceiverSettings;
import dev.rdcp.protocol.SessionRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each ordering rule of the file list, broken by a scripted sender: the receiver ends the session with a protocol error. */
class EntryOrderTest {

    private static final long FLAGS = SessionRequest.RECURSIVE | SessionRequest.LINKS | SessionRequest.DELETE
            | SessionRequest.DESTINATION_IS_DIRECTORY;

    @TempDir
    Path root;

    /** Sends each ENTRIES message in turn; returns the error the receiver ended with. */
    private Throwable refusal(List<Entry[]> messages) throws Exception {
        try (HostilePeer peer = HostilePeer.start(HostilePeer.Wire.LOOPBACK, root, TransferOptions.of(4096, FLAGS))) {
            HostilePeer.ReceiverGone gone = assertThrows(HostilePeer.ReceiverGone.class, () -> {
                for (Entry[] entries : messages) {
                    peer.entries(entries);
                }
                peer.end();
            });
            return gone.getCause();
        }
    }

    private void assertRefused(String why, Entry[]... messages) throws Exception {
        Throwable error = refusal(List.of(messages));
        assertInstanceOf(ProtocolException.class, error);
        assertTrue(error.getMessage().contains(why), error.getMessage());
    }

    @Test
    void aDirectoryEndMustNameAnOpenDirectory() throws Exception {
        Files.createDirectory(root.resolve("a"));
        assertRefused("ends a directory that is not open", new Entry[] {dir(0, "."), dirEnd(1, "a")});
    }

    @Test
    void aDirectoryEndsOnce() throws Exception {
        assertRefused("ends a directory that is not open",
                new Entry[] {dir(0, "."), dir(1, "a"), dirEnd(2, "a"), dirEnd(3, "a")});
    }

    @Test
    void nothingIsListedInADirectoryAfterItsEnd() throws Exception {
        assertRefused("is not inside an open directory",
                new Entry[] {dir(0, "."), dir(1, "a"), dirEnd(2, "a")}, new Entry[] {file(3, "a/late", 0)});
    }

    @Test
    void anEntryComesAfterItsDirectory() throws Exception {
        Files.createDirectory(root.resolve("a"));
        assertRefused("is not inside an open directory", new Entry[] {file(0, "a/early", 0)});
    }

    @Test
    void aNameAppearsOnceInOneListing() throws Exception {
        assertRefused("is listed twice", new Entry[] {dir(0, "."), file(1, "x", 0), symlink(2, "x", "target")});
    }

    @Test
    void aDirectoryIsNotListedAgainBeforeItsEnd() throws Exception {
        assertRefused("is listed twice", new Entry[] {dir(0, "."), dir(1, "a"), dir(2, "a")});
    }

    @Test
    void aNameListedAsADirectoryIsNeverListedAsSomethingElse() throws Exception {
        assertRefused("was listed as a directory before", new Entry[] {dir(0, "."), dir(1, "a"), dirEnd(2, "a"),
            dirEnd(3, ".")}, new Entry[] {dir(4, "."), symlink(5, "a", "/")});
    }

    @Test
    void theIssuesTraversalIsRefusedBeforeTheSymlinkIsMade() throws Exception {
        Path outside = Files.createTempDirectory("rdcp-outside");
        assertRefused("was listed as a directory before", new Entry[] {dir(0, "."), dir(1, "a"), file(2, "a/pwned", 5)},
                new Entry[] {dirEnd(3, ".")}, new Entry[] {dir(4, ".")}, new Entry[] {dirEnd(5, ".")},
                new Entry[] {symlink(6, "a", outside.toString())});
        assertEquals(List.of(), List.of(outside.toFile().list()));
        Files.delete(outside);
    }

    private static TransferOptions noImpliedDirs() {
        TransferOptions plain = TransferOptions.of(4096, FLAGS);
        return new TransferOptions(plain.chunkSize(), plain.slots(), plain.flags(), 0, plain.filters(),
                ReceiverSettings.NONE.withExtended(ExtendedOptions.NONE.with(ExtendedOptions.NO_IMPLIED_DIRS, true)),
                ChmodRules.NONE);
    }

    /** --no-implied-dirs: a name's unlisted directories are made, and a symlink to a directory in their place kept. */
    @Test
    void withNoImpliedDirsUnlistedDirectoriesAreMadeOrKeptAsTheyAre() throws Exception {
        Files.createDirectories(root.resolve("p/bar"));
        Files.createSymbolicLink(root.resolve("p/foo"), Path.of("bar"));
        try (HostilePeer peer = HostilePeer.start(HostilePeer.Wire.LOOPBACK, root, noImpliedDirs())) {
            peer.entries(file(0, "p/foo/f", 0), file(1, "new/deep/g", 0), file(2, "new/deep/h", 0));
            peer.chunk(0, 0, new byte[0], true);
            peer.chunk(1, 0, new byte[0], true);
            peer.chunk(2, 0, new byte[0], true);
            peer.end();
            assertNull(peer.finish());
        }
        assertTrue(Files.isSymbolicLink(root.resolve("p/foo")), "the symlink stays");
        assertTrue(Files.isRegularFile(root.resolve("p/bar/f")), "written where it leads");
        assertTrue(Files.isRegularFile(root.resolve("new/deep/g")));
        assertTrue(Files.isRegularFile(root.resolve("new/deep/h")));
    }

    @Test
    void withNoImpliedDirsAnUnlistedDirectoryIsStillNeverListedAsSomethingElse() throws Exception {
        try (HostilePeer peer = HostilePeer.start(HostilePeer.Wire.LOOPBACK, root, noImpliedDirs())) {
            HostilePeer.ReceiverGone gone = assertThrows(HostilePeer.ReceiverGone.class, () -> {
                peer.entries(file(0, "a/f", 0), symlink(1, "a", "/"));
                peer.end();
            });
            assertInstanceOf(ProtocolException.class, gone.getCause());
            assertTrue(gone.getCause().getMessage().contains("was listed as a directory before"),
                    gone.getCause().getMessage());
        }
        assertTrue(Files.isDirectory(root.resolve("a"), java.nio.file.LinkOption.NOFOLLOW_LINKS));
    }

    /** A symlink on the way that leads out of the destination is not followed: the entry fails, nothing lands outside. */
    @Test
    void withNoImpliedDirsASymlinkLeadingOutIsNotFollowed() throws Exception {
        Path outside = Files.createTempDirectory("rdcp-outside");
        Files.createSymbolicLink(root.resolve("out"), outside);
        try (HostilePeer peer = HostilePeer.start(HostilePeer.Wire.LOOPBACK, root, noImpliedDirs())) {
            List<Decision> decisions = peer.entries(file(0, "out/sub/f", 0));
            assertEquals(Decision.Kind.SKIP, decisions.get(0).kind());
            peer.end();
            assertNull(peer.finish());
            assertEquals(23, peer.report().exitCode());
        }
        assertEquals(List.of(), List.of(outside.toFile().list()));
        Files.delete(outside);
    }

    /**
     * --no-implied-dirs with -R "p/q/g p": the sender lists p/q/g alone, then p and p/q as it
     * walks p (p/q/g not again). The directories taken as listed for p/q/g are then listed for
     * real, as rsync's sender lists them: accepted, and with --delete what p/q held stays.
     */
    @Test
    void withNoImpliedDirsAnImpliedDirectoryMayBeListedLater() throws Exception {
        try (HostilePeer peer = HostilePeer.start(HostilePeer.Wire.LOOPBACK, root, noImpliedDirs())) {
            peer.entries(file(0, "p/q/g", 0));
            peer.chunk(0, 0, new byte[0], true);
            peer.entries(dir(1, "p"), dir(2, "p/q"), dir(3, "p/q/r"), file(4, "p/q/r/f", 0), dirEnd(5, "p/q/r"),
                    dirEnd(6, "p/q"), dirEnd(7, "p"));
            peer.chunk(4, 0, new byte[0], true);
            peer.end();
            assertNull(peer.finish());
        }
        assertTrue(Files.isRegularFile(root.resolve("p/q/g")), "kept by the deletion in p/q");
        assertTrue(Files.isRegularFile(root.resolve("p/q/r/f")));
    }

    /** Taken as listed once does not let a directory be listed twice in one listing. */
    @Test
    void withNoImpliedDirsARealListingOfAnImpliedDirectoryIsStillOnce() throws Exception {
        try (HostilePeer peer = HostilePeer.start(HostilePeer.Wire.LOOPBACK, root, noImpliedDirs())) {
            HostilePeer.ReceiverGone gone = assertThrows(HostilePeer.ReceiverGone.class, () -> {
                peer.entries(file(0, "p/g", 0), dir(1, "p"), dir(2, "p"));
                peer.end();
            });
            assertInstanceOf(ProtocolException.class, gone.getCause());
        }
    }

    /** What the sender itself lists for several "dir/" operands and a single file: "." again after its end. */
    @Test
    void aDirectoryListedAgainAfterItsEndAndTopLevelFilesAreAccepted() throws Exception {
        try (HostilePeer peer = HostilePeer.start(HostilePeer.Wire.LOOPBACK, root, TransferOptions.of(4096, FLAGS))) {
            peer.entries(dir(0, "."), dir(1, "d"), dirEnd(2, "d"), dirEnd(3, "."));
            peer.entries(dir(4, "."), dir(5, "d"), file(6, "d/f", 0), dirEnd(7, "d"), dirEnd(8, "."));
            peer.chunk(6, 0, new byte[0], true);
            peer.entries(file(9, "single", 0));
            peer.chunk(9, 0, new byte[0], true);
            peer.end();
            assertNull(peer.finish());
        }
        assertTrue(Files.isRegularFile(root.resolve("d/f")));
        assertTrue(Files.isRegularFile(root.resolve("single")));
    }

    @Test
    void dataOnlyForAFileTheReceiverWanted() throws Exception {
        try (HostilePeer peer = HostilePeer.start(HostilePeer.Wire.LOOPBACK, root, TransferOptions.of(4096, FLAGS))) {
            peer.entries(dir(0, "."), dir(1, "d"));
            HostilePeer.ReceiverGone gone = assertThrows(HostilePeer.ReceiverGone.class,
                    () -> peer.chunk(1, 0, new byte[] {1}, true));
            assertInstanceOf(ProtocolException.class, gone.getCause());
        }
    }
}
