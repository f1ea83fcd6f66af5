package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * --temp-dir (-T) beside rsync: where DIR is, what lands, what is left, what a daemon refuses,
 * and with --partial or --partial-dir what a transfer stopped mid-file keeps, and where.
 */
class TempDirOptionTest extends SideBySideTest {

    /** 16 MiB at 2 MB/s: 8 s to stop it in, with a chunk (1 MiB) or more received before. */
    private static final int BIG = 16 << 20;
    private static final int RECEIVED_BEFORE_STOP = 2 << 20;

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

    /** The temp-dir: beside the destination, or on /dev/shm, another mount (the move is a copy there). */
    private Path scratch(String side, boolean otherMount) throws IOException {
        return otherMount ? Files.createTempDirectory(Path.of("/dev/shm"), "rdcp-temp-dir")
                : Files.createDirectories(tmp.resolve(side + "-scratch"));
    }

    /** The size of the one file in {@code directory}, 0 while there is none. */
    private static long fileIn(Path directory) throws IOException {
        try (Stream<Path> list = Files.list(directory)) {
            return list.mapToLong(path -> path.toFile().length()).sum();
        }
    }

    /**
     * Starts {@code command}, waits until the file it writes in {@code scratch} has some data, and
     * stops it with SIGTERM (taken as SIGINT is, and never ignored as SIGINT is in a background job).
     */
    private static int stopMidFile(List<String> command, Path scratch, Path output) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        try {
            Await.until("some data has come", 60_000, () -> fileIn(scratch) >= RECEIVED_BEFORE_STOP || !process.isAlive());
            assertTrue(process.isAlive(), () -> "the copy ended early: " + StopScenario.read(output));
            StopScenario.stop(process, "TERM");
        } finally {
            process.destroyForcibly();
        }
        return process.exitValue();
    }

    /** What a stopped copy kept under {@code kept}: part of the source, from its start. */
    private static void assertPrefixOfSource(Path source, Path kept) throws IOException {
        assertTrue(Files.isRegularFile(kept), kept + " was not kept");
        byte[] prefix = Files.readAllBytes(kept);
        assertTrue(prefix.length >= RECEIVED_BEFORE_STOP && prefix.length < BIG, kept + " holds " + prefix.length);
        byte[] whole = Files.readAllBytes(source);
        assertTrue(Arrays.equals(prefix, Arrays.copyOf(whole, prefix.length)), kept + " is not the source's start");
    }

    /**
     * A local copy with -T and --partial or --partial-dir stopped by a signal mid-file, as rsync's:
     * exit 20, nothing in DIR, nothing under the final name, the received prefix under the
     * partial name (rsync's own for --partial is the final name itself, rdcp's
     * .NAME.rdcp-partial); run again, both resume from it and the file is whole, DIR empty, the
     * partial file (and an emptied partial directory) gone. DIR on another mount than the
     * destination, the kept file is copied there; the same holds.
     */
    @ParameterizedTest(name = "{0}, DIR on another mount: {3}")
    @CsvSource({"--partial, .big.rdcp-partial, big, false", "--partial-dir=.pd, .pd/big, .pd/big, true",
            "--partial, .big.rdcp-partial, big, true", "--partial-dir=.pd, .pd/big, .pd/big, false"})
    @Timeout(120)
    void aCopyStoppedMidFileKeepsThePartialFileOutsideTheTempDirAndResumesFromIt(String partial, String rdcpKept,
            String rsyncKept, boolean otherMount) throws Exception {
        Path source = Cli.randomFile(sides.source.resolve("big"), BIG, 41);
        Path rsyncScratch = scratch("rsync", otherMount);
        Path rdcpScratch = scratch("rdcp", otherMount);
        try {
            Path rsyncCopy = tmp.resolve("rsync-copy");
            List<String> rsync = List.of(RsyncComparison.RSYNC.toString(), "-a", partial, "-T", rsyncScratch.toString(),
                    "--bwlimit=2000", sides.source + "/", rsyncCopy + "/");
            assertEquals(20, stopMidFile(rsync, rsyncScratch, tmp.resolve("rsync.out")),
                    () -> StopScenario.read(tmp.resolve("rsync.out")));
            // rsync's receiver, a process of its own, moves the file after the client has ended.
            Await.until("rsync has moved the file out of DIR", 30_000,
                    () -> isEmpty(rsyncScratch) && Files.exists(rsyncCopy.resolve(rsyncKept)));
            assertPrefixOfSource(source, rsyncCopy.resolve(rsyncKept));

            Path rdcpCopy = tmp.resolve("rdcp-copy");
            List<String> rdcp = new ArrayList<>(StopScenario.thisClassPath());
            rdcp.addAll(List.of("-a", partial, "-T", rdcpScratch.toString(), "--bwlimit=2M", sides.source + "/",
                    rdcpCopy + "/"));
            assertEquals(20, stopMidFile(rdcp, rdcpScratch, tmp.resolve("rdcp.out")),
                    () -> StopScenario.read(tmp.resolve("rdcp.out")));
            assertTrue(isEmpty(rdcpScratch), "nothing left in DIR");
            assertFalse(Files.exists(rdcpCopy.resolve("big")), "a partial copy under the final name");
            assertPrefixOfSource(source, rdcpCopy.resolve(rdcpKept));
            long kept = Files.size(rdcpCopy.resolve(rdcpKept));

            RsyncComparison.rsync(tmp, "-a", partial, "-T", rsyncScratch.toString(), "src/", "rsync-copy/");
            Cli.Result resumed = Cli.rdcp("--json", "-a", partial, "-T", rdcpScratch.toString(), sides.source + "/",
                    rdcpCopy + "/");

            assertEquals(0, resumed.exitCode(), resumed::toString);
            long sent = JsonResult.of(resumed).number("bytes_sent");
            // At least 2 MiB kept: the resumed offset, their whole chunks, is 2 MiB or more.
            assertTrue(sent < BIG - (1 << 20), "resumed from the " + kept + " bytes kept, yet sent " + sent);
            RsyncComparison.assertSameTree(rsyncCopy, rdcpCopy, true);
            assertEquals(Cli.sha256(source), Cli.sha256(rdcpCopy.resolve("big")));
            assertEquals(List.of("big"), names(rdcpCopy), "the partial file (and an emptied partial directory) gone");
            assertTrue(isEmpty(rdcpScratch) && isEmpty(rsyncScratch), "nothing left in DIR");
        } finally {
            if (otherMount) {
                removeTree(rsyncScratch);
                removeTree(rdcpScratch);
            }
        }
    }

    /**
     * A push into a daemon whose client is killed mid-file, a lost connection: the daemon's
     * receiver moves what came from DIR (resolved beneath its root) to the partial name, leaves
     * nothing in DIR, and a later push resumes from it.
     */
    @Test
    @Timeout(120)
    void aPushCutOffMidFileKeepsThePartialFileInTheDaemonsTree() throws Exception {
        Path source = Cli.randomFile(sides.source.resolve("big"), BIG, 42);
        Path served = Files.createDirectories(tmp.resolve("module"));
        Path scratch = Files.createDirectories(served.resolve("scratch"));
        Path kept = served.resolve("d/.big.rdcp-partial");
        Files.createDirectories(kept.getParent());
        try (InProcessDaemon daemon = new InProcessDaemon(served, null, 30)) {
            List<String> push = new ArrayList<>(StopScenario.thisClassPath());
            push.addAll(List.of("--transport", "tcp", "--timeout", "30", "-a", "--partial", "-T", "/scratch",
                    "--bwlimit=2M", source.toString(), daemon.url("d/")));
            Process client = new ProcessBuilder(push).redirectErrorStream(true)
                    .redirectOutput(tmp.resolve("push.out").toFile()).start();
            try {
                Await.until("some data has come", 60_000, () -> fileIn(scratch) >= RECEIVED_BEFORE_STOP || !client.isAlive());
                assertTrue(client.isAlive(), () -> "the push ended early: " + StopScenario.read(tmp.resolve("push.out")));
            } finally {
                client.destroyForcibly();
            }
            Await.until("the daemon has kept the partial file", 60_000, () -> isEmpty(scratch) && Files.exists(kept));
            assertPrefixOfSource(source, kept);
            assertFalse(Files.exists(served.resolve("d/big")), "a partial copy under the final name");

            Cli.Result resumed = Cli.rdcp("--transport", "tcp", "--timeout", "30", "--json", "-a", "--partial", "-T",
                    "/scratch", source.toString(), daemon.url("d/"));

            assertEquals(0, resumed.exitCode(), resumed::toString);
            assertTrue(JsonResult.of(resumed).number("bytes_sent") < BIG - (1 << 20), resumed::toString);
        }
        assertEquals(Cli.sha256(source), Cli.sha256(served.resolve("d/big")));
        assertEquals(List.of("big"), names(served.resolve("d")));
        assertTrue(isEmpty(scratch));
    }

    /** A temp-dir on /dev/shm, whatever a failed test left in it. */
    private static void removeTree(Path directory) throws IOException {
        try (Stream<Path> tree = Files.walk(directory)) {
            for (Path path : tree.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    private static List<String> names(Path directory) throws IOException {
        try (Stream<Path> list = Files.list(directory)) {
            return list.map(path -> path.getFileName().toString()).sorted().toList();
        }
    }
}
