package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.posix.DirectoryHandle;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A directory's merge files are read beneath its descriptor: regular files only, no symlink followed, bounded. */
class DirectoryMergeFilesTest {

    @TempDir
    Path tmp;

    private byte[] read(String name, int limit) throws Exception {
        try (ScratchBuffer buffer = new ScratchBuffer(4096);
                DirectoryMergeFiles files = new DirectoryMergeFiles(DirectoryHandle.open(tmp,
                        tmp.toString().getBytes(StandardCharsets.UTF_8)), true, buffer)) {
            return files.read(name, limit);
        }
    }

    @Test
    void aRegularFileIsReadWhole() throws Exception {
        Files.writeString(tmp.resolve(".rsync-filter"), "- a\n");
        assertArrayEquals("- a\n".getBytes(StandardCharsets.UTF_8), read(".rsync-filter", 100));
    }

    @Test
    void aLongerFileShowsPastTheLimit() throws Exception {
        Files.write(tmp.resolve("big"), new byte[20_000]);
        byte[] read = read("big", 10_000);
        assertTrue(read.length > 10_000 && read.length <= 20_000, String.valueOf(read.length));
    }

    /** Neither a symlink (even to a file with rules), a directory, a FIFO nor a missing file holds rules. */
    @Test
    void anythingButARegularFileHoldsNone() throws Exception {
        Path outside = Files.writeString(Files.createTempFile("rules", ""), "- secret\n");
        try {
            Files.createSymbolicLink(tmp.resolve("link"), outside);
            Files.createDirectory(tmp.resolve("dir"));
            assertEquals(0, new ProcessBuilder("mkfifo", tmp.resolve("fifo").toString()).start().waitFor());
            for (String name : new String[] {"link", "dir", "fifo", "missing"}) {
                assertNull(read(name, 100), name);
            }
        } finally {
            Files.delete(outside);
        }
    }
}
