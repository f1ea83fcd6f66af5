package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.function.Executable;

class DestinationTest {

    @TempDir
    Path tmp;

    private static void assertExit(ExitCode expected, Executable action) {
        RdcpException e = assertThrows(RdcpException.class, action);
        assertEquals(expected, e.exitCode(), e.getMessage());
    }

    @Test
    void existingDirectoryReceivesFilesInside() throws Exception {
        Destination destination = Destination.of(tmp, false, null);
        assertEquals(tmp.resolve("a.bin"), destination.resolve("a.bin"));
        assertEquals(tmp.resolve("b"), destination.resolve("b"));
    }

    @Test
    void existingDirectoryNamedWithDirectoryRequiredReceivesFilesInside() throws Exception {
        assertEquals(tmp.resolve("x"), Destination.of(tmp, true, null).resolve("x"));
    }

    @Test
    void newTargetInAnExistingDirectoryIsTheFileItself() throws Exception {
        Path target = tmp.resolve("copy.bin");
        Destination destination = Destination.of(target, false, null);
        assertEquals(target, destination.resolve("original.bin"));
    }

    @Test
    void existingFileTargetIsReplacedByTheFile() throws Exception {
        Path target = Files.writeString(tmp.resolve("old.txt"), "old");
        assertEquals(target, Destination.of(target, false, null).resolve("new.txt"));
    }

    @Test
    void missingDirectoryWhenADirectoryIsRequiredIsAFileSelectionError() {
        assertExit(ExitCode.FILE_SELECTION, () -> Destination.of(tmp.resolve("nodir"), true, null));
    }

    @Test
    void missingParentIsAFileSelectionError() {
        assertExit(ExitCode.FILE_SELECTION, () -> Destination.of(tmp.resolve("nodir/file"), false, null));
    }

    @Test
    void parentThatIsAFileIsAFileSelectionError() throws Exception {
        Path file = Files.writeString(tmp.resolve("plain"), "x");
        assertExit(ExitCode.FILE_SELECTION, () -> Destination.of(file.resolve("child"), false, null));
    }

    @Test
    void namesThatAreNotASinglePathComponentAreRejected() throws Exception {
        Destination destination = Destination.of(tmp, false, null);
        for (String name : new String[] {"a/b", "/etc", "../x", ".", "..", "", "a\0b", "dir/"}) {
            assertThrows(RdcpException.class, () -> destination.resolve(name), name);
        }
    }

    @Test
    void badNamesAreRejectedEvenWhenTheTargetIsAFile() throws Exception {
        Destination destination = Destination.of(tmp.resolve("single"), false, null);
        assertThrows(RdcpException.class, () -> destination.resolve(".."));
        assertThrows(RdcpException.class, () -> destination.resolve("a/b"));
    }

    @Test
    void nameResolvingToAnExistingDirectoryIsRejected() throws Exception {
        Files.createDirectory(tmp.resolve("sub"));
        Destination destination = Destination.of(tmp, false, null);
        assertExit(ExitCode.FILE_SELECTION, () -> destination.resolve("sub"));
    }

    @Test
    void insideTheRootIsAllowed() throws Exception {
        Path root = Files.createDirectory(tmp.resolve("root"));
        Path dir = Files.createDirectory(root.resolve("dir"));
        assertEquals(dir.resolve("f"), Destination.of(dir, false, root).resolve("f"));
        assertEquals(root.resolve("new"), Destination.of(root.resolve("new"), false, root).resolve("f"));
        assertEquals(root.resolve("f"), Destination.of(root, true, root).resolve("f"));
    }

    @Test
    void rootReachedThroughASymlinkStillWorks() throws Exception {
        Path real = Files.createDirectory(tmp.resolve("real"));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), real);
        assertEquals(link.resolve("f"), Destination.of(link, true, link).resolve("f"));
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
    void newFileUnderASymlinkOutOfTheRootIsRejected() throws Exception {
        Path root = Files.createDirectory(tmp.resolve("root"));
        Path outside = Files.createDirectory(tmp.resolve("outside"));
        Path escape = Files.createSymbolicLink(root.resolve("escape"), outside);
        assertExit(ExitCode.FILE_SELECTION, () -> Destination.of(escape.resolve("file"), false, root));
    }

    @Test
    void siblingWithTheRootAsNamePrefixIsOutside() throws Exception {
        Path root = Files.createDirectory(tmp.resolve("srv"));
        Path sibling = Files.createDirectory(tmp.resolve("srv2"));
        Files.createSymbolicLink(root.resolve("s"), sibling);
        assertExit(ExitCode.FILE_SELECTION, () -> Destination.of(root.resolve("s"), true, root));
    }
}
