package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** --temp-dir (-T) beside rsync: where DIR is, what lands, what is left, and what a daemon refuses. */
class TempDirOptionTest extends SideBySideTest {

    private void tree() throws IOException {
        SideBySide.write(sides.source, "a", 10);
        SideBySide.write(sides.source, "sub/b", 1 << 20);
    }

    private static boolean isEmpty(Path directory) throws IOException {
        try (Stream<Path> list = Files.list(directory)) {
            return list.findAny().isEmpty();
        }
    }

    /** As rsync, a relative DIR is the destination directory's; the names listed are rsync's. */
    @Test
    void aPushWritesInTheTempDirRelativeToTheDestination() throws Exception {
        tree();
        for (String side : List.of("rsync", "rdcp")) {
            Files.createDirectories(sides.served.resolve(side + "/d/scratch"));
        }

        SideBySide.Outputs outputs = sides.push(0, new byte[0], List.of("-a", "--out-format=%n", "-T", "scratch"),
                "d/", "src/");

        assertEquals(outputs.rsync().lines().sorted().toList(), outputs.rdcp().out().lines().sorted().toList());
        assertTrue(isEmpty(sides.rdcpCopy("d/scratch")), "nothing left in the temp-dir");
    }

    /** A daemon resolves an absolute DIR from its root, where rsync's (a local copy here) starts at /. */
    @Test
    void aDaemonResolvesAnAbsoluteTempDirFromItsRoot() throws Exception {
        tree();
        Path scratch = Files.createDirectories(sides.served.resolve("scratch"));
        Files.createDirectories(sides.served.resolve("rdcp"));

        Cli.Result result = sides.rdcp("-a", "--temp-dir=/scratch", sides.source + "/", "127.0.0.1::rdcp/d/");

        assertEquals(0, result.exitCode(), result::toString);
        assertEquals(1 << 20, Files.size(sides.rdcpCopy("d/sub/b")));
        assertTrue(isEmpty(scratch));
    }

    @Test
    void aDaemonRefusesATempDirThatClimbsOutOfItsRoot() throws Exception {
        tree();
        Files.createDirectories(tmp.resolve("outside"));
        Files.createDirectories(sides.served.resolve("rdcp"));

        Cli.Result result = sides.rdcp("-a", "-T", "../../../outside", sides.source + "/", "127.0.0.1::rdcp/d/");

        assertEquals(3, result.exitCode(), result::toString);
        assertTrue(result.err().contains("--temp-dir ../../../outside escapes the served directory"), result::toString);
        assertFalse(Files.exists(sides.rdcpCopy("d/a")));
        assertTrue(isEmpty(tmp.resolve("outside")));
    }

    /** rsync's receiver checks DIR before anything is copied: exit 1, with rsync's words. */
    @Test
    void aMissingTempDirIsRsyncsUsageError() throws Exception {
        tree();
        Files.createDirectories(sides.served.resolve("rdcp"));

        SideBySide.Runs runs = sides.both("-a", "-T", "missing");

        assertEquals(1, runs.rsync().exitCode(), runs.rsync()::output);
        assertEquals(1, runs.rdcp().exitCode(), runs.rdcp()::toString);
        assertTrue(runs.rsync().output().contains("The temp-dir does not exist: missing"), runs.rsync()::output);
        assertTrue(runs.rdcp().err().contains("The temp-dir does not exist: missing"), runs.rdcp()::toString);
        assertFalse(Files.exists(sides.rdcpCopy("refused/a")));
    }

    /** A pull's receiver is the client: DIR is used as typed, relative to the destination, and never sent. */
    @Test
    void aPullUsesTheTempDirOfTheClient() throws Exception {
        tree();
        for (String side : List.of("rsync", "rdcp")) {
            Files.createDirectories(tmp.resolve(side + "-pulled/scratch"));
        }

        sides.pull(List.of("-a", "-T", "scratch"), "", "pulled/");

        assertTrue(isEmpty(tmp.resolve("rdcp-pulled/scratch")));
        assertEquals(1 << 20, Files.size(tmp.resolve("rdcp-pulled/sub/b")));
    }

    /** A local copy's temp-dir on another mount (/dev/shm): the files are copied into place, as rsync's are. */
    @Test
    void aLocalCopyThroughATempDirOnAnotherMount() throws Exception {
        tree();
        Path shm = Files.createTempDirectory(Path.of("/dev/shm"), "rdcp-temp-dir");
        try {
            RsyncComparison.rsync(tmp, "-a", "-T", shm.toString(), "src/", "rsync-local/");
            Cli.Result result = Cli.rdcp("-a", "-T", shm.toString(), sides.source + "/", tmp.resolve("rdcp-local") + "/");

            assertEquals(0, result.exitCode(), result::toString);
            RsyncComparison.assertSameTree(tmp.resolve("rsync-local"), tmp.resolve("rdcp-local"), true);
            assertTrue(isEmpty(shm));
        } finally {
            Files.deleteIfExists(shm);
        }
    }
}
