package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The update rules and filters of tree copies, the summary outputs, owners, and a destination
 * symlink that must not be followed: real copies through an in-process daemon on rxe0.
 */
@Tag("vm")
class TreeOptionsVmTest {

    private static final FileTime OLD = FileTime.fromMillis(1_600_000_000_000L);
    private static final FileTime NEW = FileTime.fromMillis(1_700_000_000_000L);

    @TempDir
    Path dir;

    private static Path write(Path file, String content, FileTime mtime) throws Exception {
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
        Files.setLastModifiedTime(file, mtime);
        return file;
    }

    @Test
    void updateRulesDecideWhatIsSent() throws Exception {
        Path src = dir.resolve("src");
        Path root = Files.createDirectories(dir.resolve("root"));
        Path dst = root.resolve("dst");
        // Same size and time, different content: only --checksum sees it.
        write(src.resolve("same-stamp.txt"), "aaaa", OLD);
        write(dst.resolve("same-stamp.txt"), "bbbb", OLD);
        // Newer on the receiver: --update keeps it.
        write(src.resolve("newer-there.txt"), "source", OLD);
        write(dst.resolve("newer-there.txt"), "receiver", NEW);
        // Same size, other time: --size-only skips it, the quick check does not.
        write(src.resolve("same-size.txt"), "1234", NEW);
        write(dst.resolve("same-size.txt"), "abcd", OLD);
        try (InProcessDaemon daemon = new InProcessDaemon(root, null, 120)) {
            String from = src + "/";
            String to = daemon.url("dst/");

            JsonResult sizeOnly = Cli.emulatedJson("-a", "--size-only", "-n", from, to);
            assertEquals(1, sizeOnly.number("transferred"), sizeOnly::toString);

            JsonResult update = Cli.emulatedJson("-a", "-u", from, to);
            assertEquals(1, update.number("transferred"), update::toString);
            assertEquals("1234", Files.readString(dst.resolve("same-size.txt")), "other time: sent");
            assertEquals("receiver", Files.readString(dst.resolve("newer-there.txt")), "newer there: kept by -u");
            assertEquals("bbbb", Files.readString(dst.resolve("same-stamp.txt")), "same size and time: up to date");

            JsonResult ignoreExisting = Cli.emulatedJson("-a", "--ignore-existing", from, to);
            assertEquals(0, ignoreExisting.number("transferred"), ignoreExisting::toString);

            JsonResult checksum = Cli.emulatedJson("-a", "-c", from, to);
            assertEquals("aaaa", Files.readString(dst.resolve("same-stamp.txt")));
            assertEquals("source", Files.readString(dst.resolve("newer-there.txt")), "without -u it is replaced");
            assertEquals(2, checksum.number("transferred"), checksum::toString);
        }
    }

    @Test
    void filtersStatsProgressOwnersAndSymlinksInTheDestination() throws Exception {
        Path src = dir.resolve("src");
        write(src.resolve("keep.txt"), "keep", OLD);
        write(src.resolve("skip.o"), "object", OLD);
        write(src.resolve("build/out.bin"), "built", OLD);
        write(src.resolve("docs/a.md"), "doc", OLD);
        write(src.resolve("docs/b.o"), "doc object", OLD);
        Files.setAttribute(src.resolve("keep.txt"), "unix:uid", 4321);
        Files.setAttribute(src.resolve("keep.txt"), "unix:gid", 4322);
        Path excludes = Files.writeString(dir.resolve("excludes"), "# build output\nbuild/\n");
        Path root = Files.createDirectories(dir.resolve("root"));
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Path dst = Files.createDirectories(root.resolve("dst"));
        // A symlink in the destination where the source has a directory: replaced, never followed.
        Files.createSymbolicLink(dst.resolve("docs"), outside);
        try (InProcessDaemon daemon = new InProcessDaemon(root, null, 120)) {
            Cli.Result result = Cli.emulated("-a", "--stats", "--info=progress2", "--include", "docs/b.o", "--exclude", "*.o",
                    "--exclude-from", excludes.toString(), src + "/", daemon.url("dst/"));
            assertEquals(0, result.exitCode(), result::toString);
            assertTrue(result.out().contains("Number of regular files transferred: 3"), result.out());
            assertTrue(result.out().contains("(xfr#3, to-chk=0/"), result.out());
        }
        assertEquals("keep", Files.readString(dst.resolve("keep.txt")));
        assertFalse(Files.exists(dst.resolve("skip.o")), "excluded by *.o");
        assertFalse(Files.exists(dst.resolve("build")), "excluded by the exclude-from file");
        assertTrue(Files.isDirectory(dst.resolve("docs"), LinkOption.NOFOLLOW_LINKS), "the symlink became a directory");
        assertEquals("doc object", Files.readString(dst.resolve("docs/b.o")), "included before the exclude");
        try (var written = Files.list(outside)) {
            assertEquals(0, written.count(), "nothing was written through the destination's symlink");
        }
        assertEquals(4321, Files.getAttribute(dst.resolve("keep.txt"), "unix:uid"), "-a as root keeps the owner");
        assertEquals(4322, Files.getAttribute(dst.resolve("keep.txt"), "unix:gid"));
    }

    /** As root with -a (owners), pushing "src/" onto the daemon's root must not chown or chmod the root. */
    @Test
    void aPushOntoTheDaemonRootKeepsTheRootsOwnerAndMode() throws Exception {
        Path src = Files.createDirectories(dir.resolve("src-root"));
        Path root = Files.createDirectories(dir.resolve("served-root"));
        write(src.resolve("inside.txt"), "x", OLD);
        Files.setPosixFilePermissions(src, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
        Files.setAttribute(src, "unix:uid", 4321);
        Files.setPosixFilePermissions(root, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-x---"));
        Object ownerBefore = Files.getAttribute(root, "unix:uid");
        try (InProcessDaemon daemon = new InProcessDaemon(root, null, 120)) {
            Cli.Result result = Cli.emulated("-a", src + "/", daemon.url("/"));
            assertEquals(0, result.exitCode(), result::toString);
        }
        assertTrue(Files.exists(root.resolve("inside.txt")));
        assertEquals("rwxr-x---", java.nio.file.attribute.PosixFilePermissions.toString(
                Files.getPosixFilePermissions(root)));
        assertEquals(ownerBefore, Files.getAttribute(root, "unix:uid"));
    }
}
