package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.posix.FileStatus;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ProtocolException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourceRemovalTest {

    @TempDir
    Path tmp;

    private final List<String> outcomes = new ArrayList<>();

    private ListedEntry listed(int index, Path path, EntryType type) throws Exception {
        FileStatus status = FileStatus.of(path, FileNames.absolute(path), false);
        byte[] name = path.getFileName().toString().getBytes(StandardCharsets.UTF_8);
        return new ListedEntry(new Entry(index, type, status.mode() & 07777, status.mtimeSeconds(), status.mtimeNanos(),
                type == EntryType.FILE ? status.size() : 0, 0, 0, name, new byte[0]), path, status);
    }

    private SourceRemoval removal(Path root) {
        return new SourceRemoval(root, (code, message) -> outcomes.add(code + " " + message));
    }

    @Test
    void aFileInPlaceIsRemovedBeneathTheServedDirectory() throws Exception {
        Path file = Files.writeString(Files.createDirectories(tmp.resolve("served/d")).resolve("f"), "data");
        try (SourceRemoval removal = removal(tmp.resolve("served"))) {
            removal.listed(listed(3, file, EntryType.FILE));
            removal.inPlace(3);
        }
        assertFalse(Files.exists(file));
        assertEquals(List.of(), outcomes);
    }

    @Test
    void aFileChangedSinceItWasListedStays() throws Exception {
        Path file = Files.writeString(tmp.resolve("f"), "data");
        try (SourceRemoval removal = removal(null)) {
            removal.listed(listed(0, file, EntryType.FILE));
            Files.writeString(file, "more data");
            removal.inPlace(0);
        }
        assertTrue(Files.exists(file));
        assertEquals(List.of("23 ERROR: Skipping sender remove for changed file: f"), outcomes);
    }

    /** A directory swapped for a symlink under the served directory is not followed out of it. */
    @Test
    void aSymlinkedParentIsNotFollowed() throws Exception {
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Path file = Files.writeString(Files.createDirectories(tmp.resolve("served/d")).resolve("f"), "data");
        try (SourceRemoval removal = removal(tmp.resolve("served"))) {
            removal.listed(listed(1, file, EntryType.FILE));
            Files.move(tmp.resolve("served/d"), tmp.resolve("served/moved"));
            Files.writeString(outside.resolve("f"), "data");
            Files.createSymbolicLink(tmp.resolve("served/d"), outside);
            removal.inPlace(1);
        }
        assertTrue(Files.exists(outside.resolve("f")));
        assertEquals(1, outcomes.size());
        assertTrue(outcomes.get(0).startsWith("23 sender failed to remove f: "), outcomes.toString());
    }

    @Test
    void directoriesAreNeverWaitedOnAndUnknownIndexesAreAProtocolError() throws Exception {
        Path directory = Files.createDirectories(tmp.resolve("d"));
        try (SourceRemoval removal = removal(null)) {
            removal.listed(listed(5, directory, EntryType.DIRECTORY));
            assertThrows(ProtocolException.class, () -> removal.inPlace(5));
            assertThrows(ProtocolException.class, () -> removal.inPlace(6));
        }
        assertTrue(Files.isDirectory(directory));
    }

    @Test
    void aFailedOrUnreportedFileStays() throws Exception {
        Path failed = Files.writeString(tmp.resolve("failed"), "x");
        Path unreported = Files.writeString(tmp.resolve("unreported"), "y");
        try (SourceRemoval removal = removal(null)) {
            removal.listed(listed(0, failed, EntryType.FILE));
            removal.listed(listed(1, unreported, EntryType.FILE));
            removal.failed(0);
            removal.clear();
            assertThrows(ProtocolException.class, () -> removal.inPlace(0));
            assertThrows(ProtocolException.class, () -> removal.inPlace(1));
        }
        assertTrue(Files.exists(failed));
        assertTrue(Files.exists(unreported));
    }
}
