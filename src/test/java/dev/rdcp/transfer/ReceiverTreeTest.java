package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.SessionRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Directories, symlinks and parent checks at the receiver. */
class ReceiverTreeTest {

    @TempDir
    Path tmp;

    private Path dest;

    private static byte[] name(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @BeforeEach
    void destination() throws Exception {
        dest = Files.createDirectory(tmp.resolve("dest"));
    }

    private ReceiverTree tree(int flags) throws Exception {
        return new ReceiverTree(Destination.of(dest, true, null), TransferOptions.of(4096, flags), new ReceiverTree.Events() {
            @Override
            public void deleted(byte[] name) {
            }

            @Override
            public void deleteFailed(byte[] name, IOException cause) {
            }
        }, Heartbeat.NONE);
    }

    private static Entry link(String name, String target) {
        return new Entry(0, EntryType.SYMLINK, 0777, 0, 0, 0, 0, 0, name(name), name(target));
    }

    private static Attributes noAttributes() {
        return new Attributes(TransferOptions.of(4096, 0), null);
    }

    @Test
    void requireParentRefusesASymlinkToADirectoryOutside() throws Exception {
        Path outside = Files.createDirectory(tmp.resolve("outside"));
        Files.createSymbolicLink(dest.resolve("escape"), outside);
        for (int flags : new int[] {0, SessionRequest.DRY_RUN}) {
            ReceiverTree tree = tree(flags);
            RdcpException e = assertThrows(RdcpException.class,
                    () -> tree.requireParent(name("escape/file"), dest.resolve("escape/file")), "flags " + flags);
            assertEquals(ExitCode.PARTIAL, e.exitCode());
        }
        try (Stream<Path> inside = Files.list(outside)) {
            assertEquals(0, inside.count());
        }
    }

    @Test
    void requireParentRefusesASymlinkDeeperInThePath() throws Exception {
        Path outside = Files.createDirectory(tmp.resolve("outside"));
        Files.createDirectories(outside.resolve("b"));
        Files.createSymbolicLink(Files.createDirectory(dest.resolve("a")).resolve("link"), outside);
        ReceiverTree tree = tree(0);
        assertThrows(RdcpException.class,
                () -> tree.requireParent(name("a/link/b/file"), dest.resolve("a/link/b/file")));
    }

    @Test
    void requireParentAcceptsRealDirectoriesAndTopLevelNames() throws Exception {
        Files.createDirectories(dest.resolve("a/b"));
        ReceiverTree tree = tree(0);
        assertDoesNotThrow(() -> tree.requireParent(name("a/b/file"), dest.resolve("a/b/file")));
        assertDoesNotThrow(() -> tree.requireParent(name("top"), dest.resolve("top")));
        assertDoesNotThrow(() -> tree.requireParent(name("."), dest));
    }

    @Test
    void requireParentRefusesAMissingParentButNotInADryRun() throws Exception {
        assertThrows(RdcpException.class, () -> tree(0).requireParent(name("new/file"), dest.resolve("new/file")));
        assertDoesNotThrow(() -> tree(SessionRequest.DRY_RUN).requireParent(name("new/file"),
                dest.resolve("new/file")));
    }

    @Test
    void directoryCreatesAMissingOneAndSaysSo() throws Exception {
        ReceiverTree tree = tree(0);
        assertTrue(tree.directory(name("d"), dest.resolve("d")));
        assertTrue(Files.isDirectory(dest.resolve("d")));
        assertFalse(tree.directory(name("d"), dest.resolve("d")), "already there");
    }

    @Test
    void directoryInADryRunCreatesNothingButCountsItAsNew() throws Exception {
        assertTrue(tree(SessionRequest.DRY_RUN).directory(name("d"), dest.resolve("d")));
        assertFalse(Files.exists(dest.resolve("d")));
    }

    @Test
    void directoryReplacesAFileOrASymlinkWithoutFollowingIt() throws Exception {
        Path outside = Files.createDirectory(tmp.resolve("outside"));
        Files.writeString(outside.resolve("keep"), "k");
        Files.createSymbolicLink(dest.resolve("d"), outside);
        Files.writeString(dest.resolve("f"), "x");
        ReceiverTree tree = tree(0);
        assertTrue(tree.directory(name("d"), dest.resolve("d")));
        assertTrue(tree.directory(name("f"), dest.resolve("f")));
        assertTrue(Files.isDirectory(dest.resolve("d"), LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.isDirectory(dest.resolve("f"), LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.exists(outside.resolve("keep")));
    }

    @Test
    void symlinkIsCreatedWithItsTargetAndLeftAloneWhenUnchanged() throws Exception {
        ReceiverTree tree = tree(0);
        Path path = dest.resolve("l");
        assertTrue(tree.symlink(path, link("l", "../somewhere"), noAttributes()));
        assertEquals(Path.of("../somewhere"), Files.readSymbolicLink(path));
        assertFalse(tree.symlink(path, link("l", "../somewhere"), noAttributes()));
    }

    @Test
    void aSymlinkGetsItsTargetByteForByteAndATargetWithNulIsAnEntryFailure() throws Exception {
        ReceiverTree tree = tree(0);
        byte[] target = {'.', '.', '/', (byte) 0xe9, 't', (byte) 0xe9, '/'};
        Path path = dest.resolve("raw");
        assertTrue(tree.symlink(path, new Entry(0, EntryType.SYMLINK, 0777, 0, 0, 0, 0, 0, name("raw"), target),
                noAttributes()));
        assertArrayEquals(target, dev.rdcp.posix.Symlinks.read(path, FileNames.absolute(path)));
        assertFalse(tree.symlink(path, new Entry(0, EntryType.SYMLINK, 0777, 0, 0, 0, 0, 0, name("raw"), target),
                noAttributes()), "the same bytes: left alone");

        Entry nul = new Entry(0, EntryType.SYMLINK, 0777, 0, 0, 0, 0, 0, name("nul"), new byte[] {'a', 0, 'b'});
        assertThrows(java.io.IOException.class, () -> tree.symlink(dest.resolve("nul"), nul, noAttributes()));
        assertFalse(Files.exists(dest.resolve("nul"), java.nio.file.LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void symlinkReplacesAFileOrALinkWithAnotherTarget() throws Exception {
        ReceiverTree tree = tree(0);
        Path file = Files.writeString(dest.resolve("f"), "x");
        assertFalse(tree.symlink(file, link("f", "t1"), noAttributes()), "replaced, not new");
        assertEquals(Path.of("t1"), Files.readSymbolicLink(file));
        tree.symlink(file, link("f", "t2"), noAttributes());
        assertEquals(Path.of("t2"), Files.readSymbolicLink(file));
        try (Stream<Path> left = Files.list(dest)) {
            assertEquals(1, left.count(), "no temporary left behind");
        }
    }

    @Test
    void symlinkRefusesToReplaceADirectory() throws Exception {
        Path directory = Files.createDirectory(dest.resolve("d"));
        assertThrows(RdcpException.class, () -> tree(0).symlink(directory, link("d", "t"), noAttributes()));
        assertTrue(Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void symlinkInADryRunCreatesNothing() throws Exception {
        assertTrue(tree(SessionRequest.DRY_RUN).symlink(dest.resolve("l"), link("l", "t"), noAttributes()));
        assertFalse(Files.exists(dest.resolve("l"), LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void aDirectoryDeletedAndReplacedByASymlinkIsNoLongerTrusted() throws Exception {
        Path outside = Files.createDirectory(tmp.resolve("outside"));
        ReceiverTree tree = tree(SessionRequest.DELETE | SessionRequest.LINKS);
        assertTrue(tree.directory(name("a"), dest.resolve("a")));
        tree.requireParent(name("a/file"), dest.resolve("a/file"));
        // "a" was never listed inside ".", so the end of "." deletes it.
        tree.directory(name("."), dest);
        tree.directoryEnd(name("."), true);
        assertFalse(Files.exists(dest.resolve("a"), LinkOption.NOFOLLOW_LINKS));
        tree.symlink(dest.resolve("a"), link("a", outside.toString()), noAttributes());
        RdcpException e = assertThrows(RdcpException.class,
                () -> tree.requireParent(name("a/file"), dest.resolve("a/file")));
        assertEquals(ExitCode.PARTIAL, e.exitCode());
    }

    @Test
    void aDirectoryListedAgainKeepsWhatWasListedInIt() throws Exception {
        ReceiverTree tree = tree(SessionRequest.DELETE);
        tree.directory(name("."), dest);
        tree.listed(name("kept"));
        tree.directory(name("kept"), dest.resolve("kept"));
        tree.directory(name("."), dest);
        tree.directoryEnd(name("."), true);
        assertTrue(Files.isDirectory(dest.resolve("kept")));
    }

    @Test
    void anIncompletelyListedDirectoryDeletesNothing() throws Exception {
        Files.writeString(dest.resolve("extra"), "x");
        ReceiverTree tree = tree(SessionRequest.DELETE);
        tree.directory(name("."), dest);
        tree.directoryEnd(name("."), false);
        assertTrue(Files.exists(dest.resolve("extra")));
    }
}
