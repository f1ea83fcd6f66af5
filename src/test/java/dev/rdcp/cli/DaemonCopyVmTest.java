package dev.rdcp.cli;

import static dev.rdcp.cli.Cli.randomFile;
import static dev.rdcp.cli.Cli.rdcp;
import static dev.rdcp.cli.Cli.sha256;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ExitCode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Copies through an in-process 'rdcp serve' on rxe0, in the Soft-RoCE VM. */
@Tag("vm")
class DaemonCopyVmTest {

    private static final int CHUNK = 64 << 10;

    @TempDir
    static Path served;
    @TempDir
    Path local;

    private static InProcessDaemon daemon;
    private static InProcessDaemon securedDaemon;
    private static Path secretFile;

    @BeforeAll
    static void startDaemons() throws IOException {
        daemon = new InProcessDaemon(served, null, 5);
        byte[] secret = "correct horse battery staple".getBytes(StandardCharsets.UTF_8);
        securedDaemon = new InProcessDaemon(served, secret, 5);
        secretFile = Files.writeString(Files.createTempFile("secret", ""), "correct horse battery staple\n");
    }

    @AfterAll
    static void stopDaemons() throws IOException {
        daemon.close();
        securedDaemon.close();
    }

    private static String remote(String path) {
        return daemon.url(path);
    }

    private Path dir(String name) throws IOException {
        return Files.createDirectories(served.resolve(name));
    }

    @Test
    void pushThenPullManySizesInOneCommandEach() throws IOException {
        long[] sizes = {0, 1, 4095, CHUNK - 1, CHUNK, CHUNK + 1, 3L * CHUNK + 17, 20L * CHUNK + 5};
        List<String> args = new ArrayList<>(List.of("--chunk-size", "64K"));
        for (long size : sizes) {
            args.add(randomFile(local.resolve("f" + size), size, size).toString());
        }
        dir("many");
        args.add(remote("many/"));
        Cli.Result push = rdcp(args.toArray(String[]::new));
        assertEquals(0, push.exitCode(), push::toString);

        Path back = Files.createDirectories(local.resolve("back"));
        List<String> pull = new ArrayList<>(List.of("--chunk-size", "64K"));
        for (long size : sizes) {
            pull.add(remote("many/f" + size));
        }
        pull.add(back + "/");
        Cli.Result result = rdcp(pull.toArray(String[]::new));
        assertEquals(0, result.exitCode(), result::toString);
        for (long size : sizes) {
            String expected = sha256(local.resolve("f" + size));
            assertEquals(expected, sha256(served.resolve("many/f" + size)), "pushed " + size);
            assertEquals(expected, sha256(back.resolve("f" + size)), "pulled " + size);
        }
        assertEquals(0, Cli.tempFiles(served));
    }

    @ParameterizedTest
    @ValueSource(strings = {"4K", "256K", "1M", "4M"})
    void chunkSizesAllCarryTheSameBytes(String chunkSize) throws IOException {
        Path source = randomFile(local.resolve("c.bin"), (5L << 20) + 123, 7);
        Cli.Result result = rdcp("--chunk-size", chunkSize, source.toString(), remote("c-" + chunkSize + ".bin"));
        assertEquals(0, result.exitCode(), result::toString);
        assertEquals(sha256(source), sha256(served.resolve("c-" + chunkSize + ".bin")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"auto", "rdma", "tcp"})
    void autoPicksRdmaHereAndEveryTransportCarriesTheSameBytes(String transport) throws IOException {
        Path source = randomFile(local.resolve("t.bin"), (3L << 20) + 77, 11);
        Cli.Result result = rdcp("--json", "--transport", transport, source.toString(), remote("t-" + transport + ".bin"));
        assertEquals(0, result.exitCode(), result::toString);
        assertEquals(transport.equals("tcp") ? "tcp" : "rdma", JsonResult.of(result).text("transport"));
        assertEquals("", result.err(), "no fallback, so no warning");
        assertEquals(sha256(source), sha256(served.resolve("t-" + transport + ".bin")));
    }

    @Test
    void sixtyFourMebibytesBothWays() throws IOException {
        Path source = randomFile(local.resolve("big.bin"), 64L << 20, 64);
        Cli.Result push = rdcp("--progress", source.toString(), remote("big.bin"));
        assertEquals(0, push.exitCode(), push::toString);
        assertTrue(push.out().contains("100%"), push.out());
        assertEquals(sha256(source), sha256(served.resolve("big.bin")));

        Cli.Result pull = rdcp(remote("big.bin"), local.resolve("big.back").toString());
        assertEquals(0, pull.exitCode(), pull::toString);
        assertEquals(sha256(source), sha256(local.resolve("big.back")));
    }

    @Test
    void archiveKeepsModeAndMtimeAndReplacesAnOlderFile() throws IOException {
        Path source = randomFile(local.resolve("a.bin"), 100_000, 3);
        Files.setPosixFilePermissions(source, PosixFilePermissions.fromString("rwxr-x---"));
        FileTime mtime = FileTime.from(Instant.parse("2020-02-02T10:20:30.123456789Z"));
        Files.setLastModifiedTime(source, mtime);
        Path target = Files.writeString(served.resolve("a.bin"), "old content");

        Cli.Result result = rdcp("-a", source.toString(), remote("a.bin"));
        assertEquals(0, result.exitCode(), result::toString);
        assertEquals(sha256(source), sha256(target));
        assertEquals("rwxr-x---", PosixFilePermissions.toString(Files.getPosixFilePermissions(target)));
        assertEquals(mtime.toInstant(), Files.getLastModifiedTime(target).toInstant());
    }

    @Test
    void missingSourceIsSkippedAndTheRestIsCopied() throws IOException {
        Path good = randomFile(local.resolve("good.bin"), 1000, 1);
        dir("partial");
        Cli.Result result = rdcp(local.resolve("missing.bin").toString(), good.toString(), remote("partial/"));
        assertEquals(ExitCode.PARTIAL.code(), result.exitCode(), result::toString);
        assertEquals(1, result.err().lines().count(), result.err());
        assertTrue(result.err().contains("missing.bin: no such file or directory"), result.err());
        assertEquals(sha256(good), sha256(served.resolve("partial/good.bin")));
    }

    /** As rsync: a note on stdout and exit 0, so that "rdcp dir/* host::x/" copying only the files succeeds. */
    @Test
    void directorySourceWithoutRecursionIsSkipped() throws IOException {
        Path directory = Files.createDirectories(local.resolve("adir"));
        Cli.Result result = rdcp(directory.toString(), remote("x"));
        assertEquals(ExitCode.OK.code(), result.exitCode(), result::toString);
        assertTrue(result.out().contains("skipping directory adir"), result.toString());
        assertFalse(Files.exists(served.resolve("x")));
    }

    @Test
    void missingDestinationDirectoryIsRefused() throws IOException {
        Path source = randomFile(local.resolve("s.bin"), 10, 1);
        Cli.Result result = rdcp(source.toString(), remote("no/such/dir/s.bin"));
        assertEquals(ExitCode.FILE_SELECTION.code(), result.exitCode(), result::toString);
        assertEquals(1, result.err().lines().count(), result.err());
        assertTrue(result.err().contains("change_dir \"no/such/dir\" failed"), result.err());
        assertFalse(result.err().contains(served.toString()), "the daemon's own path stays its own: " + result.err());

        // As rsync: a directory the receiver cannot make is a file I/O error (once the list holds an entry).
        randomFile(served.resolve("there.bin"), 10, 2);
        Cli.Result pull = rdcp(remote("there.bin"), local.resolve("no/such/dir") + "/");
        assertEquals(ExitCode.FILE_IO.code(), pull.exitCode(), pull::toString);
    }

    /**
     * The daemon's sender meets a malformed per-directory filter file with data in flight: its
     * ABORT crosses the queue pair, and the client exits 1 with the daemon's reason, not with a
     * lost connection.
     */
    @Test
    void aDaemonSenderThatFailsTellsTheClientOverRdma() throws IOException {
        Path tree = dir("aborting");
        randomFile(tree.resolve("a.bin"), 8L * CHUNK + 3, 77);
        Files.writeString(Files.createDirectories(tree.resolve("d")).resolve(".rsync-filter"), "bogus rule\n");
        Cli.Result pull = rdcp("-a", "-F", "--chunk-size", "64K", remote("aborting/"), local.resolve("aborted") + "/");
        assertEquals(ExitCode.USAGE.code(), pull.exitCode(), pull::toString);
        assertEquals(List.of("rdcp: [sender] malformed filter rule in d/.rsync-filter line 1"),
                pull.err().lines().filter(line -> !line.startsWith("rdcp: warning:")).toList(), pull::toString);
    }

    @Test
    void pathsOutsideTheRootAreRefused() throws IOException {
        Path source = randomFile(local.resolve("e.bin"), 10, 1);
        Cli.Result push = rdcp(source.toString(), remote("../escaped.bin"));
        assertEquals(ExitCode.FILE_SELECTION.code(), push.exitCode(), push::toString);
        assertTrue(push.err().contains("escapes"), push.err());
        assertFalse(Files.exists(served.getParent().resolve("escaped.bin")));

        Files.createSymbolicLink(served.resolve("link-out"), Path.of("/etc"));
        Cli.Result pull = rdcp(remote("link-out/hostname"), local.resolve("h").toString());
        assertEquals(ExitCode.PARTIAL.code(), pull.exitCode(), pull::toString);
        assertTrue(pull.err().contains("escapes"), pull.err());
        assertFalse(Files.exists(local.resolve("h")));
    }

    @Test
    void secretIsCheckedWithoutCrossingTheWire() throws Exception {
        Path source = randomFile(local.resolve("auth.bin"), 5000, 9);
        String target = securedDaemon.url("auth.bin");
        Cli.Result none = rdcp(source.toString(), target);
        assertEquals(ExitCode.START_CLIENT_SERVER.code(), none.exitCode(), none::toString);

        Path wrong = Files.writeString(local.resolve("wrong"), "not it\n");
        Cli.Result bad = rdcp("--secret-file", wrong.toString(), source.toString(), target);
        assertEquals(ExitCode.START_CLIENT_SERVER.code(), bad.exitCode(), bad::toString);
        assertTrue(bad.err().contains("authentication failed"), bad.err());
        assertFalse(Files.exists(served.resolve("auth.bin")));

        // After a failed authentication the daemon makes the address wait a second.
        Thread.sleep(1_100);
        Cli.Result good = rdcp("--secret-file", secretFile.toString(), source.toString(), target);
        assertEquals(0, good.exitCode(), good::toString);
        assertEquals(sha256(source), sha256(served.resolve("auth.bin")));
    }

    @Test
    void diskFullMidFileLeavesNothingAndKeepsTheOldFile() throws Exception {
        Path small = dir("full");
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", small.toString())
                .inheritIO().start();
        assertEquals(0, mount.waitFor());
        try {
            Files.writeString(small.resolve("keep.bin"), "older");
            Path source = randomFile(local.resolve("huge.bin"), 4L << 20, 5);
            Cli.Result result = rdcp(source.toString(), remote("full/keep.bin"));
            assertEquals(ExitCode.FILE_IO.code(), result.exitCode(), result::toString);
            assertTrue(result.err().contains("No space left on device"), result.err());
            assertEquals("older", Files.readString(small.resolve("keep.bin")));
            assertEquals(0, Cli.tempFiles(small));
        } finally {
            new ProcessBuilder("umount", small.toString()).inheritIO().start().waitFor();
        }
    }

    @Test
    void unwritableDestinationIsReportedAndLeavesNothing() throws Exception {
        Path readOnly = dir("ro");
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", readOnly.toString())
                .inheritIO().start();
        assertEquals(0, mount.waitFor());
        try {
            Path source = randomFile(local.resolve("w.bin"), 1000, 6);
            Cli.Result result = rdcp(source.toString(), remote("ro/w.bin"));
            assertEquals(ExitCode.PARTIAL.code(), result.exitCode(), result::toString);
            assertEquals(1, result.err().lines().count(), result.err());
            assertTrue(result.err().contains("Read-only file system"), result.err());
            assertFalse(Files.exists(readOnly.resolve("w.bin")));
        } finally {
            new ProcessBuilder("umount", readOnly.toString()).inheritIO().start().waitFor();
        }
    }

    @Test
    void unknownDeviceIsRdmaUnavailableAndTheDaemonCarriesOn() throws IOException {
        Path source = randomFile(local.resolve("d.bin"), 10, 1);
        Cli.Result result = rdcp("--device", "mlx5_42", source.toString(), remote("d.bin"));
        assertEquals(ExitCode.RDMA_UNAVAILABLE.code(), result.exitCode(), result::toString);
        assertEquals(1, result.err().lines().count(), result.err());
        Cli.Result after = rdcp(source.toString(), remote("d.bin"));
        assertEquals(0, after.exitCode(), after::toString);
    }
}
