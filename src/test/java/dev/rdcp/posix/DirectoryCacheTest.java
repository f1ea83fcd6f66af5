package dev.rdcp.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The directory descriptors a handle keeps open across entries: bounded, invalidated, and never a way out. */
class DirectoryCacheTest extends BeneathRootTest {

    private static long openDescriptors() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        }
    }

    private void create(String name) throws IOException {
        handle.create(bytes(name), true, 0644).close();
    }

    /**
     * A local user swaps {@code a/b}, whose descriptor is held, for a symlink to the outside: what
     * is created through the held descriptor lands in the moved directory, still inside; once the
     * descriptor is no longer held the name fails. Nothing is created outside either way.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aHeldDirectorySwappedForASymlinkIsNoWayOut(boolean walkOnly) throws IOException {
        DirectoryHandle.walkOnly = walkOnly;
        handle.status(bytes("a/b/file"));
        assertEquals(1, handle.openParents(), "a/b is held open");
        Files.move(root.resolve("a/b"), root.resolve("a/moved"));
        Files.createSymbolicLink(root.resolve("a/b"), outside);

        create("a/b/through-held");
        assertTrue(Files.exists(root.resolve("a/moved/through-held")), "created in the directory it was opened as");
        handle.setLinkTimes(bytes("a/b/through-held"), 1, 0);
        handle.rename(bytes("a/b/through-held"), bytes("a/b/renamed"));

        create("a/b/still-held");
        assertTrue(Files.exists(root.resolve("a/moved/still-held")));
        for (int i = 0; i < DirectoryCache.MAX_OPEN; i++) {
            Files.createDirectories(root.resolve("other/d" + i));
            create("other/d" + i + "/f");
        }
        assertThrows(IOException.class, () -> create("a/b/after"), "opened anew, the symlink is never followed");
        assertThrows(IOException.class, () -> handle.status(bytes("a/b/renamed")));
        try (Stream<Path> out = Files.list(outside)) {
            assertEquals(0, out.count(), "nothing created outside");
        }
        assertTrue(Files.exists(root.resolve("a/moved/renamed")));
    }

    /** The same swap while a file's directory is lent out: the file is renamed in that directory, never through the symlink. */
    @Test
    void aLentDirectoryStaysTheSameDirectory() throws IOException {
        try (DirectoryHandle lent = handle.lendDirectory(bytes("a/b"))) {
            lent.create(bytes(".tmp"), true, 0644).close();
            Files.move(root.resolve("a/b"), root.resolve("a/moved"));
            Files.createSymbolicLink(root.resolve("a/b"), outside);
            // Enough other directories to push a/b out of the cache, were it not lent.
            for (int i = 0; i < DirectoryCache.MAX_OPEN + 10; i++) {
                Files.createDirectories(root.resolve("many/d" + i));
                handle.makeDirectory(bytes("many/d" + i + "/sub"), 0755);
            }
            lent.rename(bytes(".tmp"), bytes("file"));
        }
        assertEquals("", Files.readString(root.resolve("a/moved/file")));
        assertFalse(Files.exists(outside.resolve("file")));
    }

    @Test
    void atMostMaxOpenDirectoriesAreHeldAndAllAreClosedWithTheHandle() throws IOException {
        long before = openDescriptors();
        for (int i = 0; i < 3 * DirectoryCache.MAX_OPEN; i++) {
            Files.createDirectories(root.resolve("d" + i + "/e"));
            create("d" + i + "/e/f");
        }
        assertEquals(DirectoryCache.MAX_OPEN, handle.openParents());
        assertTrue(openDescriptors() - before <= DirectoryCache.MAX_OPEN, "descriptors beyond the bound");
        handle.close();
        assertEquals(before - 1, openDescriptors(), "the kept directories and the handle's own are closed");
    }

    /** --delete removes a directory through a handle opened beneath the top one: the top one's held descriptor goes too. */
    @Test
    void aDirectoryDeletedThroughAnotherHandleIsForgottenByTheHandleItCameFrom() throws IOException {
        handle.status(bytes("a/b/file"));
        assertEquals(1, handle.openParents());
        try (DirectoryHandle a = handle.openDirectory(bytes("a")); DirectoryHandle b = a.openDirectory(bytes("b"))) {
            b.delete(bytes("file"), false);
            a.delete(bytes("b"), true);
        }
        assertEquals(0, handle.openParents());
        Files.createSymbolicLink(root.resolve("a/b"), outside);
        assertThrows(IOException.class, () -> create("a/b/x"));
        try (Stream<Path> out = Files.list(outside)) {
            assertEquals(0, out.count());
        }
    }

    /** Another process removes a held directory and makes it again: a new file goes into the new one. */
    @Test
    void aHeldDirectoryRemovedAndMadeAgainByAnotherProcessIsOpenedAnew() throws IOException {
        handle.status(bytes("a/b/file"));
        Files.delete(root.resolve("a/b/file"));
        Files.delete(root.resolve("a/b"));
        Files.createDirectory(root.resolve("a/b"));
        create("a/b/new");
        assertTrue(Files.exists(root.resolve("a/b/new")));
    }
}
