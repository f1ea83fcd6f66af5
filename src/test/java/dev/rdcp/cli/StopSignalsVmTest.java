package dev.rdcp.cli;

import static dev.rdcp.cli.Cli.randomFile;
import static dev.rdcp.cli.Cli.tempFiles;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM in the middle of a copy over rxe0, through the launcher: the roles stop on their own
 * threads, so the queue pairs and registrations come down in their usual order, the receiver
 * removes its temporary file, the client exits 20 and a daemon 0.
 */
@Tag("vm")
class StopSignalsVmTest {

    private static final long BIG = 128L << 20;
    private static final Pattern SERVING = Pattern.compile("on port (\\d+)$");

    @TempDir
    Path dir;

    private static String log(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    @Test
    void aPullStoppedBySigtermExits20AndLeavesNoTemporaryFile() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        randomFile(root.resolve("big.bin"), BIG, 30);
        Path destination = Files.createDirectories(dir.resolve("destination"));
        Path output = dir.resolve("client.log");
        try (InProcessDaemon daemon = new InProcessDaemon(root, null, 120)) {
            Process client = RdcpProcess.start(List.of(), output, "--transport", "rdma", "--timeout", "120",
                    "--bwlimit", "4M", daemon.url("big.bin"), destination + "/");
            try {
                Await.until("the pull has started writing", 120_000, () -> tempFiles(destination) > 0 || !client.isAlive());
                assertTrue(client.isAlive(), () -> "the pull ended early: " + log(output));
                client.destroy();
                assertTrue(client.waitFor(60, TimeUnit.SECONDS), "still running after SIGTERM");
            } finally {
                client.destroyForcibly();
            }
            List<String> lines = Files.readAllLines(output);
            assertEquals(20, client.exitValue(), () -> log(output));
            assertEquals("rdcp: received SIGTERM: the transfer was stopped", lines.get(lines.size() - 1), () -> log(output));
            assertEquals(0, tempFiles(destination), "a temporary file was left behind");
            assertFalse(Files.exists(destination.resolve("big.bin")), "a partial copy under the final name");
        }
    }

    @Test
    void aDaemonStoppedMidPushRemovesTheTemporaryFileAndExits0() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        Path source = randomFile(dir.resolve("big.bin"), BIG, 31);
        Process daemon = new ProcessBuilder(RdcpProcess.launcher().toString(), "serve", "--root", root.toString(),
                "--bind", "127.0.0.1", "--port", "0", "--timeout", "120").redirectErrorStream(true).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(daemon.getInputStream(), StandardCharsets.UTF_8));
            String port = null;
            String line;
            while (port == null && (line = out.readLine()) != null) {
                Matcher serving = SERVING.matcher(line);
                port = serving.find() ? serving.group(1) : null;
            }
            assertNotNull(port, "the daemon never said its port");
            String url = "rdcp://127.0.0.1:" + port + "/big.bin";
            CompletableFuture<Cli.Result> push = CompletableFuture.supplyAsync(() -> Cli.rdcp("--transport", "rdma",
                    "--timeout", "120", "--bwlimit", "4M", source.toString(), url));
            Await.until("the push has started writing", 120_000, () -> tempFiles(root) > 0 || push.isDone());
            assertFalse(push.isDone(), () -> "the push ended before the daemon was stopped: " + push.join());
            daemon.destroy();
            assertTrue(daemon.waitFor(60, TimeUnit.SECONDS), "the daemon is still running after SIGTERM");
            assertEquals(0, daemon.exitValue());
            assertEquals(0, tempFiles(root), "a temporary file was left behind");
            assertFalse(Files.exists(root.resolve("big.bin")), "a partial copy under the final name");
            assertTrue(push.get(120, TimeUnit.SECONDS).exitCode() != 0, "the push cannot have succeeded");
        } finally {
            daemon.destroyForcibly();
        }
    }
}
