package dev.rdcp.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A listed source is opened only while it is still the file that was listed. */
class ReadOnlyFileTest {

    @TempDir
    Path dir;

    private static byte[] name(Path path) {
        return path.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void theListedFileOpensAndReads() throws Exception {
        Path file = Files.writeString(dir.resolve("f"), "listed");
        FileStatus listed = FileStatus.of(file, name(file), false);
        try (ReadOnlyFile open = ReadOnlyFile.openListed(file, name(file), listed)) {
            ByteBuffer buffer = ByteBuffer.allocateDirect(16);
            assertEquals(6, open.read(buffer, 0));
            assertEquals(6, open.size());
        }
    }

    @Test
    void aSwappedChangedOrVanishedFileDoesNotOpen() throws Exception {
        Path file = Files.writeString(dir.resolve("f"), "listed");
        Path other = Files.writeString(dir.resolve("other"), "others");
        FileStatus listed = FileStatus.of(file, name(file), false);
        // Still linked elsewhere, so no new file can get its inode number.
        Files.createLink(dir.resolve("kept"), file);

        Files.delete(file);
        Files.createSymbolicLink(file, other);
        assertThrows(FileSystemException.class, () -> ReadOnlyFile.openListed(file, name(file), listed), "a symlink");

        Files.delete(file);
        Files.copy(other, file);
        assertThrows(FileSystemException.class, () -> ReadOnlyFile.openListed(file, name(file), listed),
                "another file of the same size");

        Files.delete(file);
        assertThrows(NoSuchFileException.class, () -> ReadOnlyFile.openListed(file, name(file), listed));
    }

    @Test
    void aFileThatChangedSizeDoesNotOpen() throws Exception {
        Path file = Files.writeString(dir.resolve("f"), "listed");
        FileStatus listed = FileStatus.of(file, name(file), false);
        Files.writeString(file, "listed and grown");
        FileSystemException e = assertThrows(FileSystemException.class,
                () -> ReadOnlyFile.openListed(file, name(file), listed));
        assertEquals("file changed size during the transfer", e.getReason());
    }
}
