package dev.rdcp.cli;

import static dev.rdcp.cli.Await.until;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rdcp.posix.ProcessIdentities;
import java.io.IOException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.apache.commons.io.file.PathUtils;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * serve --user: the daemon started as root drops to nobody after binding, and still serves an
 * archive push (-a asks for owners, which an unprivileged daemon does not apply, as rsync).
 * RLIMIT_MEMLOCK, set while root, outlives the drop; CAP_IPC_LOCK does not.
 */
@Tag("vm")
class DroppedDaemonVmTest {

    @Test
    void aDaemonRunningAsNobodyTakesAnArchivePush() throws Exception {
        ProcessIdentities.User nobody = ProcessIdentities.user("nobody");
        // Under /tmp itself: the test's own temporary directories are closed to nobody.
        Path dir = Files.createTempDirectory(Path.of("/tmp"), "rdcp-dropped-");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Process daemon = null;
        try {
            Path root = Files.createDirectory(dir.resolve("root"));
            Files.setAttribute(root, "unix:uid", nobody.uid());
            Files.setAttribute(root, "unix:gid", nobody.gid());
            Path src = Files.createDirectories(dir.resolve("src/sub"));
            Files.writeString(src.resolve("b.txt"), "b");
            Files.writeString(dir.resolve("src/a.txt"), "a");
            int port = 7700 + (int) (ProcessHandle.current().pid() % 100);
            daemon = RdcpProcess.start(List.of("prlimit", "--memlock=unlimited:unlimited"), dir.resolve("daemon.log"),
                    "serve", "--root", root.toString(), "--bind", "127.0.0.1", "--port", String.valueOf(port),
                    "--timeout", "120", "--user", "nobody");
            until("the daemon listens", 120_000, () -> {
                try (Socket probe = new Socket("127.0.0.1", port)) {
                    return true;
                } catch (IOException e) {
                    return false;
                }
            });
            Cli.Result result = Cli.emulated("-a", dir.resolve("src") + "/", "rdcp://127.0.0.1:" + port + "/");
            assertEquals(0, result.exitCode(), () -> result + "\ndaemon log: " + log(dir.resolve("daemon.log")));
            assertEquals("b", Files.readString(root.resolve("sub/b.txt")));
            assertEquals(nobody.uid(), Files.getAttribute(root.resolve("a.txt"), "unix:uid"), "written as nobody");
        } finally {
            if (daemon != null) {
                daemon.destroyForcibly().waitFor();
            }
            PathUtils.deleteDirectory(dir);
        }
    }

    private static String log(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "(none: " + e.getMessage() + ")";
        }
    }
}
