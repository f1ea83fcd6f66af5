package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.rdcp.posix.ProcessIdentities;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.apache.commons.io.file.PathUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A receiver that is not root (a daemon run as nobody) meets directories and files it owns that
 * are read-only, as a tree with read-only directories (a Go module cache) is left by its first
 * copy. rsync 3.5.0, run as nobody, copies into them again: it opens each directory to its owner
 * for the transfer and gives it its mode back at the end, opens a read-only file for --inplace
 * with its owner's write bit added for the open alone, and opens a read-only directory that
 * --delete empties. So must rdcp, where it failed each such file or deletion with "Permission
 * denied" (exit 23). A destination it may not enter at all, or look up, is rsync's selection
 * error (3), where rdcp said 11. A sender run as nobody that may not enter a dir/ operand lists
 * nothing of it, as rsync's, so DEST does not get its mode.
 */
@Timeout(120)
class NonRootPermissionsTest {

    private Path dir;
    private Path source;
    private Path served;
    private NobodyDaemon daemon;

    @BeforeEach
    void daemonAsNobody() throws Exception {
        // Under /tmp itself: the test's own temporary directories are closed to nobody.
        dir = Files.createTempDirectory(Path.of("/tmp"), "rdcp-read-only-dirs-");
        served = NobodyDaemon.servedTree(dir);
        source = Files.createDirectories(dir.resolve("src/d"));
        Files.writeString(source.resolve("b"), "new contents");
        Files.writeString(source.resolve("n"), "a new file");
        source = source.getParent();
        daemon = new NobodyDaemon(dir.resolve("served"), dir.resolve("daemon.log"));
    }

    @AfterEach
    void stop() throws IOException {
        if (daemon != null) {
            daemon.close();
        }
        PathUtils.deleteDirectory(dir);
    }

    /** served/tree/d as nobody's, with an old file b and {@code extra}, then made {@code mode}. */
    private Path readOnlyCopy(String mode, String... extra) throws IOException {
        Path d = Files.createDirectory(served.resolve("d"));
        Files.writeString(d.resolve("b"), "old");
        Files.setLastModifiedTime(d.resolve("b"), FileTime.from(Instant.parse("2001-01-01T00:00:00Z")));
        for (String name : extra) {
            Files.writeString(d.resolve(name), "only here");
        }
        int nobody = ProcessIdentities.user("nobody").uid();
        try (Stream<Path> all = Files.walk(d)) {
            for (Path path : all.toList()) {
                Files.setAttribute(path, "unix:uid", nobody);
            }
        }
        Files.setPosixFilePermissions(d, PosixFilePermissions.fromString(mode));
        return d;
    }

    private Cli.Result pushTo(String destination) {
        return Cli.rdcp("--transport", "tcp", "--port", daemon.port(), "--timeout", "30", "-r", source + "/",
                destination);
    }

    private Cli.Result push(String... options) {
        String[] common = {"--transport", "tcp", "--port", daemon.port(), "--timeout", "30"};
        String[] args = new String[common.length + options.length + 2];
        System.arraycopy(common, 0, args, 0, common.length);
        System.arraycopy(options, 0, args, common.length, options.length);
        args[args.length - 2] = source + "/";
        args[args.length - 1] = "127.0.0.1::tree/";
        return Cli.rdcp(args);
    }

    @Test
    void aReadOnlyDirectoryTakesItsFilesAndKeepsTheSendersMode() throws Exception {
        Files.setPosixFilePermissions(source.resolve("d"), PosixFilePermissions.fromString("r-xr-xr-x"));
        Path d = readOnlyCopy("r-xr-xr-x");

        Cli.Result result = push("-a");

        assertEquals(0, result.exitCode(), result::toString);
        assertEquals("new contents", Files.readString(d.resolve("b")));
        assertEquals("a new file", Files.readString(d.resolve("n")));
        assertEquals("r-xr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(d)));
    }

    @Test
    void withoutPermissionsItsOwnModeIsGivenBackAfterDeletions() throws Exception {
        Path d = readOnlyCopy("r-x------", "extra");

        Cli.Result result = push("-r", "--delete");

        assertEquals(0, result.exitCode(), result::toString);
        assertEquals("new contents", Files.readString(d.resolve("b")));
        assertEquals("a new file", Files.readString(d.resolve("n")));
        assertFalse(Files.exists(d.resolve("extra")), "not deleted");
        assertEquals("r-x------", PosixFilePermissions.toString(Files.getPosixFilePermissions(d)));
    }

    @Test
    void inPlaceWritesAReadOnlyFileItOwnsAndLeavesItReadOnly() throws Exception {
        Path d = readOnlyCopy("rwxr-xr-x");
        Files.setPosixFilePermissions(d.resolve("b"), PosixFilePermissions.fromString("r--------"));

        Cli.Result result = push("-r", "--inplace");

        assertEquals(0, result.exitCode(), result::toString);
        assertEquals("new contents", Files.readString(d.resolve("b")));
        assertEquals("r--------", PosixFilePermissions.toString(Files.getPosixFilePermissions(d.resolve("b"))));
    }

    @Test
    void deleteEmptiesReadOnlyDirectoriesItOwns() throws Exception {
        Path gone = Files.createDirectories(served.resolve("gone/sub"));
        Files.writeString(gone.resolve("f"), "only here");
        int nobody = ProcessIdentities.user("nobody").uid();
        for (Path path : List.of(gone.resolve("f"), gone, gone.getParent())) {
            Files.setAttribute(path, "unix:uid", nobody);
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("r-xr-xr-x"));
        }

        Cli.Result result = push("-r", "--delete");

        assertEquals(0, result.exitCode(), result::toString);
        assertFalse(Files.exists(gone.getParent()), "not deleted");
        assertEquals("a new file", Files.readString(served.resolve("d/n")));
    }

    @Test
    void aDestinationThatCannotBeEnteredOrLookedUpIsASelectionError() throws Exception {
        Path closed = Files.createDirectories(served.resolve("closed/inside"));
        int nobody = ProcessIdentities.user("nobody").uid();
        Files.setAttribute(closed, "unix:uid", nobody);
        Files.setAttribute(closed.getParent(), "unix:uid", nobody);
        Files.setPosixFilePermissions(closed.getParent(), PosixFilePermissions.fromString("---------"));

        Cli.Result entered = pushTo("127.0.0.1::tree/closed/");
        Cli.Result lookedUp = pushTo("127.0.0.1::tree/closed/inside/");

        assertEquals(3, entered.exitCode(), entered::toString);
        assertEquals(List.of("rdcp: change_dir \"tree/closed\" failed: Permission denied"),
                entered.err().lines().toList());
        assertEquals(3, lookedUp.exitCode(), lookedUp::toString);
        assertEquals(List.of("rdcp: cannot stat destination \"tree/closed/inside\": Permission denied"),
                lookedUp.err().lines().toList());
    }

    @Test
    void aSourceDirectoryThatCannotBeEnteredListsNothingOfIt() throws Exception {
        Path closed = Files.createDirectory(served.resolve("closed"));
        Files.writeString(closed.resolve("inside"), "unreadable");
        Files.setAttribute(closed, "unix:uid", ProcessIdentities.user("nobody").uid());
        Files.setPosixFilePermissions(closed, PosixFilePermissions.fromString("---------"));
        Path destination = dir.resolve("pulled");

        Cli.Result result = Cli.rdcp("--transport", "tcp", "--port", daemon.port(), "--timeout", "30", "-a",
                "127.0.0.1::tree/closed/", destination + "/");

        assertEquals(23, result.exitCode(), result::toString);
        assertEquals(List.of("rdcp: cannot read directory tree/closed: Permission denied"),
                result.err().lines().toList());
        // As rsync's pull, with nothing listed: no DEST made, let alone one of mode 000.
        assertFalse(Files.exists(destination), "DEST made");
    }
}
