package dev.rdcp.posix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Names resolved beneath a directory descriptor, through openat2 and through the walk older kernels take. */
class DirectoryHandleTest extends BeneathRootTest {

    @Override
    void more() throws IOException {
        Files.writeString(outside.resolve("secret"), "outside");
        Files.createSymbolicLink(root.resolve("up"), outside);
        Files.createSymbolicLink(root.resolve("a/link"), Path.of("b/file"));
        Files.createSymbolicLink(root.resolve("dangling"), outside.resolve("created"));
    }

    private String read(byte[] name) throws IOException {
        try (FileHandle file = handle.openRead(name)) {
            ByteBuffer buffer = ByteBuffer.allocateDirect(64);
            int n = file.read(buffer, 0);
            return StandardCharsets.UTF_8.decode(buffer.flip().limit(n)).toString();
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void namesInsideAreOpenedAndEveryWayOutIsRefused(boolean walk) throws IOException {
        DirectoryHandle.walkOnly = walk;
        assertEquals("inside", read(bytes("a/b/file")));
        for (String name : List.of("..", "a/../../outside/secret", "a/../a/b/file", "/etc/hostname", "", "a//b/file",
                "up/secret", "a/link", "up")) {
            assertThrows(FileSystemException.class, () -> read(bytes(name)), name);
        }
        assertThrows(NoSuchFileException.class, () -> read(bytes("a/none")));
    }

    /**
     * Found in review: what a handle deletes is dropped from the caches of the handles it was
     * opened from, and that went up the chain a call per level, so --delete of a tree 4,061
     * directories deep (two pushes make one on a daemon) overflowed the session's stack. Here a
     * chain of 4,000 handles, the deletion at its end made on a thread with a small stack.
     */
    @Test
    void aDeletionAtTheEndOfAThousandsLongChainOfHandlesNeedsNoFramePerLevel() throws Exception {
        byte[] a = bytes("a");
        List<DirectoryHandle> chain = new java.util.ArrayList<>();
        DirectoryHandle deepest = handle.openDirectory(a);
        chain.add(deepest);
        try {
            for (int i = 0; i < 4_000; i++) {
                deepest.makeDirectory(a, 0700);
                deepest = deepest.openDirectory(a);
                chain.add(deepest);
            }
            DirectoryHandle last = deepest;
            Throwable[] failure = new Throwable[1];
            Thread thread = new Thread(null, () -> {
                try {
                    last.makeDirectory(a, 0700);
                    last.delete(a, true);
                } catch (IOException | RuntimeException | StackOverflowError e) {
                    failure[0] = e;
                }
            }, "small-stack", 256 << 10);
            thread.start();
            thread.join();
            assertEquals(null, failure[0] == null ? null : failure[0].toString());
        } finally {
            // Bottom up through the handles: the tree is deeper than a path can name.
            chain.get(chain.size() - 1).close();
            for (int i = chain.size() - 2; i >= 0; i--) {
                chain.get(i).delete(a, true);
                chain.get(i).close();
            }
        }
    }

    /**
     * A handle opened from another makes its path when asked: each of a deep walk's handles held
     * its whole path, the tree's depth squared in all (100 MB of paths for 10,000 levels). The
     * path is still the one it was opened by, also through ".", and made with a loop however deep.
     */
    @Test
    void aDirectoryOpenedFromAnotherTellsItsPathMadeOnDemand() throws Exception {
        byte[] a = bytes("a");
        try (DirectoryHandle first = handle.openDirectory(a); DirectoryHandle self = first.openDirectory(bytes("."));
                DirectoryHandle second = self.openDirectory(bytes("b"))) {
            assertEquals(root.resolve("a/b"), second.path());
            assertEquals(root.resolve("a"), self.path());
            NoSuchFileException missing = assertThrows(NoSuchFileException.class, () -> second.openDirectory(
                    bytes("none")));
            assertEquals(root.resolve("a/b/none").toString(), missing.getFile());
        }
        List<DirectoryHandle> chain = new java.util.ArrayList<>();
        DirectoryHandle deepest = handle.openDirectory(a);
        chain.add(deepest);
        try {
            for (int i = 0; i < 5_000; i++) {
                deepest.makeDirectory(a, 0700);
                deepest = deepest.openDirectory(a);
                chain.add(deepest);
            }
            DirectoryHandle last = deepest;
            Path[] path = new Path[1];
            Thread thread = new Thread(null, () -> path[0] = last.path(), "small-stack", 256 << 10);
            thread.start();
            thread.join();
            assertEquals(root.resolve("a" + "/a".repeat(5_000)), path[0]);
        } finally {
            chain.get(chain.size() - 1).close();
            for (int i = chain.size() - 2; i >= 0; i--) {
                chain.get(i).delete(a, true);
                chain.get(i).close();
            }
        }
    }

    /** -L on a daemon: a symlink is followed only while it stays beneath the directory. */
    @Test
    void aStatusFollowingSymlinksStaysBeneath() throws IOException {
        DirectoryHandle.walkOnly = false;
        Files.createSymbolicLink(root.resolve("a/b/back"), Path.of("../link"));
        FileStatus file = handle.status(bytes("a/b/file"));
        for (String name : List.of("a/link", "a/b/back")) {
            FileStatus followed = handle.statusFollowing(bytes(name));
            assertEquals(file.inode(), followed.inode(), name);
        }
        FileSystemException out = assertThrows(FileSystemException.class, () -> handle.statusFollowing(bytes("up")));
        assertEquals("a symlink on the way leads outside the directory being copied from or to", out.getReason());
        assertThrows(NoSuchFileException.class, () -> handle.statusFollowing(bytes("a/b/none")));
        assertThrows(FileSystemException.class, () -> handle.statusFollowing(bytes("dangling")));
    }

    /** -K: once asked, directories on the way may be symlinks that stay beneath; the last component is never followed. */
    @Test
    void directoryLinksAreFollowedOnlyWhenAskedAndOnlyBeneath() throws IOException {
        DirectoryHandle.walkOnly = false;
        Files.createSymbolicLink(root.resolve("lb"), Path.of("a/b"));
        assertThrows(FileSystemException.class, () -> read(bytes("lb/file")));
        handle.followDirectoryLinks();
        assertEquals("inside", read(bytes("lb/file")));
        try (DirectoryHandle through = handle.openDirectory(bytes("lb"))) {
            assertEquals(List.of("file"), through.names().stream().map(n -> new String(n, StandardCharsets.UTF_8)).toList());
        }
        assertThrows(FileSystemException.class, () -> read(bytes("up/secret")));
        assertThrows(FileSystemException.class, () -> read(bytes("a/link")));
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void magicLinksAreNotFollowed(boolean walk) throws IOException {
        DirectoryHandle.walkOnly = walk;
        try (DirectoryHandle proc = DirectoryHandle.open(Path.of("/proc/self"), bytes("/proc/self"))) {
            assertThrows(FileSystemException.class, () -> proc.openRead(bytes("root/etc/hostname")));
            assertThrows(FileSystemException.class, () -> proc.openRead(bytes("cwd")));
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aPlantedSymlinkIsNeverCreatedThroughOrChangedThrough(boolean walk) throws IOException {
        DirectoryHandle.walkOnly = walk;
        assertThrows(FileSystemException.class, () -> handle.create(bytes("dangling"), false, 0644));
        assertThrows(FileAlreadyExistsException.class, () -> handle.create(bytes("dangling"), true, 0644));
        assertThrows(FileSystemException.class, () -> handle.create(bytes("up/new"), true, 0644));
        assertFalse(Files.exists(outside.resolve("created")));
        assertFalse(Files.exists(outside.resolve("new")));
        assertThrows(FileSystemException.class, () -> handle.makeDirectory(bytes("up/d"), 0755));
        assertThrows(FileSystemException.class, () -> handle.delete(bytes("up/secret"), false));
        assertThrows(FileSystemException.class, () -> handle.link(bytes("up/secret"), bytes("stolen")));
        assertThrows(FileSystemException.class, () -> handle.rename(bytes("up/secret"), bytes("stolen")));
        assertTrue(Files.exists(outside.resolve("secret")));
        assertFalse(Files.exists(root.resolve("stolen")));
        try (FileHandle link = handle.openNode(bytes("dangling"))) {
            assertEquals(0120000, link.status().mode() & 0170000, "the link itself, not its target");
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void filesAreMadeRenamedLinkedListedAndDeletedInside(boolean walk) throws IOException {
        DirectoryHandle.walkOnly = walk;
        handle.makeDirectory(bytes("a/c"), 0755);
        try (FileHandle file = handle.create(bytes("a/c/.tmp"), true, 0600)) {
            file.write(ByteBuffer.allocateDirect(5).put(bytes("hello")).flip(), 0);
            file.setMode(0640);
            file.setTimes(1_600_000_000L, 5);
        }
        handle.rename(bytes("a/c/.tmp"), bytes("a/c/f"));
        handle.link(bytes("a/c/f"), bytes("g"));
        handle.symlink(bytes("a/c/f"), bytes("a/c/s"));
        assertArrayEquals(bytes("a/c/f"), handle.readLink(bytes("a/c/s")));
        FileStatus f = handle.status(bytes("a/c/f"));
        assertEquals(0640, f.mode() & 07777);
        assertEquals(1_600_000_000L, f.mtimeSeconds());
        assertEquals(2, f.links());
        assertEquals("hello", Files.readString(root.resolve("g")));
        try (DirectoryHandle c = handle.openDirectory(bytes("a/c"))) {
            Set<String> names = c.names().stream().map(n -> new String(n, StandardCharsets.UTF_8))
                    .collect(Collectors.toSet());
            assertEquals(Set.of("f", "s"), names);
            assertEquals(2, c.names().size(), "listed again from the start");
            c.delete(bytes("f"), false);
            c.delete(bytes("s"), false);
        }
        handle.delete(bytes("a/c"), true);
        assertFalse(Files.exists(root.resolve("a/c")));
    }
}
