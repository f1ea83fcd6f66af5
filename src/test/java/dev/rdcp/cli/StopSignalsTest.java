package dev.rdcp.cli;

import static dev.rdcp.cli.Cli.randomFile;
import static dev.rdcp.cli.Cli.tempFiles;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * rdcp stopped by a signal in the middle of a copy, as rsync: exit code 20, one line, and no
 * temporary file left in the destination. Each rdcp runs as a process of its own, slowed by
 * --bwlimit so that the signal finds it copying.
 */
@Timeout(120)
class StopSignalsTest {

    private static final Pattern SERVING = Pattern.compile("on port (\\d+)$");
    private static final int FILE_BYTES = 16 << 20;

    @TempDir
    Path dir;

    private static Process rdcpProcess(Path output, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "dev.rdcp.cli.Main"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        return output == null ? builder.start() : builder.redirectOutput(output.toFile()).start();
    }

    /** Whether this JVM (and so its children) was started with {@code number} ignored, as under nohup. */
    private static boolean ignoredHere(int number) throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("SigIgn:")) {
                return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & (1L << (number - 1))) != 0;
            }
        }
        return false;
    }

    private static String lastLine(Path output) throws Exception {
        List<String> lines = Files.readAllLines(output);
        return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
    }

    /** Sends SIG{@code name} to {@code process} and waits for it to end. */
    private static void stop(Process process, String name) throws Exception {
        assertEquals(0, new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).start().waitFor());
        assertTrue(process.waitFor(30, TimeUnit.SECONDS), "still running after SIG" + name);
    }

    private void aPullStoppedBy(String signal) throws Exception {
        Path served = Files.createDirectories(dir.resolve("served"));
        randomFile(served.resolve("big.bin"), FILE_BYTES, 20);
        Path destination = Files.createDirectories(dir.resolve("destination"));
        Path output = dir.resolve("client.out");
        try (InProcessDaemon daemon = new InProcessDaemon(served, null, 30)) {
            Process client = rdcpProcess(output, "--transport", "tcp", "--timeout", "30", "--bwlimit", "1M",
                    daemon.url("big.bin"), destination + "/");
            try {
                Await.until("the pull has started writing", 60_000, () -> tempFiles(destination) > 0 || !client.isAlive());
                stop(client, signal);
            } finally {
                client.destroyForcibly();
            }
            String said = Files.readString(output);
            assertEquals(20, client.exitValue(), said);
            assertEquals("rdcp: received SIG" + signal + ": the transfer was stopped", lastLine(output), said);
            assertEquals(0, tempFiles(destination), "a temporary file was left behind");
            assertFalse(Files.exists(destination.resolve("big.bin")), "a partial copy under the final name");
        }
    }

    @Test
    void aPullStoppedBySigtermExits20AndLeavesNoTemporaryFile() throws Exception {
        aPullStoppedBy("TERM");
    }

    @Test
    void aPullStoppedBySighupExits20AndLeavesNoTemporaryFile() throws Exception {
        assumeFalse(ignoredHere(1), "SIGHUP is ignored here (nohup), and so in rdcp too");
        aPullStoppedBy("HUP");
    }

    /** Paced by --bwlimit to a chunk every 20 s, the sender still sees the stop within a tick. */
    @Test
    void aSlowPushStopsWithinASecondOrSo() throws Exception {
        Path served = Files.createDirectories(dir.resolve("served"));
        Path source = randomFile(dir.resolve("big.bin"), FILE_BYTES, 22);
        Path output = dir.resolve("client.out");
        try (InProcessDaemon daemon = new InProcessDaemon(served, null, 30)) {
            Process client = rdcpProcess(output, "--transport", "tcp", "--timeout", "60", "--bwlimit", "50",
                    source.toString(), daemon.url("big.bin"));
            try {
                Await.until("the push has started writing", 60_000, () -> tempFiles(served) > 0 || !client.isAlive());
                assertTrue(client.isAlive(), () -> "the push ended early: " + read(output));
                stop(client, "TERM");
            } finally {
                client.destroyForcibly();
            }
            assertEquals(20, client.exitValue(), read(output));
            assertEquals("rdcp: received SIGTERM: the transfer was stopped", lastLine(output), read(output));
        }
        assertEquals(0, tempFiles(served), "the daemon kept a temporary file");
    }

    /** Nothing to clean up yet (the client waits for a server that says nothing): it ends at once. */
    @Test
    void aSignalBeforeAnySessionEndsAtOnceWith20() throws Exception {
        Path source = randomFile(dir.resolve("small.bin"), 100, 23);
        Path output = dir.resolve("client.out");
        Process client;
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            client = rdcpProcess(output, "--transport", "tcp", "--timeout", "60", source.toString(),
                    "rdcp://127.0.0.1:" + silent.getLocalPort() + "/small.bin");
            try (Socket accepted = silent.accept()) {
                stop(client, "TERM");
            } finally {
                client.destroyForcibly();
            }
        }
        assertEquals(20, client.exitValue(), read(output));
        assertEquals("rdcp: received SIGTERM: stopped", lastLine(output), read(output));
    }

    private static String read(Path output) {
        try {
            return Files.readString(output);
        } catch (java.io.IOException e) {
            return "(no output: " + e.getMessage() + ")";
        }
    }

    /** The daemon stops accepting, lets its sessions clean up, and exits 0: a stop asked for. */
    @Test
    void aDaemonStoppedMidPushRemovesTheTemporaryFileAndExits0() throws Exception {
        Path served = Files.createDirectories(dir.resolve("served"));
        Path source = randomFile(dir.resolve("big.bin"), FILE_BYTES, 21);
        Process daemon = rdcpProcess(null, "serve", "--root", served.toString(), "--bind", "127.0.0.1", "--port", "0",
                "--timeout", "30");
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
            CompletableFuture<Cli.Result> push = CompletableFuture.supplyAsync(
                    () -> Cli.rdcp("--transport", "tcp", "--timeout", "30", "--bwlimit", "1M", source.toString(), url));
            Await.until("the push has started writing", 60_000, () -> tempFiles(served) > 0 || push.isDone());
            assertFalse(push.isDone(), () -> "the push ended before the daemon was stopped: " + push.join());
            long stopped = System.nanoTime();
            daemon.destroy();
            assertTrue(daemon.waitFor(30, TimeUnit.SECONDS), "the daemon is still running after SIGTERM");
            long millis = (System.nanoTime() - stopped) / 1_000_000;
            // Its session sees the stop within a poll tick; without that, only the interrupt 10 s on would end it.
            assertTrue(millis < 6_000, "the daemon took " + millis + " ms to stop");
            assertEquals(0, daemon.exitValue());
            assertEquals(0, tempFiles(served), "a temporary file was left behind");
            assertFalse(Files.exists(served.resolve("big.bin")), "a partial copy under the final name");
            assertTrue(push.get(30, TimeUnit.SECONDS).exitCode() != 0, "the push cannot have succeeded");
        } finally {
            daemon.destroyForcibly();
        }
    }
}
