package dev.rdcp.cli;

import static dev.rdcp.cli.Cli.randomFile;
import static dev.rdcp.cli.Cli.rdcp;
import static dev.rdcp.cli.Cli.sha256;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code --streams 1, 2, 4} over rxe0 through an in-process daemon: a 64 MiB file and a small tree, byte for byte. */
@Tag("vm")
class StreamsCopyVmTest {

    @TempDir
    static Path served;
    @TempDir
    static Path local;

    private static InProcessDaemon daemon;
    private static Path big;
    private static Path tree;

    @BeforeAll
    static void start() throws IOException {
        daemon = new InProcessDaemon(served, null, 10);
        big = randomFile(local.resolve("big.bin"), 64L << 20, 64);
        tree = local.resolve("tree");
        for (int i = 0; i < 5; i++) {
            Files.createDirectories(tree.resolve("d" + i));
        }
        Files.createDirectories(tree.resolve("large"));
        for (int i = 0; i < 300; i++) {
            randomFile(tree.resolve("d" + i % 5 + "/f" + i), 17L + 173L * i, i);
        }
        randomFile(tree.resolve("large/three-chunks.bin"), (3L << 20) + 5, 3);
    }

    @AfterAll
    static void stop() throws IOException {
        daemon.close();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void aLargeFileAndATreeArriveIntactPushedAndPulled(int streams) throws IOException {
        String n = String.valueOf(streams);
        Cli.Result push = rdcp("--transport", "rdma", "--streams", n, big.toString(), daemon.url("big-" + n + ".bin"));
        assertEquals(0, push.exitCode(), push::toString);
        assertEquals(sha256(big), sha256(served.resolve("big-" + n + ".bin")));

        Files.createDirectories(served.resolve("tree-" + n));
        Cli.Result tree = rdcp("-a", "--transport", "rdma", "--streams", n, StreamsCopyVmTest.tree + "/",
                daemon.url("tree-" + n + "/"));
        assertEquals(0, tree.exitCode(), tree::toString);
        assertSameFiles(StreamsCopyVmTest.tree, served.resolve("tree-" + n));

        Path back = Files.createDirectories(local.resolve("back-" + n));
        Cli.Result pull = rdcp("-a", "--transport", "rdma", "--streams", n, daemon.url("tree-" + n + "/"), back + "/");
        assertEquals(0, pull.exitCode(), pull::toString);
        assertSameFiles(StreamsCopyVmTest.tree, back);
        assertEquals(0, Cli.tempFiles(served));
    }

    private static void assertSameFiles(Path expected, Path actual) throws IOException {
        try (var files = Files.walk(expected)) {
            for (Path a : files.filter(Files::isRegularFile).toList()) {
                Path b = actual.resolve(expected.relativize(a).toString());
                assertEquals(sha256(a), sha256(b), b.toString());
            }
        }
    }
}
