package dev.rdcp.cli;

import static dev.rdcp.cli.Cli.randomFile;
import static dev.rdcp.cli.Cli.rdcp;
import static dev.rdcp.cli.Cli.sha256;
import static dev.rdcp.cli.Cli.tempFiles;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.transport.DirectMemory;
import dev.rdcp.transport.DirectPool;
import dev.rdcp.transport.RdmaDevice;
import dev.rdcp.transport.RdmaSettings;
import java.io.IOException;
import java.lang.management.BufferPoolMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real copies over the TCP transport, between an in-process daemon and the command, on the host. */
class TcpCopyTest {

    private static final int CHUNK = 64 << 10;
    private static final long[] SIZES = {0, 1, 4095, CHUNK - 1, CHUNK, CHUNK + 1, 3L * CHUNK + 17, 20L * CHUNK + 5,
            (5L << 20) + 123};

    @TempDir
    static Path served;
    @TempDir
    Path local;

    /** One a test, so that no session of an earlier test is still ending while one counts memory. */
    private InProcessDaemon daemon;

    @BeforeEach
    void startDaemon() throws IOException {
        daemon = new InProcessDaemon(served, null, 10);
    }

    @AfterEach
    void stopDaemon() throws IOException {
        daemon.close();
    }

    private static Cli.Result tcp(String... args) {
        List<String> all = new ArrayList<>(List.of("--timeout", "10", "--transport", "tcp"));
        all.addAll(List.of(args));
        return rdcp(all.toArray(String[]::new));
    }

    private static boolean rdmaUsableHere() {
        try (RdmaDevice device = RdmaDevice.open(RdmaSettings.defaults())) {
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    @Test
    void pushThenPullEverySizeOverTcp() throws IOException {
        Path pushed = Files.createDirectories(served.resolve("sizes"));
        List<String> push = new ArrayList<>(List.of("--json", "--chunk-size", "64K"));
        for (long size : SIZES) {
            push.add(randomFile(local.resolve("f" + size), size, size).toString());
        }
        push.add(daemon.url("sizes/"));
        Cli.Result pushResult = tcp(push.toArray(String[]::new));
        assertEquals(0, pushResult.exitCode(), pushResult::toString);
        assertEquals("tcp", JsonResult.of(pushResult).text("transport"));

        Path back = Files.createDirectories(local.resolve("back"));
        List<String> pull = new ArrayList<>(List.of("--chunk-size", "64K"));
        for (long size : SIZES) {
            pull.add(daemon.url("sizes/f" + size));
        }
        pull.add(back + "/");
        Cli.Result pullResult = tcp(pull.toArray(String[]::new));
        assertEquals(0, pullResult.exitCode(), pullResult::toString);
        for (long size : SIZES) {
            String expected = sha256(local.resolve("f" + size));
            assertEquals(expected, sha256(pushed.resolve("f" + size)), "pushed " + size);
            assertEquals(expected, sha256(back.resolve("f" + size)), "pulled " + size);
        }
        assertEquals(0, tempFiles(served) + tempFiles(local));
        assertEquals("", pushResult.err() + pullResult.err(), "no warning when TCP was asked for");
    }

    @Test
    void aTreeGoesBothWaysAndASecondRunMovesNothing() throws IOException {
        Path tree = local.resolve("tree");
        for (int i = 0; i < 120; i++) {
            Files.createDirectories(tree.resolve("d" + i % 5));
            randomFile(tree.resolve("d" + i % 5 + "/s" + i), 10 + 101L * i, i);
        }
        Files.createDirectories(tree.resolve("big"));
        randomFile(tree.resolve("big/large.bin"), 3L << 20, 99);
        Files.createSymbolicLink(tree.resolve("link"), Path.of("d0/s0"));

        Cli.Result push = tcp("-a", tree + "/", daemon.url("tree/"));
        assertEquals(0, push.exitCode(), push::toString);
        TestTree.assertSameTree(tree, served.resolve("tree"));
        JsonResult again = JsonResult.of(tcp("--json", "-a", tree + "/", daemon.url("tree/")));
        assertEquals(0, again.number("transferred"), again::toString);

        Path back = local.resolve("back");
        Cli.Result pull = tcp("-a", daemon.url("tree/"), back + "/");
        assertEquals(0, pull.exitCode(), pull::toString);
        TestTree.assertSameTree(tree, back);
    }

    /**
     * --checksum reads every file on both sides; each side reads them through one buffer a session
     * (64 KiB), not a direct buffer per file left for a collection, and frees it when the session
     * ends. Direct buffers a collection frees meanwhile only lower the counts.
     */
    @Test
    void checksumsReadEveryFileThroughOneBufferASideFreedAtTheEnd() throws Exception {
        int files = 64;
        Path tree = local.resolve("sums");
        Files.createDirectories(tree);
        for (int i = 0; i < files; i++) {
            randomFile(tree.resolve("f" + i), 100 + i, i);
        }
        long blocksBefore = DirectMemory.outstanding();
        int keptBefore = DirectMemory.kept();
        BufferPoolMXBean direct = DirectPool.direct();
        long buffersBefore = direct.getCount();
        long bytesBefore = direct.getMemoryUsed();
        Cli.Result first = tcp("-a", tree + "/", daemon.url("sums/"));
        assertEquals(0, first.exitCode(), first::toString);
        JsonResult again = JsonResult.of(tcp("--json", "-a", "--checksum", tree + "/", daemon.url("sums/")));
        assertEquals(0, again.number("transferred"), again::toString);
        // Closing returns once the daemon's sessions have ended too.
        daemon.close();
        assertTrue(direct.getCount() - buffersBefore < files && direct.getMemoryUsed() - bytesBefore < 64 << 10,
                "two sessions over " + files + " files left " + (direct.getCount() - buffersBefore)
                        + " direct buffers, " + (direct.getMemoryUsed() - bytesBefore) + " bytes");
        // The counts above could also drop by a collection freeing what no role closed; this cannot.
        assertEquals(0, DirectMemory.outstanding() - blocksBefore,
                "blocks of direct memory the sessions allocated and did not free");
        assertEquals(0, DirectMemory.kept() - keptBefore, "blocks of direct memory kept for good by a failed teardown");
    }

    @Test
    void autoWithoutADeviceFallsBackToTcpWithOneWarningLine() throws IOException {
        assumeFalse(rdmaUsableHere(), "this host has RDMA: auto picks it");
        Path source = randomFile(local.resolve("auto.bin"), 300_000, 3);
        Cli.Result result = rdcp("--json", "--timeout", "10", source.toString(), daemon.url("auto.bin"));
        assertEquals(0, result.exitCode(), result::toString);
        assertEquals("tcp", JsonResult.of(result).text("transport"));
        assertEquals(1, result.err().lines().count(), result::toString);
        assertTrue(result.err().startsWith("rdcp: warning: copying over TCP: no usable RDMA device here"),
                result::toString);
        assertEquals(sha256(source), sha256(served.resolve("auto.bin")));
    }

    @Test
    void rdmaWithoutADeviceFailsWithExitCode40AndCopiesNothing() throws IOException {
        assumeFalse(rdmaUsableHere(), "this host has RDMA");
        Path source = randomFile(local.resolve("rdma.bin"), 1000, 4);
        Cli.Result result = rdcp("--transport", "rdma", "--timeout", "10", source.toString(), daemon.url("rdma.bin"));
        assertEquals(ExitCode.RDMA_UNAVAILABLE.code(), result.exitCode(), result::toString);
        assertEquals(1, result.err().lines().count(), result::toString);
        assertFalse(Files.exists(served.resolve("rdma.bin")));
    }

    @Test
    void aNamedDeviceThatIsMissingFailsWithExitCode40InsteadOfFallingBack() throws IOException {
        Path source = randomFile(local.resolve("named.bin"), 1000, 12);
        Cli.Result result = rdcp("--device", "mlx5_42", "--timeout", "10", source.toString(), daemon.url("named.bin"));
        assertEquals(ExitCode.RDMA_UNAVAILABLE.code(), result.exitCode(), result::toString);
        assertEquals(1, result.err().lines().count(), result::toString);
        assertFalse(Files.exists(served.resolve("named.bin")));
    }

    @Test
    void anUnknownTransportIsAUsageError() throws IOException {
        Path source = randomFile(local.resolve("x.bin"), 10, 5);
        Cli.Result result = rdcp("--transport", "udp", source.toString(), daemon.url("x.bin"));
        assertEquals(ExitCode.USAGE.code(), result.exitCode(), result::toString);
        assertTrue(result.err().contains("--transport must be auto, rdma or tcp"), result::toString);
    }

    @Test
    void sessionsInARowAllEndCleanly() throws IOException {
        Path source = randomFile(local.resolve("again.bin"), 70_000, 6);
        for (int i = 0; i < 25; i++) {
            Cli.Result result = tcp(source.toString(), daemon.url("again-" + i + ".bin"));
            assertEquals(0, result.exitCode(), "session " + i + ": " + result);
            Cli.Result back = tcp(daemon.url("again-" + i + ".bin"), local.resolve("back-" + i + ".bin").toString());
            assertEquals(0, back.exitCode(), "pull " + i + ": " + back);
        }
        assertEquals(sha256(source), sha256(local.resolve("back-24.bin")));
    }
}
