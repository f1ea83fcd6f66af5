package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.Challenge;
import dev.rdcp.protocol.MessageType;
import dev.rdcp.transport.BootstrapChannel;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The case for real: a daemon in its own JVM, its descriptor limit lowered to just above
 * what it uses, and 30 connections. accept() fails with EMFILE; the daemon must log that once,
 * keep running, and serve again once the clients are gone.
 */
@Timeout(120)
class DaemonDescriptorLimitTest {

    private static final Pattern SERVING = Pattern.compile("on port (\\d+)$");

    @TempDir
    Path dir;

    @Test
    void runningOutOfDescriptorsIsSurvivedAndLoggedOnce() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path log = dir.resolve("daemon.log");
        Process daemon = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                "dev.rdcp.cli.Main", "serve", "--root", dir.toString(), "--bind", "127.0.0.1", "--port", "0",
                "--timeout", "30").redirectError(log.toFile()).start();
        List<Socket> clients = new ArrayList<>();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(daemon.getInputStream(), StandardCharsets.UTF_8));
            String line = out.readLine();
            Matcher serving = SERVING.matcher(line == null ? "" : line);
            assertTrue(serving.find(), "daemon said: " + line + "; log: " + Files.readString(log));
            int port = Integer.parseInt(serving.group(1));
            // One refused session first, as any daemon that has served once: this test runs from
            // class directories, where a class loaded late needs a descriptor (from the jar it
            // would not), and so does the JDK's first socket close.
            try (BootstrapChannel warmUp = new BootstrapChannel(new Socket(InetAddress.getLoopbackAddress(), port),
                    Duration.ofSeconds(30))) {
                warmUp.handshake();
                warmUp.receive(MessageType.CHALLENGE);
                warmUp.send(MessageType.AUTH, ByteBuffer.allocate(Challenge.RESPONSE_SIZE));
                warmUp.send(MessageType.REQUEST, ByteBuffer.allocate(1));
                assertThrows(IOException.class, () -> warmUp.receive(MessageType.ACCEPT));
            }
            long open;
            try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(daemon.pid()), "fd"))) {
                open = fds.count();
            }
            Process limit = new ProcessBuilder("prlimit", "--pid", Long.toString(daemon.pid()),
                    "--nofile=" + (open + 4) + ":" + (open + 4)).inheritIO().start();
            assertEquals(0, limit.waitFor());
            for (int i = 0; i < 30; i++) {
                clients.add(new Socket(InetAddress.getLoopbackAddress(), port));
            }
            Await.until("the daemon runs out of descriptors", 60_000,
                    () -> Files.readString(log).contains("Too many open files") || !daemon.isAlive());
            for (Socket client : clients) {
                client.close();
            }
            Await.until("the daemon serves again", 60_000, () -> !daemon.isAlive() || greets(port));
            assertTrue(daemon.isAlive(), () -> "the daemon died: " + read(log));
            long reports = Files.readAllLines(log).stream().filter(l -> l.contains("Too many open files")).count();
            assertEquals(1, reports, () -> read(log));
        } finally {
            for (Socket client : clients) {
                client.close();
            }
            daemon.destroy();
            daemon.waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** True when a new client gets the daemon's HELLO. */
    private static boolean greets(int port) {
        try (Socket client = new Socket(InetAddress.getLoopbackAddress(), port)) {
            client.setSoTimeout(2_000);
            return client.getInputStream().read() == MessageType.HELLO.code();
        } catch (IOException e) {
            return false;
        }
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}
