package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * -i over RDMA (rxe0, an in-process daemon), push and pull, next to rsync's lines for the same
 * changes: new files, a directory and a symlink, then a size and time change, a mode change and
 * a deletion.
 */
@Tag("vm")
class ItemizeChangesVmTest {

    private static final Instant OLD = Instant.parse("2022-01-02T03:04:05Z");

    @TempDir
    Path dir;

    private Path write(Path file, String text, Instant time) throws Exception {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
        Files.setLastModifiedTime(file, FileTime.from(time));
        return file;
    }

    private String rsync(Path shell, String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("-e", shell.toString()));
        all.addAll(List.of(args));
        return RsyncComparison.rsync(dir, all);
    }

    /** ROOT/src: three files, one in a sub directory, and a symlink, all dated OLD. */
    private Path source(Path root) throws Exception {
        Path src = root.resolve("src");
        write(src.resolve("a"), "a\n", OLD);
        write(src.resolve("c"), "c\n", OLD);
        write(src.resolve("gone"), "gone\n", OLD);
        write(src.resolve("sub/b"), "bb\n", OLD);
        Files.createSymbolicLink(src.resolve("ln"), Path.of("a"));
        Files.setLastModifiedTime(src.resolve("sub"), FileTime.from(OLD));
        Files.setLastModifiedTime(src, FileTime.from(OLD));
        return src;
    }

    /** A remote shell for rsync that runs the command here, so rsync's lines are a remote copy's. */
    private Path localShell() throws Exception {
        Path shell = Files.writeString(dir.resolve("local-shell"), "#!/bin/sh\nshift\nexec \"$@\"\n");
        assertTrue(shell.toFile().setExecutable(true));
        return shell;
    }

    @Test
    void pushAndPullLinesAreRsyncs() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        Path src = source(root);
        Path shell = localShell();
        Path rsyncPush = Files.createDirectories(root.resolve("rsync"));
        Path rdcpPulled = Files.createDirectories(dir.resolve("pulled-rdcp"));
        Path rsyncPulled = Files.createDirectories(dir.resolve("pulled-rsync"));
        Files.createDirectories(root.resolve("rdcp"));
        try (InProcessDaemon daemon = new InProcessDaemon(root, null, 120)) {
            for (int run = 0; run < 2; run++) {
                String expected = rsync(shell, "-ai", "--delete", src + "/", "localhost:" + rsyncPush + "/");
                Cli.Result push = Cli.emulated("--transport", "rdma", "-ai", "--delete", src + "/",
                        daemon.url("rdcp/"));
                assertEquals(0, push.exitCode(), push::toString);
                assertEquals(ItemizeChangesTest.lines(expected), ItemizeChangesTest.lines(push.out()), "push " + run);

                String expectedPull = rsync(shell, "-ai", "--delete", "localhost:" + src + "/", rsyncPulled + "/");
                Cli.Result pull = Cli.emulated("--transport", "rdma", "-ai", "--delete", daemon.url("src/"),
                        rdcpPulled + "/");
                assertEquals(0, pull.exitCode(), pull::toString);
                assertEquals(ItemizeChangesTest.lines(expectedPull), ItemizeChangesTest.lines(pull.out()), "pull " + run);
                if (run == 0) {
                    assertTrue(push.out().contains("<f+++++++++ sub/b"), push::toString);
                    write(src.resolve("a"), "a longer\n", OLD.plusSeconds(60));
                    Files.setPosixFilePermissions(src.resolve("c"), PosixFilePermissions.fromString("rw-------"));
                    Files.delete(src.resolve("gone"));
                    Files.setLastModifiedTime(src, FileTime.from(OLD.plusSeconds(300)));
                }
            }
        }
    }

    /**
     * The other output options over RDMA beside rsync's: --out-format lines of a push and a pull,
     * --log-file lines of the push, and --list-only of a daemon's directory.
     */
    @Test
    void outFormatLogFileAndListingAreRsyncs() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        Path src = source(root);
        Path shell = localShell();
        Path rsyncLog = dir.resolve("rsync.log");
        Path rdcpLog = dir.resolve("rdcp.log");
        String format = "--out-format=%o|%n|%L|%l";
        String logFormat = "--log-file-format=%i %n%L";
        Path rsyncPush = Files.createDirectories(root.resolve("rsync"));
        Files.createDirectories(root.resolve("rdcp"));
        try (InProcessDaemon daemon = new InProcessDaemon(root, null, 120)) {
            String expected = rsync(shell, "-a", format, "--log-file=" + rsyncLog, logFormat, src + "/",
                    "localhost:" + rsyncPush + "/");
            Cli.Result push = Cli.emulated("--transport", "rdma", "-a", format, "--log-file=" + rdcpLog, logFormat,
                    src + "/", daemon.url("rdcp/"));
            assertEquals(0, push.exitCode(), push::toString);
            assertTrue(push.out().contains("send|sub/b||3"), push::toString);
            assertEquals(ItemizeChangesTest.lines(expected), ItemizeChangesTest.lines(push.out()), "--out-format, push");
            assertEquals(ItemizeChangesTest.lines(ItemizeChangesTest.logged(rsyncLog)),
                    ItemizeChangesTest.lines(ItemizeChangesTest.logged(rdcpLog)), "--log-file, push");

            String expectedPull = rsync(shell, "-a", format, "localhost:" + src + "/", dir.resolve("pulled-rsync") + "/");
            Cli.Result pull = Cli.emulated("--transport", "rdma", "-a", format, daemon.url("src/"),
                    dir.resolve("pulled-rdcp") + "/");
            assertEquals(0, pull.exitCode(), pull::toString);
            assertEquals(ItemizeChangesTest.lines(expectedPull), ItemizeChangesTest.lines(pull.out()), "--out-format, pull");

            String listing = rsync(shell, "-r", "--list-only", "localhost:" + src);
            Cli.Result listed = Cli.emulated("--transport", "rdma", "-r", "--list-only", daemon.url("src"));
            assertEquals(0, listed.exitCode(), listed::toString);
            assertEquals(listing, listed.out(), "--list-only of a daemon's directory");
        }
    }
}
