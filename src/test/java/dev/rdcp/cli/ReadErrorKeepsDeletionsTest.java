package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.posix.ProcessIdentities;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.io.file.PathUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 11's defect 4 with a real read error: a read-only daemon that runs as nobody serves a
 * directory nobody may list but not search (r--), so examining each entry in it fails with
 * EACCES. A pull with --delete must then keep the client's extra files in that directory, as
 * rsync does ("IO error encountered -- skipping file deletion"), and delete elsewhere.
 */
@Timeout(120)
class ReadErrorKeepsDeletionsTest {

    private static final Pattern SERVING = Pattern.compile("on port (\\d+)$");

    @Test
    void anEntryTheSenderCannotExamineKeepsItsDirectorysDeletions() throws Exception {
        ProcessIdentities.User nobody = ProcessIdentities.user("nobody");
        // Under /tmp itself: the test's own temporary directories are closed to nobody.
        Path dir = Files.createTempDirectory(Path.of("/tmp"), "rdcp-read-error-");
        Process daemon = null;
        try {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
            Path served = Files.createDirectories(dir.resolve("served/tree"));
            Files.writeString(served.resolve("ok.txt"), "ok");
            Path locked = Files.createDirectory(served.resolve("locked"));
            Files.writeString(locked.resolve("inner.txt"), "inner");
            Files.setAttribute(locked, "unix:uid", nobody.uid());
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("r--r--r--"));
            Path destination = Files.createDirectories(dir.resolve("dst/tree/locked"));
            Files.writeString(destination.resolve("extra.txt"), "kept: its directory was not read whole");
            Files.writeString(dir.resolve("dst/tree/stale.txt"), "deleted: its directory was read whole");

            Path java = Path.of(System.getProperty("java.home"), "bin", "java");
            daemon = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                    "dev.rdcp.cli.Main", "serve", "--root", dir.resolve("served").toString(), "--read-only",
                    "--user", "nobody", "--bind", "127.0.0.1", "--port", "0", "--timeout", "30")
                    .redirectError(dir.resolve("daemon.log").toFile()).start();
            String line = new BufferedReader(new InputStreamReader(daemon.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            Matcher serving = SERVING.matcher(line == null ? "" : line);
            assertTrue(serving.find(), "daemon said: " + line + "; log: " + Files.readString(dir.resolve("daemon.log")));

            Cli.Result result = Cli.rdcp("--transport", "tcp", "--port", serving.group(1), "--timeout", "30", "-r",
                    "--delete", "127.0.0.1::tree/", dir.resolve("dst/tree") + "/");

            assertEquals(23, result.exitCode(), result::toString);
            assertTrue(result.out().contains("IO error encountered -- skipping file deletion in locked"), result::toString);
            assertTrue(Files.exists(destination.resolve("extra.txt")), "deleted in a directory the sender could not read whole");
            assertFalse(Files.exists(dir.resolve("dst/tree/stale.txt")), "kept in a directory the sender read whole");
            assertEquals("ok", Files.readString(dir.resolve("dst/tree/ok.txt")));
        } finally {
            if (daemon != null) {
                daemon.destroyForcibly().waitFor();
            }
            PathUtils.deleteDirectory(dir);
        }
    }
}
