package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.SessionRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import org.apache.commons.io.file.PathUtils;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11, defects 1 and 2, as the confined file layer alone must stop them: a directory the
 * session made is swapped for a symlink to the outside between the entry that named it and the
 * use of a name below it; the receiver must not reach outside the destination, whether it writes
 * data, sets modes at the end or makes hard links. The swap is a local user's (a hostile sender
 * that tries it through the list itself, with a DIRECTORY_END that deletes and a SYMLINK, is
 * stopped earlier by the list's order rules: HostileEscapeTest).
 */
class ConfinedReceiverTest {

    private static final long MTIME = 1_600_000_000L;
    private static final int CHUNK = 4096;
    private static final long BASE = SessionRequest.RECURSIVE | SessionRequest.LINKS | SessionRequest.DELETE
            | SessionRequest.DESTINATION_IS_DIRECTORY | SessionRequest.PRESERVE_PERMISSIONS;

    @TempDir
    Path dir;

    private Path root;
    private Path outside;

    @BeforeEach
    void tree() throws Exception {
        root = Files.createDirectories(dir.resolve("root"));
        outside = Files.createDirectories(dir.resolve("outside"));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static Entry entry(int index, EntryType type, int mode, String name, long size, byte[] extra) {
        return new Entry(index, type, mode, MTIME, 0, size, 0, 0, bytes(name), extra);
    }

    private static Entry directory(int index, String name, int mode) {
        return entry(index, EntryType.DIRECTORY, mode, name, 0, new byte[0]);
    }

    private static Entry file(int index, String name, long size) {
        return entry(index, EntryType.FILE, 0644, name, size, new byte[0]);
    }

    /** A receiver into root with no root to confine it by name: the directory descriptors alone stand guard. */
    private HostilePeer receiver(long flags) throws Exception {
        return HostilePeer.start(HostilePeer.Wire.LOOPBACK, Destination.of(root, true, null), TransferOptions.of(CHUNK, flags));
    }

    /** Once the receiver has made a (it has answered the entries that named it), a local user replaces it by a symlink to the outside. */
    private void swapForOutside() throws Exception {
        PathUtils.deleteDirectory(root.resolve("a"));
        Files.createSymbolicLink(root.resolve("a"), outside);
    }

    @Test
    void dataForANameBelowASwappedDirectoryIsNotWrittenOutside() throws Exception {
        try (HostilePeer peer = receiver(BASE)) {
            peer.entries(directory(0, "a", 0755), file(1, "a/pwned", 6));
            swapForOutside();
            peer.chunk(1, 0, bytes("pwned!"), true);
            peer.end();

            assertNull(peer.finish());
            assertFalse(Files.exists(outside.resolve("pwned")), "written outside the destination");
            assertEquals(ExitCode.PARTIAL.code(), peer.report().exitCode(), peer.report().failures().toString());
        }
    }

    /** As root (-o applies), the owner too: the entry asks for uid and gid 4321. */
    @Test
    void directoryModesAndOwnersAtTheEndAreNotSetOutside() throws Exception {
        Path victim = Files.createDirectory(outside.resolve("b"));
        Files.setPosixFilePermissions(victim, PosixFilePermissions.fromString("rwxr-xr-x"));
        Object owner = Files.getAttribute(victim, "unix:uid");
        try (HostilePeer peer = receiver(BASE | SessionRequest.OWNERS)) {
            Entry b = new Entry(1, EntryType.DIRECTORY, 0700, MTIME, 0, 0, 4321, 4321, bytes("a/b"), new byte[0]);
            peer.entries(directory(0, "a", 0755), b);
            swapForOutside();
            peer.end();

            assertNull(peer.finish());
        }
        assertEquals("rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(victim)));
        assertEquals(owner, Files.getAttribute(victim, "unix:uid"));
    }

    @Test
    void aHardLinkIsNotMadeToAFileOutside() throws Exception {
        Path secret = Files.writeString(outside.resolve("s"), "secret");
        try (HostilePeer peer = receiver(BASE | SessionRequest.HARD_LINKS)) {
            peer.entries(directory(0, "a", 0755), file(1, "a/s", 6));
            peer.chunk(1, 0, bytes("inside"), true);
            swapForOutside();
            peer.entries(entry(2, EntryType.HARDLINK, 0644, "stolen", 6, bytes("a/s")));
            peer.end();

            assertNull(peer.finish());
            Path stolen = root.resolve("stolen");
            assertFalse(Files.exists(stolen, LinkOption.NOFOLLOW_LINKS) && Files.isSameFile(stolen, secret),
                    "an outside file linked into the destination");
            assertTrue(peer.report().exitCode() != 0, "the link cannot be made, and that is reported");
        }
    }

    /** The first piece's staging buffer comes back only once it is written, so the partial file is there to swap. */
    @Test
    void aSymlinkPlantedAtThePartialNameGetsNoModeAndIsNotPassedOffAsTheFile() throws Exception {
        Path target = Files.writeString(outside.resolve("target"), "theirs");
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-------"));
        byte[] first = new byte[CHUNK];
        Arrays.fill(first, (byte) 'x');
        try (HostilePeer peer = receiver(BASE | SessionRequest.PARTIAL)) {
            peer.entries(entry(0, EntryType.FILE, 0777, "f", 2L * CHUNK, new byte[0]));
            peer.chunk(0, 0, first, false);
            Path partial = root.resolve(".f.rdcp-partial");
            assertTrue(Files.isRegularFile(partial, LinkOption.NOFOLLOW_LINKS));
            Files.delete(partial);
            Files.createSymbolicLink(partial, target);
            peer.chunk(0, CHUNK, first, true);
            peer.end();

            assertNull(peer.finish());
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(target)),
                    "the mode went through the planted symlink");
            Path f = root.resolve("f");
            boolean arrived = Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS) && Files.size(f) == 2L * CHUNK;
            assertTrue(arrived || peer.report().exitCode() != 0, "lost while reported as done");
        }
    }
}
