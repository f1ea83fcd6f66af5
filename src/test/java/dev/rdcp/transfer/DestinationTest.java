package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

class DestinationTest {

    @TempDir
    Path tmp;

    private static byte[] name(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static void assertExit(ExitCode expected, Executable action) {
        RdcpException e = assertThrows(RdcpException.class, action);
        assertEquals(expected, e.exitCode(), e.getMessage());
    }

    @Test
    void existingDirectoryReceivesEntriesInside() throws Exception {
        Destination destination = Destination.of(tmp, false, null);
        assertTrue(destination.intoDirectory());
        assertEquals(tmp.resolve("a.bin"), destination.resolve(name("a.bin")));
        assertEquals(tmp.resolve("sub/deeper/b"), destination.resolve(name("sub/deeper/b")));
        assertEquals(tmp, destination.resolve(name(".")));
    }

    @Test
    void existingDirectoryNamedWithDirectoryRequiredReceivesEntriesInside() throws Exception {
        assertEquals(tmp.resolve("x"), Destination.of(tmp, true, null).resolve(name("x")));
    }

    @Test
    void newTargetInAnExistingDirectoryIsTheFileItself() throws Exception {
        Path target = tmp.resolve("copy.bin");
        Destination destination = Destination.of(target, false, null);
        assertFalse(destination.intoDirectory());
        assertEquals(target, destination.resolve(name("original.bin")));
    }

    @Test
    void existingFileTargetIsReplacedByTheFile() throws Exception {
        Path target = Files.writeString(tmp.resolve("old.txt"), "old");
        assertEquals(target, Destination.of(target, false, null).resolve(name("new.txt")));
    }

    @Test
    void aDirectoryCannotBeCopiedOntoAFileTarget() throws Exception {
        Destination destination = Destination.of(tmp.resolve("single"), false, null);
        assertExit(ExitCode.FILE_SELECTION, () -> destination.resolve(name(".")));
    }

    @Test
    void missingDirectoryWithAnExistingParentIsCreatedByPrepare() throws Exception {
        Path target = tmp.resolve("newdir");
        Destination destination = Destination.of(target, true, null);
        assertTrue(destination.intoDirectory());
        assertFalse(Files.exists(target), "nothing made before prepare");
        destination.prepare(false);
        assertTrue(Files.isDirectory(target));
        assertEquals(target.resolve("f"), destination.resolve(name("f")));
    }

    @Test
    void prepareInADryRunCreatesNothing() throws Exception {
        Path target = tmp.resolve("newdir");
        Destination.of(target, true, null).prepare(true);
        assertFalse(Files.exists(target));
    }

    @Test
    void prepareToleratesTheDirectoryAppearingMeanwhile() throws Exception {
        Path target = tmp.resolve("raced");
        Destination destination = Destination.of(target, true, null);
        Files.createDirectory(target);
        destination.prepare(false);
        assertTrue(Files.isDirectory(target));
    }

    @Test
    void aFileWhereTheDirectoryIsToBeIsRefusedUpFront() throws Exception {
        Path target = Files.writeString(tmp.resolve("plain"), "x");
        assertExit(ExitCode.FILE_SELECTION, () -> Destination.of(target, true, null));
        assertEquals("x", Files.readString(target));
    }

    @Test
    void prepareRefusesAFileThatAppearedWhereTheDirectoryIsToBe() throws Exception {
        Path target = tmp.resolve("later");
        Destination destination = Destination.of(target, true, null);
        Files.writeString(target, "x");
        assertExit(ExitCode.FILE_SELECTION, () -> destination.prepare(false));
        assertEquals("x", Files.readString(target));
    }

    @Test
    void prepareForAnExistingDirectoryOrASingleFileCreatesNothing() throws Exception {
        Destination.of(tmp, true, null).prepare(false);
        Path single = tmp.resolve("single");
        Destination.of(single, false, null).prepare(false);
        assertFalse(Files.exists(single));
    }

    /** As rsync: a directory that cannot be made is a file I/O error (11), a file's missing directory 3. */
    @Test
    void aMissingParentIsAFileIoErrorForADirectoryAndAFileSelectionErrorForAFile() {
        assertExit(ExitCode.FILE_IO, () -> Destination.of(tmp.resolve("no/dir"), true, null));
        assertExit(ExitCode.FILE_SELECTION, () -> Destination.of(tmp.resolve("no/file"), false, null));
    }

    /** The way to the destination swapped for a symlink out of the root after the check: refused, nothing made outside. */
    @Test
    void aDirectorySwappedOutOfTheRootBeforePreparingIsRefused() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("root"));
        Path way = Files.createDirectories(root.resolve("a"));
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Destination destination = Destination.of(way.resolve("new"), true, root);
        Files.delete(way);
        Files.createSymbolicLink(way, outside);
        java.nio.file.FileSystemException e = assertThrows(java.nio.file.FileSystemException.class,
                () -> destination.prepare(false));
        assertTrue(e.getMessage().contains("is no longer beneath the served directory"), e.getMessage());
        assertFalse(Files.exists(outside.resolve("new")));
    }

    /** A daemon names what is missing within its root, never by its own path. */
    @Test
    void aServedDestinationNamesWhatIsMissingWithinItsRoot() throws Exception {
        RdcpException e = assertThrows(
                RdcpException.class, () -> Destination.of(tmp.resolve("no/file"), false, tmp));
        assertEquals("change_dir \"no\" failed: No such file or directory (the destination's directory does not"
                + " exist; --mkpath makes it)", e.getMessage());
    }

    /**
     * Nor by its path what is in the way: a daemon refuses with these messages (its ERROR frame,
     * or a failed entry's report), and its client must not learn where it serves from.
     */
    @Test
    void aServedDestinationNamesWhatIsInTheWayWithinItsRoot() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("served"));
        Path plain = Files.writeString(root.resolve("plain"), "x");
        RdcpException file = assertThrows(RdcpException.class, () -> Destination.of(plain, true, root));
        assertEquals("plain exists and is not a directory", file.getMessage());
        RdcpException way = assertThrows(RdcpException.class,
                () -> Destination.of(plain.resolve("a/b"), null, true, root, true));
        assertEquals("cannot create plain/a/b: plain is not a directory", way.getMessage());
        Destination later = Destination.of(root.resolve("later"), true, root);
        Files.writeString(root.resolve("later"), "x");
        RdcpException appeared = assertThrows(RdcpException.class, () -> later.prepare(false));
        assertEquals("later exists and is not a directory", appeared.getMessage());
        RdcpException ontoFile = assertThrows(RdcpException.class,
                () -> Destination.of(plain, false, root).name(new byte[] {'.'}));
        assertEquals("cannot copy a directory onto the file plain", ontoFile.getMessage());
    }

    @Test
    void missingParentIsAFileSelectionError() {
        assertExit(ExitCode.FILE_SELECTION, () -> Destination.of(tmp.resolve("nodir/file"), false, null));
    }

    /** As rsync ("cannot stat destination"): a file on the way is 3 for every kind of destination, not a missing directory. */
    @Test
    void aFileOnTheWayIsAFileSelectionErrorForEveryKindOfDestination() throws Exception {
        Path file = Files.writeString(tmp.resolve("plain"), "x");
        for (Path target : List.of(file.resolve("child"), file.resolve("child/deeper"))) {
            for (boolean directory : new boolean[] {false, true}) {
                RdcpException e = assertThrows(RdcpException.class, () -> Destination.of(target, directory, null));
                assertEquals(ExitCode.FILE_SELECTION, e.exitCode(), target + " " + directory);
                assertEquals("cannot stat destination \"" + target + "\": Not a directory", e.getMessage());
            }
        }
    }

    @Test
    void namesThatClimbOutOrAreMalformedAreRejectedForEitherKindOfTarget() throws Exception {
        Destination directory = Destination.of(tmp, false, null);
        Destination single = Destination.of(tmp.resolve("single"), false, null);
        for (String bad : new String[] {"", "/etc", "../x", "a/..", "a//b", "a/./b", "dir/", "a\0b"}) {
            assertThrows(java.io.IOException.class, () -> directory.resolve(name(bad)), bad);
            assertThrows(java.io.IOException.class, () -> single.resolve(name(bad)), bad);
        }
    }

    @Test
    void insideTheRootIsAllowed() throws Exception {
        Path root = Files.createDirectory(tmp.resolve("root"));
        Path dir = Files.createDirectory(root.resolve("dir"));
        assertEquals(dir.resolve("f"), Destination.of(dir, false, root).resolve(name("f")));
        assertEquals(root.resolve("new"), Destination.of(root.resolve("new"), false, root).resolve(name("f")));
        assertEquals(root.resolve("f"), Destination.of(root, true, root).resolve(name("f")));
    }

    @Test
    void rootReachedThroughASymlinkStillWorks() throws Exception {
        Path real = Files.createDirectory(tmp.resolve("real"));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), real);
        assertEquals(link.resolve("f"), Destination.of(link, true, link).resolve(name("f")));
    }

    @Test
    void directoryTargetThatIsASymlinkOutOfTheRootIsRejected() throws Exception {
        Path root = Files.createDirectory(tmp.resolve("root"));
        Path outside = Files.createDirectory(tmp.resolve("outside"));
        Path escape = Files.createSymbolicLink(root.resolve("escape"), outside);
        assertExit(ExitCode.FILE_SELECTION, () -> Destination.of(escape, false, root));
        assertExit(ExitCode.FILE_SELECTION, () -> Destination.of(escape, true, root));
    }

    @Test
    void newEntryUnderASymlinkOutOfTheRootIsRejected() throws Exception {
        Path root = Files.createDirectory(tmp.resolve("root"));
        Path outside = Files.createDirectory(tmp.resolve("outside"));
        Path escape = Files.createSymbolicLink(root.resolve("escape"), outside);
        assertExit(ExitCode.FILE_SELECTION, () -> Destination.of(escape.resolve("file"), false, root));
        assertExit(ExitCode.FILE_SELECTION, () -> Destination.of(escape.resolve("newdir"), true, root));
    }

    @Test
    void siblingWithTheRootAsNamePrefixIsOutside() throws Exception {
        Path root = Files.createDirectory(tmp.resolve("srv"));
        Path sibling = Files.createDirectory(tmp.resolve("srv2"));
        Files.createSymbolicLink(root.resolve("s"), sibling);
        assertExit(ExitCode.FILE_SELECTION, () -> Destination.of(root.resolve("s"), true, root));
    }
}
