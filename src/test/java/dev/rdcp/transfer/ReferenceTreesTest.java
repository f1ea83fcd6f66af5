package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.filter.FilterRules;
import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.ReceiverSettings;
import dev.rdcp.protocol.ReferenceDirectories;
import dev.rdcp.protocol.SessionRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --link-dest, --compare-dest and --copy-dest over the loopback data path, and how their directories resolve. */
class ReferenceTreesTest {

    private static final int CHUNK = 64 << 10;
    private static final long ARCHIVE = SessionRequest.RECURSIVE | SessionRequest.PRESERVE_TIMES
            | SessionRequest.PRESERVE_PERMISSIONS | SessionRequest.LINKS | SessionRequest.DESTINATION_IS_DIRECTORY;
    private static final FileTime OLD = FileTime.fromMillis(1_600_000_000_000L);

    @TempDir
    Path dir;
    Path source;
    Path previous;

    /** A source tree and its earlier snapshot: "same" unchanged, "edited" changed, "chmodded" with other permissions, "new" absent. */
    @BeforeEach
    void trees() throws IOException {
        source = dir.resolve("source");
        previous = dir.resolve("backups/previous");
        for (Path tree : List.of(source, previous)) {
            write(tree.resolve("same"), "unchanged");
            write(tree.resolve("sub/deep"), "unchanged too");
            write(tree.resolve("edited"), tree == source ? "new, longer text" : "old text");
            write(tree.resolve("chmodded"), "same bytes");
        }
        Files.setPosixFilePermissions(previous.resolve("chmodded"), PosixFilePermissions.fromString("rw-------"));
        Files.setPosixFilePermissions(source.resolve("chmodded"), PosixFilePermissions.fromString("rw-r--r--"));
        write(source.resolve("new"), "only in the source");
        for (Path tree : List.of(source, previous)) {
            Files.setLastModifiedTime(tree.resolve("sub"), OLD);
        }
    }

    private static void write(Path path, String text) throws IOException {
        Files.createDirectories(path.getParent());
        Files.writeString(path, text);
        Files.setLastModifiedTime(path, OLD);
    }

    private final List<String> warnings = new ArrayList<>();

    private LoopbackCopy.Outcome copy(Path target, ReferenceDirectories.Kind kind, String... directories) throws Exception {
        TransferOptions options = new TransferOptions(CHUNK, TransferOptions.DEFAULT_SLOTS, ARCHIVE, 0, FilterRules.NONE,
                ReceiverSettings.NONE.withReferences(new ReferenceDirectories(kind, List.of(directories))),
                ChmodRules.NONE);
        LoopbackCopy.Outcome outcome = LoopbackCopy.run(List.of(SourceOperand.parse(source + "/")), target, true, options,
                5, (sender, receiver) -> { }, new TransferListener() {
                    @Override
                    public void fileFailed(int exitCode, String message) {
                        warnings.add(message);
                    }
                });
        assertNull(outcome.senderError(), "sender");
        assertNull(outcome.receiverError(), "receiver");
        return outcome;
    }

    private static Object inode(Path path) throws IOException {
        return Files.getAttribute(path, "unix:ino");
    }

    @Test
    void linkDestHardLinksExactlyTheUnchangedFilesAndSendsTheRest() throws Exception {
        Path target = dir.resolve("backups/today");

        LoopbackCopy.Outcome outcome = copy(target, ReferenceDirectories.Kind.LINK, "../previous");

        assertEquals(0, outcome.receiverReport().exitCode(), () -> outcome.receiverReport().failures().toString());
        assertEquals(inode(previous.resolve("same")), inode(target.resolve("same")));
        assertEquals(inode(previous.resolve("sub/deep")), inode(target.resolve("sub/deep")));
        assertNotEquals(inode(previous.resolve("edited")), inode(target.resolve("edited")));
        assertEquals("new, longer text", Files.readString(target.resolve("edited")));
        assertEquals("old text", Files.readString(previous.resolve("edited")), "the reference is never written");
        // Same content, other permissions: copied locally, as rsync does, not linked.
        assertNotEquals(inode(previous.resolve("chmodded")), inode(target.resolve("chmodded")));
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(target.resolve("chmodded"))));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(previous.resolve("chmodded"))));
        assertEquals(OLD, Files.getLastModifiedTime(target.resolve("chmodded")));
        assertEquals("only in the source", Files.readString(target.resolve("new")));
        assertEquals(2, outcome.receiverReport().filesDone(), "only the changed and the new file's data moved");
    }

    @Test
    void linkDestReplacesAnIdenticalFileAlreadyThereWithTheLink() throws Exception {
        Path target = dir.resolve("backups/today");
        write(target.resolve("same"), "unchanged");

        copy(target, ReferenceDirectories.Kind.LINK, previous.toString());

        assertEquals(inode(previous.resolve("same")), inode(target.resolve("same")));
    }

    @Test
    void theFirstDirectoryWithAnExactMatchWins() throws Exception {
        Path target = dir.resolve("backups/today");
        Path other = dir.resolve("backups/other");
        write(other.resolve("edited"), "new, longer text");

        copy(target, ReferenceDirectories.Kind.LINK, "../missing", "../previous", "../other");

        assertEquals(inode(other.resolve("edited")), inode(target.resolve("edited")));
        assertEquals(inode(previous.resolve("same")), inode(target.resolve("same")));
    }

    @Test
    void aMissingReferenceDirectoryIsAWarningNotAFailure() throws Exception {
        Path target = dir.resolve("backups/today");

        LoopbackCopy.Outcome outcome = copy(target, ReferenceDirectories.Kind.LINK, "../nowhere");

        assertEquals(0, outcome.receiverReport().exitCode());
        assertEquals(List.of("--link-dest arg does not exist: ../nowhere"), warnings);
        assertEquals("unchanged", Files.readString(target.resolve("same")));
    }

    @Test
    void compareDestLeavesOutWhatIsUnchangedThere() throws Exception {
        Path target = dir.resolve("backups/today");

        copy(target, ReferenceDirectories.Kind.COMPARE, "../previous");

        assertFalse(Files.exists(target.resolve("same")));
        assertFalse(Files.exists(target.resolve("sub/deep")));
        assertTrue(Files.isDirectory(target.resolve("sub")), "directories are made all the same");
        assertEquals("new, longer text", Files.readString(target.resolve("edited")));
        assertEquals("same bytes", Files.readString(target.resolve("chmodded")));
        assertEquals("only in the source", Files.readString(target.resolve("new")));
    }

    @Test
    void copyDestCopiesUnchangedFilesLocally() throws Exception {
        Path target = dir.resolve("backups/today");

        LoopbackCopy.Outcome outcome = copy(target, ReferenceDirectories.Kind.COPY, "../previous");

        assertEquals("unchanged", Files.readString(target.resolve("same")));
        assertNotEquals(inode(previous.resolve("same")), inode(target.resolve("same")));
        assertEquals(OLD, Files.getLastModifiedTime(target.resolve("same")));
        assertEquals("new, longer text", Files.readString(target.resolve("edited")));
        assertEquals(2, outcome.receiverReport().filesDone());
    }

    @Test
    void aDaemonResolvesReferenceDirectoriesBeneathItsRootAndRefusesAnEscape() throws Exception {
        Path root = dir.resolve("backups");
        Files.createDirectories(root.resolve("today"));
        try (Destination destination = Destination.of(root.resolve("today"), true, root)) {
            destination.prepare(false);
            try (DirectoryHandle previousHandle = destination.openReference("../previous", "--link-dest");
                    DirectoryHandle absolute = destination.openReference("/previous/sub", "--link-dest")) {
                assertArrayEquals("unchanged".getBytes(StandardCharsets.UTF_8),
                        Files.readAllBytes(previous.resolve("same")));
                assertEquals(Files.getAttribute(previous.resolve("same"), "unix:ino"),
                        previousHandle.status("same".getBytes(StandardCharsets.UTF_8)).inode());
                assertEquals(Files.getAttribute(previous.resolve("sub/deep"), "unix:ino"),
                        absolute.status("deep".getBytes(StandardCharsets.UTF_8)).inode());
            }
            RdcpException escape = assertThrows(RdcpException.class,
                    () -> destination.openReference("../../source", "--link-dest"));
            assertEquals(ExitCode.FILE_SELECTION, escape.exitCode());
            Files.createSymbolicLink(root.resolve("out"), dir.resolve("source"));
            assertThrows(IOException.class, () -> destination.openReference("../out", "--link-dest"),
                    "a symlink on the way out is not followed");
        }
    }
}
