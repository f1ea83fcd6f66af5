package dev.rdcp.cli;

import static dev.rdcp.cli.Cli.randomFile;
import static dev.rdcp.cli.Cli.rdcp;
import static dev.rdcp.cli.Cli.sha256;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ExitCode;
import java.io.IOException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Peers that die mid-transfer, and a locked-memory limit too small: real processes on rxe0. */
@Tag("vm")
class ProcessCopyVmTest {

    private static final long BIG = 128L << 20;

    @TempDir
    Path dir;

    private static void awaitTrue(String what, long timeoutMillis, Check check) throws Exception {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (!check.holds()) {
            assertTrue(System.currentTimeMillis() < deadline, "timed out waiting until " + what);
            Thread.sleep(20);
        }
    }

    @FunctionalInterface
    private interface Check {
        boolean holds() throws Exception;
    }

    @Test
    void clientKilledMidPushLeavesNoFileAndTheDaemonServesOn() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        Path source = randomFile(dir.resolve("big.bin"), BIG, 11);
        try (InProcessDaemon daemon = new InProcessDaemon(root, null, 60)) {
            Process client = RdcpProcess.start(List.of(), dir.resolve("client.log"), source.toString(),
                    daemon.url("big.bin"));
            awaitTrue("the transfer has started", 120_000, () -> Cli.tempFiles(root) > 0 || !client.isAlive());
            assertTrue(client.isAlive(), () -> "the client ended before it could be killed: " + log(dir.resolve("client.log")));
            client.destroyForcibly().waitFor();

            awaitTrue("the daemon removed the temporary file", 30_000, () -> Cli.tempFiles(root) == 0);
            assertFalse(Files.exists(root.resolve("big.bin")));

            Path small = randomFile(dir.resolve("after.bin"), 100_000, 12);
            Cli.Result after = rdcp(small.toString(), daemon.url("after.bin"));
            assertEquals(0, after.exitCode(), after::toString);
            assertEquals(sha256(small), sha256(root.resolve("after.bin")));
        }
    }

    /** "rdcp host::f copy": a destination with no directory part, plain and with --partial. */
    @Test
    void aPullToABareNameLandsInTheWorkingDirectory() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        Path source = randomFile(root.resolve("remote.bin"), 300_000, 13);
        Path work = Files.createDirectories(dir.resolve("work"));
        try (InProcessDaemon daemon = new InProcessDaemon(root, null, 120)) {
            for (List<String> options : List.of(List.<String>of(), List.of("--partial"))) {
                String name = "copy" + options.size() + ".bin";
                List<String> command = new java.util.ArrayList<>(List.of(RdcpProcess.launcher().toString(), "--timeout", "300"));
                command.addAll(options);
                command.addAll(List.of(daemon.url("remote.bin"), name));
                Path log = dir.resolve("pull" + options.size() + ".log");
                Process client = new ProcessBuilder(command).directory(work.toFile()).redirectErrorStream(true)
                        .redirectOutput(log.toFile()).start();
                assertEquals(0, client.waitFor(), () -> log(log));
                assertEquals(sha256(source), sha256(work.resolve(name)), String.join(" ", command));
            }
        }
    }

    @Test
    void daemonKilledMidPushFailsTheClientPromptly() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        Path source = randomFile(dir.resolve("big.bin"), BIG, 13);
        int port = 7600 + (int) (ProcessHandle.current().pid() % 100);
        Process daemon = RdcpProcess.start(List.of(), dir.resolve("daemon.log"), "serve", "--root", root.toString(),
                "--bind", "127.0.0.1", "--port", String.valueOf(port));
        try {
            awaitTrue("the daemon listens", 120_000, () -> {
                try (Socket probe = new Socket("127.0.0.1", port)) {
                    return true;
                } catch (IOException e) {
                    return false;
                }
            });
            CompletableFuture<Cli.Result> copy = CompletableFuture.supplyAsync(
                    () -> rdcp(source.toString(), "rdcp://127.0.0.1:" + port + "/big.bin"));
            awaitTrue("the transfer has started", 120_000, () -> Cli.tempFiles(root) > 0 || copy.isDone());
            assertFalse(copy.isDone(), () -> "the copy ended before the daemon could be killed: " + copy.join());
            daemon.destroyForcibly().waitFor();

            // A client that never noticed would hang here, not end with a wrong code.
            Cli.Result result = copy.get(60, TimeUnit.SECONDS);
            assertNotEquals(0, result.exitCode(), result::toString);
            assertTrue(List.of(ExitCode.SOCKET_IO.code(), ExitCode.DATA_STREAM.code(), ExitCode.TIMEOUT.code())
                    .contains(result.exitCode()), result::toString);
            assertEquals(1, result.err().lines().count(), result::toString);
            assertFalse(Files.exists(root.resolve("big.bin")), "no partial file under the final name");
        } finally {
            daemon.destroyForcibly();
        }
    }

    @Test
    void lockedMemoryLimitTooSmallSaysHowToRaiseIt() throws Exception {
        Path shared = Files.createDirectories(Path.of("/tmp/rdcp-memlock"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxrwxrwx")));
        Path source = randomFile(shared.resolve("m.bin"), 1 << 20, 14);
        Files.setPosixFilePermissions(source, PosixFilePermissions.fromString("rw-r--r--"));
        Path root = Files.createDirectories(dir.resolve("root"));
        try (InProcessDaemon daemon = new InProcessDaemon(root, null, 60)) {
            // An unprivileged user without CAP_IPC_LOCK, so the 64 KiB limit applies.
            List<String> asNobody = List.of("prlimit", "--memlock=65536:65536", "setpriv", "--reuid=nobody",
                    "--regid=nogroup", "--clear-groups", "--inh-caps=-all", "env", "HOME=" + shared);
            Process client = RdcpProcess.start(asNobody, shared.resolve("client.log"), source.toString(),
                    daemon.url("m.bin"));
            assertTrue(client.waitFor(180, TimeUnit.SECONDS));
            String output = log(shared.resolve("client.log"));
            assertEquals(ExitCode.MEMORY.code(), client.exitValue(), output);
            assertTrue(output.contains("ulimit -l"), output);
            assertEquals(1, output.lines().count(), output);
            assertFalse(Files.exists(root.resolve("m.bin")));
        }
    }

    private static String log(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}
