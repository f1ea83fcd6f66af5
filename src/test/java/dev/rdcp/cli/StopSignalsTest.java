package dev.rdcp.cli;

import static dev.rdcp.cli.Cli.randomFile;
import static dev.rdcp.cli.Cli.tempFiles;
import static dev.rdcp.cli.StopScenario.lastLine;
import static dev.rdcp.cli.StopScenario.read;
import static dev.rdcp.cli.StopScenario.stop;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** rdcp stopped by a signal, as rsync: exit code 20, one line, and no temporary file left; over TCP on the host. */
@Timeout(120)
class StopSignalsTest {

    private static final int FILE_BYTES = 16 << 20;

    @TempDir
    Path dir;

    private StopScenario scenario;

    @BeforeEach
    void tcp() {
        scenario = new StopScenario(dir, StopScenario.thisClassPath(), "tcp", FILE_BYTES, 30);
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

    @Test
    void aPullStoppedBySigtermExits20AndLeavesNoTemporaryFile() throws Exception {
        scenario.pullStoppedBy("TERM");
    }

    @Test
    void aPullStoppedBySighupExits20AndLeavesNoTemporaryFile() throws Exception {
        assumeFalse(ignoredHere(1), "SIGHUP is ignored here (nohup), and so in rdcp too");
        scenario.pullStoppedBy("HUP");
    }

    /** Its session sees the stop within a poll tick; without that, only the daemon's interrupt 10 s on would end it. */
    @Test
    void aDaemonStoppedMidPushRemovesTheTemporaryFileAndExits0() throws Exception {
        scenario.daemonStoppedMidPush(true);
    }

    /** Paced by --bwlimit to a chunk every 20 s, the sender still sees the stop within a tick. */
    @Test
    void aSlowPushStopsWithinASecondOrSo() throws Exception {
        Path served = Files.createDirectories(dir.resolve("served"));
        Path source = randomFile(dir.resolve("big.bin"), FILE_BYTES, 22);
        Path output = dir.resolve("client.out");
        try (InProcessDaemon daemon = new InProcessDaemon(served, null, 30)) {
            Process client = scenario.start(output, "--transport", "tcp", "--timeout", "60", "--bwlimit", "50",
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
            client = scenario.start(output, "--transport", "tcp", "--timeout", "60", source.toString(),
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
}
