package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFileTest {

    @TempDir
    Path tmp;

    private static ByteBuffer bytes(String text) {
        return ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII));
    }

    private long entries() throws Exception {
        try (Stream<Path> list = Files.list(tmp)) {
            return list.count();
        }
    }

    @Test
    void writeAndCommitPutTheContentUnderTheFinalNameAndRemoveTheTemp() throws Exception {
        Path target = tmp.resolve("data.bin");
        Path temp;
        try (AtomicFile file = AtomicFile.create(target)) {
            temp = file.temp();
            assertTrue(Files.exists(temp));
            assertFalse(Files.exists(target), "nothing under the final name before commit");
            // Out of order, as chunks may land.
            file.write(bytes("world"), 6);
            file.write(bytes("hello "), 0);
            file.commit(null, null);
        }
        assertEquals("hello world", Files.readString(target));
        assertFalse(Files.exists(temp));
        assertEquals(1, entries());
    }

    @Test
    void tempIsHiddenAndInTheSameDirectory() throws Exception {
        Path target = tmp.resolve("visible.txt");
        try (AtomicFile file = AtomicFile.create(target)) {
            Path temp = file.temp();
            assertEquals(target.getParent(), temp.getParent());
            assertTrue(temp.getFileName().toString().startsWith("."), temp.toString());
            assertFalse(temp.equals(target));
        }
    }

    @Test
    void closeWithoutCommitDeletesTheTempAndLeavesTheOlderFile() throws Exception {
        Path target = Files.writeString(tmp.resolve("keep.txt"), "older content");
        Path temp;
        try (AtomicFile file = AtomicFile.create(target)) {
            temp = file.temp();
            file.write(bytes("newer, partial"), 0);
            assertEquals("older content", Files.readString(target), "untouched while writing");
        }
        assertFalse(Files.exists(temp));
        assertEquals("older content", Files.readString(target));
        assertEquals(1, entries());
    }

    @Test
    void commitReplacesAnOlderFile() throws Exception {
        Path target = Files.writeString(tmp.resolve("replace.txt"), "a much longer older content");
        try (AtomicFile file = AtomicFile.create(target)) {
            file.write(bytes("new"), 0);
            file.commit(null, null);
        }
        assertEquals("new", Files.readString(target));
    }

    @Test
    void commitAppliesModeAndMtime() throws Exception {
        Path target = tmp.resolve("meta.txt");
        FileTime mtime = FileTime.from(Instant.ofEpochSecond(1_500_000_000L, 250_000_000));
        try (AtomicFile file = AtomicFile.create(target)) {
            file.write(bytes("x"), 0);
            file.commit(0640, mtime);
        }
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(target)));
        assertEquals(mtime.toInstant(), Files.getLastModifiedTime(target).toInstant());
    }

    @Test
    void modeBitsMapToTheirPermissions() throws Exception {
        Path target = tmp.resolve("exec.sh");
        try (AtomicFile file = AtomicFile.create(target)) {
            file.commit(0751, null);
        }
        assertEquals("rwxr-x--x", PosixFilePermissions.toString(Files.getPosixFilePermissions(target)));
        assertEquals("r--rw--wx", PosixFilePermissions.toString(AtomicFile.permissions(0463)));
    }

    @Test
    void closeAfterCommitKeepsTheFile() throws Exception {
        Path target = tmp.resolve("committed");
        AtomicFile file = AtomicFile.create(target);
        file.write(bytes("done"), 0);
        file.commit(null, null);
        file.close();
        file.close();
        assertEquals("done", Files.readString(target));
    }

    @Test
    void commitReplacesASymlinkInsteadOfWritingThroughIt() throws Exception {
        Path outside = Files.writeString(tmp.resolve("outside.txt"), "do not touch");
        Path link = Files.createSymbolicLink(tmp.resolve("link.txt"), outside);
        try (AtomicFile file = AtomicFile.create(link)) {
            file.write(bytes("received"), 0);
            file.commit(0600, null);
        }
        assertEquals("do not touch", Files.readString(outside));
        assertFalse(Files.isSymbolicLink(link));
        assertTrue(Files.isRegularFile(link, LinkOption.NOFOLLOW_LINKS));
        assertEquals("received", Files.readString(link));
    }
}
