package dev.rdcp.cli;

import static dev.rdcp.cli.RsyncComparison.assertSameTree;
import static dev.rdcp.cli.RsyncComparison.rsync;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ExitCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.LinkOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * --mkpath, --min-size, --max-size and --existing, each run by rdcp (over TCP, to and from an
 * in-process daemon) and by rsync on the same trees, the resulting trees and exit codes compared.
 */
class ReceiverRuleOptionsTest {

    private static final Instant OLD = Instant.parse("2022-01-02T03:04:05Z");

    @TempDir
    Path tmp;

    private Path source;
    private Path served;
    private InProcessDaemon daemon;

    @BeforeEach
    void start() throws IOException {
        RsyncComparison.requireRsync();
        source = Files.createDirectories(tmp.resolve("src"));
        write(source, "empty.txt", 0);
        write(source, "tiny.txt", 99);
        write(source, "hundred.txt", 100);
        write(source, "a/kilo.bin", 1024);
        write(source, "a/b/kilo-plus.bin", 1025);
        write(source, "a/b/big.bin", 1_500_000);
        write(source, "d/mid.bin", 1535);
        Files.createSymbolicLink(source.resolve("a/link"), Path.of("kilo.bin"));
        Files.getFileAttributeView(source.resolve("a/link"), BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                .setTimes(FileTime.from(OLD), null, null);
        served = Files.createDirectories(tmp.resolve("served"));
        daemon = new InProcessDaemon(served, null, 10);
    }

    @AfterEach
    void stop() throws IOException {
        if (daemon != null) {
            daemon.close();
        }
    }

    private static void write(Path root, String name, int size) throws IOException {
        Path path = root.resolve(name);
        Files.createDirectories(path.getParent());
        byte[] bytes = new byte[size];
        for (int i = 0; i < size; i++) {
            bytes[i] = (byte) (name.hashCode() + i);
        }
        Files.write(path, bytes);
        Files.setLastModifiedTime(path, FileTime.from(OLD));
    }

    private Cli.Result rdcp(String... args) {
        return RsyncComparison.rdcpOverTcp(daemon, args);
    }

    /**
     * rsync into served/rsync/DEST and rdcp pushing to the daemon's served/rdcp/DEST, with the
     * same options and sources; both must end with {@code exitCode}, their trees the same.
     */
    private Cli.Result comparePush(int exitCode, List<String> options, String destination, String... sources)
            throws Exception {
        Files.createDirectories(served.resolve("rsync"));
        Files.createDirectories(served.resolve("rdcp"));
        List<String> rsyncArgs = new ArrayList<>(options);
        rsyncArgs.addAll(List.of(sources));
        rsyncArgs.add("served/rsync/" + destination);
        RsyncComparison.Run run = RsyncComparison.run(tmp, rsyncArgs.toArray(String[]::new));
        assertEquals(exitCode, run.exitCode(), run::output);
        List<String> rdcpArgs = new ArrayList<>(options);
        for (String source : sources) {
            rdcpArgs.add(tmp.resolve(source) + (source.endsWith("/") ? "/" : ""));
        }
        rdcpArgs.add("127.0.0.1::rdcp/" + destination);
        Cli.Result result = rdcp(rdcpArgs.toArray(String[]::new));
        assertEquals(exitCode, result.exitCode(), result::toString);
        assertSameTree(served.resolve("rsync"), served.resolve("rdcp"));
        return result;
    }

    /** rsync and rdcp pull the served tree "exported" (a copy of src) into tmp/rsync-DEST and tmp/rdcp-DEST. */
    private void comparePull(List<String> options, String source, String destination) throws Exception {
        Files.createDirectories(served.resolve("exported"));
        rsync(tmp, "-a", "src/", served.resolve("exported") + "/");
        List<String> rsyncArgs = new ArrayList<>(options);
        rsyncArgs.add(served.resolve("exported") + "/" + source);
        rsyncArgs.add("rsync-" + destination);
        rsync(tmp, rsyncArgs.toArray(String[]::new));
        List<String> rdcpArgs = new ArrayList<>(options);
        rdcpArgs.add("127.0.0.1::exported/" + source);
        rdcpArgs.add(tmp.resolve("rdcp-" + destination).toString());
        Cli.Result result = rdcp(rdcpArgs.toArray(String[]::new));
        assertEquals(0, result.exitCode(), result::toString);
        assertSameTree(tmp.resolve("rsync-" + destination.split("/")[0]), tmp.resolve("rdcp-" + destination.split("/")[0]));
    }

    private void bothSides(String name, int size) throws IOException {
        for (String side : List.of("rsync", "rdcp")) {
            write(served.resolve(side), name, size);
        }
    }

    @Test
    void mkpathMakesEveryMissingDirectoryOfTheDestination() throws Exception {
        comparePush(0, List.of("-a", "--mkpath"), "x/y/z/", "src/a/kilo.bin");
        assertTrue(Files.isRegularFile(served.resolve("rdcp/x/y/z/kilo.bin")));
    }

    @Test
    void mkpathWithoutATrailingSlashNamesTheFile() throws Exception {
        comparePush(0, List.of("-a", "--mkpath"), "x/y/renamed", "src/a/kilo.bin");
        assertTrue(Files.isRegularFile(served.resolve("rdcp/x/y/renamed")));
    }

    @Test
    void mkpathWithATree() throws Exception {
        comparePush(0, List.of("-a", "--mkpath"), "p/q/r", "src/");
    }

    @Test
    void withoutMkpathAMissingParentIsExitCode3() throws Exception {
        comparePush(ExitCode.FILE_SELECTION.code(), List.of("-a"), "x/y/z", "src/a/kilo.bin");
        assertFalse(Files.exists(served.resolve("rdcp/x")));
    }

    @Test
    void mkpathThroughAFileIsExitCode11() throws Exception {
        bothSides("plain", 10);
        comparePush(ExitCode.FILE_IO.code(), List.of("-a", "--mkpath"), "plain/sub/", "src/a/kilo.bin");
    }

    @Test
    void mkpathInADryRunMakesNothing() throws Exception {
        comparePush(0, List.of("-a", "-n", "--mkpath"), "x/y/", "src/");
        assertFalse(Files.exists(served.resolve("rdcp/x")));
    }

    @Test
    void mkpathOnAPull() throws Exception {
        comparePull(List.of("-a", "--mkpath"), "a/", "pulled/deep/er");
        assertTrue(Files.isRegularFile(tmp.resolve("rdcp-pulled/deep/er/kilo.bin")));
    }

    /** The daemon's check follows the deepest existing component: a symlink out of the root is refused. */
    @Test
    void mkpathDoesNotLeaveTheServedDirectoryThroughASymlink() throws Exception {
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Files.createDirectories(served.resolve("rdcp"));
        Files.createSymbolicLink(served.resolve("rdcp/escape"), outside);
        Cli.Result result = rdcp("-a", "--mkpath", source.resolve("a/kilo.bin").toString(),
                "127.0.0.1::rdcp/escape/x/y/");
        assertEquals(ExitCode.FILE_SELECTION.code(), result.exitCode(), result::toString);
        try (var entries = Files.list(outside)) {
            assertEquals(0, entries.count());
        }
    }

    @Test
    void maxSizeSkipsLargerFiles() throws Exception {
        comparePush(0, List.of("-a", "--max-size=1k"), "", "src/");
        assertTrue(Files.exists(served.resolve("rdcp/a/kilo.bin")));
        assertFalse(Files.exists(served.resolve("rdcp/a/b/kilo-plus.bin")));
    }

    @Test
    void minSizeSkipsSmallerFiles() throws Exception {
        comparePush(0, List.of("-a", "--min-size=100"), "", "src/");
        assertFalse(Files.exists(served.resolve("rdcp/tiny.txt")));
        assertTrue(Files.exists(served.resolve("rdcp/hundred.txt")));
    }

    @Test
    void sizeSuffixesAndOffsetsAsRsync() throws Exception {
        comparePush(0, List.of("-a", "--min-size=99+1", "--max-size=1.5k-1"), "", "src/");
        assertTrue(Files.exists(served.resolve("rdcp/d/mid.bin")));
        assertFalse(Files.exists(served.resolve("rdcp/a/b/big.bin")));
    }

    @Test
    void decimalSuffixesAsRsync() throws Exception {
        comparePush(0, List.of("-a", "--min-size=1kb", "--max-size=1.5mb-1"), "", "src/");
        assertTrue(Files.exists(served.resolve("rdcp/a/b/kilo-plus.bin")));
        assertFalse(Files.exists(served.resolve("rdcp/a/b/big.bin")), "1,500,000 bytes is over 1,499,999");
    }

    @Test
    void maxSizeZeroKeepsEmptyFiles() throws Exception {
        comparePush(0, List.of("-a", "--max-size=0"), "", "src/");
        assertTrue(Files.exists(served.resolve("rdcp/empty.txt")));
    }

    /** A skipped file that exists keeps its content and metadata, as rsync's generator leaves it. */
    @Test
    void aSkippedFileHereIsLeftAlone() throws Exception {
        bothSides("a/b/big.bin", 7);
        comparePush(0, List.of("-a", "--max-size=2k"), "", "src/");
        assertEquals(7, Files.size(served.resolve("rdcp/a/b/big.bin")));
    }

    @Test
    void sizeLimitsOnAPull() throws Exception {
        comparePull(List.of("-a", "--min-size=1k", "--max-size=2kb-1"), "", "pulled/");
        assertTrue(Files.exists(tmp.resolve("rdcp-pulled/d/mid.bin")));
    }

    @Test
    void invalidSizesAreUsageErrorsAsInRsync() throws Exception {
        for (String option : List.of("--max-size=x", "--max-size=1q", "--min-size=-1", "--max-size=8192P",
                "--max-size=1k+2", "--max-size=0-1")) {
            RsyncComparison.Run run = RsyncComparison.run(tmp, option, "src/", "nowhere/");
            Cli.Result result = rdcp(option, source + "/", "127.0.0.1::rdcp/");
            assertEquals(run.exitCode(), result.exitCode(), option + ": " + result);
            String said = run.output().lines().findFirst().orElseThrow().replace("rsync: ", "");
            assertTrue(result.err().contains(said), option + ": rsync said " + said + ", rdcp " + result.err());
        }
        assertFalse(Files.exists(tmp.resolve("nowhere")));
    }

    @Test
    void existingUpdatesOnlyWhatIsThere() throws Exception {
        bothSides("a/kilo.bin", 3);
        bothSides("hundred.txt", 5);
        Files.createDirectories(served.resolve("rsync/d"));
        Files.createDirectories(served.resolve("rdcp/d"));
        comparePush(0, List.of("-aH", "--existing"), "", "src/");
        assertEquals(1024, Files.size(served.resolve("rdcp/a/kilo.bin")));
        assertFalse(Files.exists(served.resolve("rdcp/a/link")));
        assertFalse(Files.exists(served.resolve("rdcp/a/b")));
        assertFalse(Files.exists(served.resolve("rdcp/d/mid.bin")));
    }

    @Test
    void ignoreNonExistingIntoAMissingDestinationMakesOnlyIt() throws Exception {
        comparePush(0, List.of("-a", "--ignore-non-existing"), "new/", "src/");
        try (var entries = Files.list(served.resolve("rdcp/new"))) {
            assertEquals(0, entries.count());
        }
    }

    @Test
    void existingOnAPull() throws Exception {
        write(tmp.resolve("rsync-pulled"), "a/kilo.bin", 1);
        write(tmp.resolve("rdcp-pulled"), "a/kilo.bin", 1);
        comparePull(List.of("-a", "--existing"), "", "pulled/");
        assertEquals(1024, Files.size(tmp.resolve("rdcp-pulled/a/kilo.bin")));
    }
}
