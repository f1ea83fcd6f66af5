package dev.rdcp.cli;

import static dev.rdcp.cli.Cli.randomFile;
import static dev.rdcp.cli.Cli.tempFiles;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * rdcp stopped by a signal in the middle of a copy, over one transport: each rdcp a process of
 * its own, started by {@code command} (the JVM on the test's class path, or the launcher), slowed
 * by --bwlimit so that the signal finds it copying.
 */
final class StopScenario {

    private static final Pattern SERVING = Pattern.compile("on port (\\d+)$");

    private final Path dir;
    private final List<String> command;
    private final String transport;
    private final long fileBytes;
    private final String timeoutSeconds;

    StopScenario(Path dir, List<String> command, String transport, long fileBytes, long timeoutSeconds) {
        this.dir = dir;
        this.command = command;
        this.transport = transport;
        this.fileBytes = fileBytes;
        this.timeoutSeconds = Long.toString(timeoutSeconds);
    }

    /** rdcp's main class on this JVM's class path: what the host's tests run, before any jar is built. */
    static List<String> thisClassPath() {
        return List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), "dev.rdcp.cli.Main");
    }

    /** Starts rdcp with {@code args}, its output merged into {@code output}, or left to read when null. */
    Process start(Path output, String... args) throws IOException {
        List<String> all = new ArrayList<>(command);
        all.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(all).redirectErrorStream(true);
        return output == null ? builder.start() : builder.redirectOutput(output.toFile()).start();
    }

    /** Sends SIG{@code name} to {@code process} and waits for it to end. */
    static void stop(Process process, String name) throws Exception {
        assertEquals(0, new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).start().waitFor());
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "still running after SIG" + name);
    }

    static String lastLine(Path output) throws IOException {
        List<String> lines = Files.readAllLines(output);
        return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
    }

    static String read(Path output) {
        try {
            return Files.readString(output);
        } catch (IOException e) {
            return "(no output: " + e.getMessage() + ")";
        }
    }

    /** A pull from an in-process daemon, stopped by SIG{@code signal}: 20, one line, nothing left behind. */
    void pullStoppedBy(String signal) throws Exception {
        Path served = Files.createDirectories(dir.resolve("served"));
        randomFile(served.resolve("big.bin"), fileBytes, 20);
        Path destination = Files.createDirectories(dir.resolve("destination"));
        Path output = dir.resolve("client.out");
        try (InProcessDaemon daemon = new InProcessDaemon(served, null, Long.parseLong(timeoutSeconds))) {
            Process client = start(output, "--transport", transport, "--timeout", timeoutSeconds, "--bwlimit", "1M",
                    daemon.url("big.bin"), destination + "/");
            try {
                Await.until("the pull has started writing", 120_000, () -> tempFiles(destination) > 0 || !client.isAlive());
                assertTrue(client.isAlive(), () -> "the pull ended early: " + read(output));
                stop(client, signal);
            } finally {
                client.destroyForcibly();
            }
            assertEquals(20, client.exitValue(), read(output));
            assertEquals("rdcp: received SIG" + signal + ": the transfer was stopped", lastLine(output), read(output));
            assertEquals(0, tempFiles(destination), "a temporary file was left behind");
            assertFalse(Files.exists(destination.resolve("big.bin")), "a partial copy under the final name");
        }
    }

    /**
     * A daemon process stopped by SIGTERM in the middle of a push into it: it stops accepting,
     * its session cleans up, and it exits 0 without letting the push finish (the push fails, and
     * nothing is left under the final name or a temporary one). {@code onItsOwn}: the
     * session also ends within the daemon's own wait, without being interrupted.
     */
    void daemonStoppedMidPush(boolean onItsOwn) throws Exception {
        Path served = Files.createDirectories(dir.resolve("served"));
        Path source = randomFile(dir.resolve("big.bin"), fileBytes, 21);
        Process daemon = start(null, "serve", "--root", served.toString(), "--bind", "127.0.0.1", "--port", "0",
                "--timeout", timeoutSeconds);
        try {
            String url = "rdcp://127.0.0.1:" + servingPort(daemon) + "/big.bin";
            CompletableFuture<Cli.Result> push = CompletableFuture.supplyAsync(() -> Cli.rdcp("--transport", transport,
                    "--timeout", timeoutSeconds, "--bwlimit", "1M", source.toString(), url));
            Await.until("the push has started writing", 120_000, () -> tempFiles(served) > 0 || push.isDone());
            assertFalse(push.isDone(), () -> "the push ended before the daemon was stopped: " + push.join());
            stop(daemon, "TERM");
            String log = new String(daemon.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, daemon.exitValue(), log);
            // The session saw the stop on its own, not only when the daemon gave up waiting and interrupted it.
            assertFalse(onItsOwn && log.contains("did not end within"), log);
            assertEquals(0, tempFiles(served), "a temporary file was left behind");
            assertFalse(Files.exists(served.resolve("big.bin")), "a partial copy under the final name");
            assertTrue(push.get(Long.parseLong(timeoutSeconds), TimeUnit.SECONDS).exitCode() != 0,
                    "the push cannot have succeeded");
        } finally {
            daemon.destroyForcibly();
        }
    }

    /** Reads the daemon's output up to its "serving ... on port N" line. */
    static String servingPort(Process daemon) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(daemon.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null) {
            Matcher serving = SERVING.matcher(line);
            if (serving.find()) {
                return serving.group(1);
            }
        }
        throw new AssertionError("the daemon never said its port");
    }
}
