package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ExitCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The options fpsync -T passes (-d, --files-from with --from0, -R, --delete-after, -D), each
 * run by rdcp (over TCP, to an in-process daemon, push and pull) and by rsync on the same tree,
 * the resulting trees compared.
 */
class FpsyncOptionsTest {

    private static final Instant OLD = SideBySide.OLD;

    @TempDir
    Path tmp;

    private Path source;
    private Path served;
    private InProcessDaemon daemon;

    @BeforeEach
    void start() throws IOException {
        RsyncComparison.requireRsync();
        source = Files.createDirectories(tmp.resolve("src"));
        write("top.txt", "top\n");
        write("a/one.txt", "one\n");
        write("a/b/two.txt", "two\n");
        write("a/b/c/three.txt", "three\n");
        write("d/four.txt", "four\n");
        Files.createDirectories(source.resolve("empty"));
        Files.createSymbolicLink(source.resolve("a/link"), Path.of("one.txt"));
        Files.getFileAttributeView(source.resolve("a/link"), java.nio.file.attribute.BasicFileAttributeView.class,
                java.nio.file.LinkOption.NOFOLLOW_LINKS).setTimes(FileTime.from(OLD), null, null);
        served = Files.createDirectories(tmp.resolve("served"));
        daemon = new InProcessDaemon(served, null, 10);
    }

    @AfterEach
    void stop() throws IOException {
        if (daemon != null) {
            daemon.close();
        }
    }

    private void write(String name, String text) throws IOException {
        SideBySide.writeText(source, name, text);
    }

    private static void rsync(Path cwd, String... args) throws IOException, InterruptedException {
        RsyncComparison.rsync(cwd, List.of(args));
    }

    private Cli.Result rdcp(String... args) {
        return RsyncComparison.rdcpOverTcp(daemon, args);
    }

    /** rsync's and rdcp's run of the same options, into served/rsync and served/rdcp (push). */
    private void comparePush(List<String> options, String... sources) throws Exception {
        List<String> rsyncArgs = new ArrayList<>(options);
        rsyncArgs.addAll(List.of(sources));
        rsyncArgs.add(served.resolve("rsync") + "/");
        rsync(tmp, rsyncArgs.toArray(String[]::new));
        List<String> rdcpArgs = new ArrayList<>(options);
        rdcpArgs.addAll(List.of(sources));
        rdcpArgs.add("127.0.0.1::rdcp/");
        Cli.Result result = rdcp(rdcpArgs.toArray(String[]::new));
        assertEquals(0, result.exitCode(), result::toString);
        RsyncComparison.assertSameTree(served.resolve("rsync"), served.resolve("rdcp"));
    }

    private Path nulList(String... names) throws IOException {
        return Files.writeString(tmp.resolve("part.0"), String.join("\0", names) + "\0");
    }

    /** fpsync's file mode: fpart's NUL-separated "./" names, empty directories with a trailing '/'. */
    @Test
    void fpsyncsFileModeLine() throws Exception {
        Path part = nulList("./top.txt", "./a/b/two.txt", "./a/link", "./empty/", "#not a comment?", "./d/four.txt");
        comparePush(List.of("-q", "-lptgoD", "--numeric-ids", "-d", "--files-from=" + part, "--from0"), source + "/");
    }

    @Test
    void fpsyncsFileModeLineAsAPull() throws Exception {
        Path part = nulList("./a/b/two.txt", "./empty/", "./d/four.txt");
        rsync(tmp, "-lptgoD", "--numeric-ids", "-d", "--files-from=" + part, "--from0", source + "/",
                served.resolve("rsync") + "/");
        Files.createDirectories(served.resolve("exported"));
        rsync(tmp, "-a", "src/", served.resolve("exported") + "/");
        Path pulled = tmp.resolve("pulled");
        Cli.Result result = rdcp("-lptgoD", "--numeric-ids", "-d", "--files-from=" + part, "--from0",
                "127.0.0.1::exported/", pulled + "/");
        assertEquals(0, result.exitCode(), result::toString);
        RsyncComparison.assertSameTree(served.resolve("rsync"), pulled);
    }

    /** fpsync -E: whole directories, one level each, with deletion at the end. */
    @Test
    void fpsyncsDirectoryModeLineDeletesAfter() throws Exception {
        for (String side : List.of("rsync", "rdcp")) {
            Files.createDirectories(served.resolve(side + "/a/b"));
            Files.writeString(served.resolve(side + "/a/stale.txt"), "stale\n");
            Files.writeString(served.resolve(side + "/a/b/kept-below.txt"), "not in a listed directory's level\n");
            Files.setLastModifiedTime(served.resolve(side + "/a/b/kept-below.txt"), FileTime.from(OLD));
            Files.writeString(served.resolve(side + "/outside.txt"), "outside\n");
            Files.setLastModifiedTime(served.resolve(side + "/outside.txt"), FileTime.from(OLD));
        }
        Path part = nulList("./", "./a/", "./d/");
        comparePush(List.of("-lptgoD", "--numeric-ids", "-d", "--relative", "--delete", "--delete-after",
                "--files-from=" + part, "--from0"), source + "/");
        assertFalse(Files.exists(served.resolve("rdcp/a/stale.txt")));
        assertFalse(Files.exists(served.resolve("rdcp/outside.txt")));
        assertTrue(Files.exists(served.resolve("rdcp/top.txt")));
        assertTrue(Files.exists(served.resolve("rdcp/a/b/kept-below.txt")));
    }

    @Test
    void dirsWithoutFilesFrom() throws Exception {
        comparePush(List.of("-lptd"), source + "/");
    }

    @Test
    void dirsNamesADirectoryWithoutItsContents() throws Exception {
        comparePush(List.of("-lptd"), source + "/a", source + "/top.txt");
    }

    @Test
    void relativeKeepsThePathAfterTheMarker() throws Exception {
        comparePush(List.of("-aR"), source + "/./a/b", source + "/./d/four.txt");
    }

    @Test
    void relativeKeepsTheWholeAbsolutePath() throws Exception {
        String rsyncArgs = "-aR";
        rsync(tmp, rsyncArgs, source + "/a/b/c", served.resolve("rsync") + "/");
        Cli.Result result = rdcp(rsyncArgs, source + "/a/b/c", "127.0.0.1::rdcp/");
        assertEquals(0, result.exitCode(), result::toString);
        // Below the source's own path: the implied /tmp differs in its sticky bit (rdcp keeps 0777 of it).
        String kept = source.toString().substring(1);
        RsyncComparison.assertSameTree(served.resolve("rsync").resolve(kept), served.resolve("rdcp").resolve(kept));
    }

    @Test
    void relativePull() throws Exception {
        Files.createDirectories(served.resolve("exported"));
        rsync(tmp, "-a", "src/", served.resolve("exported") + "/");
        rsync(served, "-aR", "exported/./a/b", "exported/./d", tmp.resolve("rsync-pulled") + "/");
        Cli.Result result = rdcp("-aR", "127.0.0.1::exported/./a/b", "127.0.0.1::exported/./d",
                tmp.resolve("pulled") + "/");
        assertEquals(0, result.exitCode(), result::toString);
        RsyncComparison.assertSameTree(tmp.resolve("rsync-pulled"), tmp.resolve("pulled"));
    }

    @Test
    void deleteAfterDeletesWhatRsyncDeletes() throws Exception {
        for (String side : List.of("rsync", "rdcp")) {
            Files.createDirectories(served.resolve(side + "/a/gone"));
            Files.writeString(served.resolve(side + "/a/gone/x"), "x\n");
            Files.writeString(served.resolve(side + "/old.txt"), "old\n");
        }
        comparePush(List.of("-a", "--delete-after"), source + "/");
        assertFalse(Files.exists(served.resolve("rdcp/old.txt")));
    }

    @Test
    void deleteDelayDeletesWhatRsyncDeletes() throws Exception {
        Files.createDirectories(served.resolve("rsync"));
        Files.createDirectories(served.resolve("rdcp"));
        Files.writeString(served.resolve("rsync/old.txt"), "old\n");
        Files.writeString(served.resolve("rdcp/old.txt"), "old\n");
        comparePush(List.of("-a", "--delete-delay"), source + "/");
    }

    @Test
    void deleteWithoutRecursionOrDirsIsRsyncsUsageError() {
        Cli.Result result = rdcp("-lpt", "--delete", source + "/", "127.0.0.1::x/");
        assertEquals(ExitCode.USAGE.code(), result.exitCode(), result::toString);
        assertTrue(result.err().startsWith("rdcp: --delete does not work without --recursive (-r) or --dirs (-d)."),
                result.err());
    }

    /** fpsync's -lptgoD makes a FIFO on the receiver, as rsync; without D it is skipped with a note. */
    @Test
    void aFifoArrivesWithFpsyncsOptions() throws Exception {
        Process mkfifo = new ProcessBuilder("mkfifo", source.resolve("d/pipe").toString()).start();
        assertEquals(0, mkfifo.waitFor());
        Cli.Result with = rdcp("-r", "-lptgoD", source + "/", "127.0.0.1::with/");
        assertEquals(0, with.exitCode(), with::toString);
        assertTrue(Files.exists(served.resolve("with/d/pipe"), java.nio.file.LinkOption.NOFOLLOW_LINKS));
        assertFalse(Files.isRegularFile(served.resolve("with/d/pipe"), java.nio.file.LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.exists(served.resolve("with/d/four.txt")));
        Cli.Result without = rdcp("-rlpt", source + "/", "127.0.0.1::without/");
        assertEquals(0, without.exitCode(), without::toString);
        assertTrue(without.out().contains("skipping non-regular file \"d/pipe\""), without::toString);
        assertFalse(Files.exists(served.resolve("without/d/pipe"), java.nio.file.LinkOption.NOFOLLOW_LINKS));
    }
}
