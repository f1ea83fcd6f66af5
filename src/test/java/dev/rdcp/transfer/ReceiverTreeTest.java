package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Directories, symlinks and parent checks at the receiver. */
class ReceiverTreeTest extends DestinationTreeTest {


    @BeforeEach
    void destination() throws Exception {
        dest = Files.createDirectory(tmp.resolve("dest"));
    }

    private ReceiverTree tree(long flags) throws Exception {
        Destination destination = Destination.of(dest, true, null);
        destination.prepare(false);
        opened(destination);
        return new ReceiverTree(destination, TransferOptions.of(4096, flags), new ReceiverTree.Events() {
            @Override
            public void deleted(byte[] name, EntryType kind) {
            }

            @Override
            public void deleteFailed(byte[] name, IOException cause) {
            }
        }, Heartbeat.NONE, new SessionBudget());
    }

    private byte[] local(Path path) {
        return dest.relativize(path).toString().getBytes(StandardCharsets.UTF_8);
    }

    private static Entry link(String name, String target) {
        return new Entry(0, EntryType.SYMLINK, 0777, 0, 0, 0, 0, 0, name(name), name(target));
    }

    private static Attributes noAttributes() {
        return new Attributes(TransferOptions.of(4096, 0), null);
    }

    /**
     * fpsync's workers are separate sessions making the same directories: whichever loses the race
     * between its look and its mkdir finds the directory there, and that is no failure (as in rsync).
     */
    @Test
    void twoSessionsMakingTheSameDirectoriesAtOnceBothSucceed() throws Exception {
        int names = 500;
        ReceiverTree first = tree(0);
        ReceiverTree second = tree(0);
        CyclicBarrier together = new CyclicBarrier(2);
        ExecutorService sessions = Executors.newFixedThreadPool(2);
        try {
            List<Future<Integer>> made = new ArrayList<>();
            for (ReceiverTree tree : List.of(first, second)) {
                made.add(sessions.submit(() -> {
                    int created = 0;
                    try {
                        for (int i = 0; i < names; i++) {
                            together.await(10, TimeUnit.SECONDS);
                            created += tree.directory(name("d" + i), name("d" + i)) ? 1 : 0;
                        }
                    } catch (Exception e) {
                        together.reset();
                        throw e;
                    }
                    return created;
                }));
            }
            int created = made.get(0).get(60, TimeUnit.SECONDS) + made.get(1).get(60, TimeUnit.SECONDS);
            assertTrue(created >= names && created <= 2 * names, "each directory made at least once: " + created);
        } finally {
            sessions.shutdownNow();
        }
        for (int i = 0; i < names; i++) {
            assertTrue(Files.isDirectory(dest.resolve("d" + i), LinkOption.NOFOLLOW_LINKS));
        }
    }

    @Test
    void nothingIsMadeThroughASymlinkToADirectoryOutside() throws Exception {
        Path outside = Files.createDirectory(tmp.resolve("outside"));
        Files.createSymbolicLink(dest.resolve("escape"), outside);
        ReceiverTree tree = tree(0);
        assertThrows(IOException.class, () -> tree.directory(name("escape/d"), name("escape/d")));
        assertThrows(IOException.class, () -> tree.symlink(name("escape/l"), link("escape/l", "t"), noAttributes()));
        try (Stream<Path> inside = Files.list(outside)) {
            assertEquals(0, inside.count());
        }
    }

    @Test
    void nothingIsMadeThroughASymlinkDeeperInThePath() throws Exception {
        Path outside = Files.createDirectory(tmp.resolve("outside"));
        Files.createDirectories(outside.resolve("b"));
        Files.createSymbolicLink(Files.createDirectory(dest.resolve("a")).resolve("link"), outside);
        assertThrows(IOException.class, () -> tree(0).directory(name("a/link/b/d"), name("a/link/b/d")));
        assertFalse(Files.exists(outside.resolve("b/d")));
    }

    @Test
    void aMissingParentFailsButNotInADryRun() throws Exception {
        assertThrows(java.nio.file.NoSuchFileException.class, () -> tree(0).directory(name("new/d"), name("new/d")));
        assertTrue(tree(SessionRequest.DRY_RUN).directory(name("new/d"), name("new/d")));
    }

    @Test
    void directoryCreatesAMissingOneAndSaysSo() throws Exception {
        ReceiverTree tree = tree(0);
        assertTrue(tree.directory(name("d"), name("d")));
        assertTrue(Files.isDirectory(dest.resolve("d")));
        assertFalse(tree.directory(name("d"), name("d")), "already there");
    }

    @Test
    void directoryInADryRunCreatesNothingButCountsItAsNew() throws Exception {
        assertTrue(tree(SessionRequest.DRY_RUN).directory(name("d"), name("d")));
        assertFalse(Files.exists(dest.resolve("d")));
    }

    @Test
    void directoryReplacesAFileOrASymlinkWithoutFollowingIt() throws Exception {
        Path outside = Files.createDirectory(tmp.resolve("outside"));
        Files.writeString(outside.resolve("keep"), "k");
        Files.createSymbolicLink(dest.resolve("d"), outside);
        Files.writeString(dest.resolve("f"), "x");
        ReceiverTree tree = tree(0);
        assertTrue(tree.directory(name("d"), name("d")));
        assertTrue(tree.directory(name("f"), name("f")));
        assertTrue(Files.isDirectory(dest.resolve("d"), LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.isDirectory(dest.resolve("f"), LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.exists(outside.resolve("keep")));
    }

    @Test
    void symlinkIsCreatedWithItsTargetAndLeftAloneWhenUnchanged() throws Exception {
        ReceiverTree tree = tree(0);
        Path path = dest.resolve("l");
        assertTrue(tree.symlink(local(path), link("l", "../somewhere"), noAttributes()));
        assertEquals(Path.of("../somewhere"), Files.readSymbolicLink(path));
        assertFalse(tree.symlink(local(path), link("l", "../somewhere"), noAttributes()));
    }

    @Test
    void aSymlinkGetsItsTargetByteForByteAndATargetWithNulIsAnEntryFailure() throws Exception {
        ReceiverTree tree = tree(0);
        byte[] target = {'.', '.', '/', (byte) 0xe9, 't', (byte) 0xe9, '/'};
        Path path = dest.resolve("raw");
        assertTrue(tree.symlink(local(path), new Entry(0, EntryType.SYMLINK, 0777, 0, 0, 0, 0, 0, name("raw"), target),
                noAttributes()));
        assertArrayEquals(target, dev.rdcp.posix.Symlinks.read(path, FileNames.absolute(path)));
        assertFalse(tree.symlink(local(path), new Entry(0, EntryType.SYMLINK, 0777, 0, 0, 0, 0, 0, name("raw"), target),
                noAttributes()), "the same bytes: left alone");

        Entry nul = new Entry(0, EntryType.SYMLINK, 0777, 0, 0, 0, 0, 0, name("nul"), new byte[] {'a', 0, 'b'});
        assertThrows(java.io.IOException.class, () -> tree.symlink(name("nul"), nul, noAttributes()));
        assertFalse(Files.exists(dest.resolve("nul"), java.nio.file.LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void symlinkReplacesAFileOrALinkWithAnotherTarget() throws Exception {
        ReceiverTree tree = tree(0);
        Path file = Files.writeString(dest.resolve("f"), "x");
        assertFalse(tree.symlink(local(file), link("f", "t1"), noAttributes()), "replaced, not new");
        assertEquals(Path.of("t1"), Files.readSymbolicLink(file));
        tree.symlink(local(file), link("f", "t2"), noAttributes());
        assertEquals(Path.of("t2"), Files.readSymbolicLink(file));
        try (Stream<Path> left = Files.list(dest)) {
            assertEquals(1, left.count(), "no temporary left behind");
        }
    }

    @Test
    void symlinkRefusesToReplaceADirectoryWithContents() throws Exception {
        Path directory = Files.createDirectory(dest.resolve("d"));
        Files.writeString(directory.resolve("kept"), "k");
        assertThrows(RdcpException.class, () -> tree(0).symlink(local(directory), link("d", "t"), noAttributes()));
        assertTrue(Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS));
    }

    /** As rsync: an empty directory in the way goes. */
    @Test
    void symlinkReplacesAnEmptyDirectory() throws Exception {
        Path directory = Files.createDirectory(dest.resolve("d"));
        assertTrue(tree(0).symlink(local(directory), link("d", "t"), noAttributes()));
        assertTrue(Files.isSymbolicLink(directory));
    }

    @Test
    void symlinkInADryRunCreatesNothing() throws Exception {
        assertTrue(tree(SessionRequest.DRY_RUN).symlink(name("l"), link("l", "t"), noAttributes()));
        assertFalse(Files.exists(dest.resolve("l"), LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void aDirectoryDeletedAndReplacedByASymlinkIsNoLongerTrusted() throws Exception {
        Path outside = Files.createDirectory(tmp.resolve("outside"));
        ReceiverTree tree = tree(SessionRequest.DELETE | SessionRequest.LINKS);
        assertTrue(tree.directory(name("a"), name("a")));
        // "a" was never listed inside ".", so the end of "." deletes it.
        tree.directory(name("."), name("."));
        tree.directoryEnd(name("."), true);
        assertFalse(Files.exists(dest.resolve("a"), LinkOption.NOFOLLOW_LINKS));
        tree.symlink(name("a"), link("a", outside.toString()), noAttributes());
        assertThrows(IOException.class, () -> tree.directory(name("a/d"), name("a/d")));
        assertFalse(Files.exists(outside.resolve("d")));
    }

    @Test
    void aDirectoryListedAgainKeepsWhatWasListedInIt() throws Exception {
        ReceiverTree tree = tree(SessionRequest.DELETE);
        tree.directory(name("."), name("."));
        tree.listed(name("kept"));
        tree.directory(name("kept"), name("kept"));
        tree.directory(name("."), name("."));
        tree.directoryEnd(name("."), true);
        assertTrue(Files.isDirectory(dest.resolve("kept")));
    }

    @Test
    void anIncompletelyListedDirectoryDeletesNothing() throws Exception {
        Files.writeString(dest.resolve("extra"), "x");
        ReceiverTree tree = tree(SessionRequest.DELETE);
        tree.directory(name("."), name("."));
        tree.directoryEnd(name("."), false);
        assertTrue(Files.exists(dest.resolve("extra")));
    }
}
