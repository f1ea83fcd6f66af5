package dev.rdcp.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The native stat against what the JDK's attribute view says of the same paths. */
class FileStatusTest {

    private static final String UNIX = "unix:mode,size,lastModifiedTime,uid,gid";

    @TempDir
    Path tmp;

    private static byte[] name(Path path) {
        return path.toAbsolutePath().toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void assertSameAsTheJdk(Path path, FileStatus status, LinkOption... options) throws Exception {
        Map<String, Object> jdk = Files.readAttributes(path, UNIX, options);
        assertEquals(jdk.get("mode"), status.mode(), "mode");
        assertEquals(jdk.get("size"), status.size(), "size");
        assertEquals(jdk.get("lastModifiedTime"), status.mtime(), "mtime");
        assertEquals(jdk.get("uid"), status.uid(), "uid");
        assertEquals(jdk.get("gid"), status.gid(), "gid");
    }

    @Test
    void aFileWithSpecialBitsAndANanosecondMtime() throws Exception {
        Path file = Files.write(tmp.resolve("f"), new byte[1234]);
        Files.setAttribute(file, "unix:mode", 04751);
        Files.setLastModifiedTime(file, FileTime.from(Instant.ofEpochSecond(1_234_567_890L, 987_654_321)));
        FileStatus status = FileStatus.of(file, name(file), false);
        assertEquals(0104751, status.mode());
        assertEquals(1234, status.size());
        assertEquals(1_234_567_890L, status.mtimeSeconds());
        assertEquals(987_654_321, status.mtimeNanos());
        assertSameAsTheJdk(file, status, LinkOption.NOFOLLOW_LINKS);
    }

    @Test
    void aSymlinkIsItselfUnlessFollowed() throws Exception {
        Path directory = Files.createDirectory(tmp.resolve("d"));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), Path.of("d"));
        FileStatus itself = FileStatus.of(link, name(link), false);
        assertEquals(0120000, itself.mode() & 0170000);
        assertSameAsTheJdk(link, itself, LinkOption.NOFOLLOW_LINKS);
        FileStatus followed = FileStatus.of(link, name(link), true);
        assertEquals(0040000, followed.mode() & 0170000);
        assertSameAsTheJdk(directory, followed);
    }

    @Test
    void failuresAreTheJdksExceptionsWithTheJdksMessages() throws Exception {
        Path missing = tmp.resolve("missing");
        NoSuchFileException e = assertThrows(NoSuchFileException.class, () -> FileStatus.of(missing, name(missing), false));
        assertEquals(missing.toString(), e.getFile());
        assertEquals(missing + ": No such file or directory", e.getMessage());

        Path under = Files.writeString(tmp.resolve("plain"), "x").resolve("child");
        FileSystemException notDirectory = assertThrows(FileSystemException.class,
                () -> FileStatus.of(under, name(under), false));
        FileSystemException jdk = assertThrows(FileSystemException.class,
                () -> Files.readAttributes(under, UNIX, LinkOption.NOFOLLOW_LINKS));
        assertEquals(jdk.getClass(), notDirectory.getClass(), "as rsync and the JDK: not a directory, not missing");
        assertEquals(jdk.getMessage(), notDirectory.getMessage());
    }
}
