package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.posix.ProcessIdentities;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.apache.commons.io.file.PathUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 11's defect 4 with a real read error: a read-only daemon that runs as nobody serves a
 * directory nobody may list but not search (r--), so examining each entry in it fails with
 * EACCES. A pull with --delete must then keep the client's extra files in that directory, as
 * rsync does ("IO error encountered -- skipping file deletion"), and delete elsewhere; with
 * --ignore-errors it deletes there too, as rsync 3.5.0 does run as nobody on the same tree.
 */
@Timeout(120)
class ReadErrorKeepsDeletionsTest {

    private Path dir;
    private Path destination;
    private NobodyDaemon daemon;
    private String port;

    @BeforeEach
    void daemonAsNobody() throws Exception {
        ProcessIdentities.User nobody = ProcessIdentities.user("nobody");
        // Under /tmp itself: the test's own temporary directories are closed to nobody.
        dir = Files.createTempDirectory(Path.of("/tmp"), "rdcp-read-error-");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path served = Files.createDirectories(dir.resolve("served/tree"));
        Files.writeString(served.resolve("ok.txt"), "ok");
        Path locked = Files.createDirectory(served.resolve("locked"));
        Files.writeString(locked.resolve("inner.txt"), "inner");
        Files.setAttribute(locked, "unix:uid", nobody.uid());
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("r--r--r--"));
        destination = Files.createDirectories(dir.resolve("dst/tree/locked"));
        Files.writeString(destination.resolve("extra.txt"), "in a directory the sender could not read whole");
        Files.writeString(dir.resolve("dst/tree/stale.txt"), "in a directory the sender read whole");

        daemon = new NobodyDaemon(dir.resolve("served"), dir.resolve("daemon.log"), "--read-only");
        port = daemon.port();
    }

    @AfterEach
    void stop() throws IOException {
        if (daemon != null) {
            daemon.close();
        }
        PathUtils.deleteDirectory(dir);
    }

    private Cli.Result pullWithDelete(String... more) {
        String[] args = {"--transport", "tcp", "--port", port, "--timeout", "30", "-r", "--delete"};
        String[] all = new String[args.length + more.length + 2];
        System.arraycopy(args, 0, all, 0, args.length);
        System.arraycopy(more, 0, all, args.length, more.length);
        all[all.length - 2] = "127.0.0.1::tree/";
        all[all.length - 1] = dir.resolve("dst/tree") + "/";
        return Cli.rdcp(all);
    }

    @Test
    void anEntryTheSenderCannotExamineKeepsItsDirectorysDeletions() throws Exception {
        Cli.Result result = pullWithDelete();
        assertEquals(23, result.exitCode(), result::toString);
        assertTrue(result.out().contains("IO error encountered -- skipping file deletion in locked"), result::toString);
        assertTrue(Files.exists(destination.resolve("extra.txt")), "deleted in a directory the sender could not read whole");
        assertFalse(Files.exists(dir.resolve("dst/tree/stale.txt")), "kept in a directory the sender read whole");
        assertEquals("ok", Files.readString(dir.resolve("dst/tree/ok.txt")));
    }

    @Test
    void ignoreErrorsDeletesThereToo() throws Exception {
        Cli.Result result = pullWithDelete("--ignore-errors");
        assertEquals(23, result.exitCode(), "the read error still counts: " + result);
        assertFalse(result.out().contains("skipping file deletion"), result::toString);
        assertFalse(Files.exists(destination.resolve("extra.txt")), "kept in spite of --ignore-errors");
        assertFalse(Files.exists(dir.resolve("dst/tree/stale.txt")));
        assertEquals("ok", Files.readString(dir.resolve("dst/tree/ok.txt")));
    }
}
