package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One case per rsync option of the drop-in list, over RDMA on rxe0: rsync and rdcp each copy the
 * same source onto the same destination (stale, extra and newer files in it), pushing to a daemon
 * and pulling from one, and the two resulting trees must be the same and both runs end with the
 * same exit code; with -a, the -i lines of a push and a pull must be rsync's too. Options with their own VM tests (-i, the receiver rules, owners, fpsync's) are
 * not repeated here.
 */
@Tag("vm")
@Tag("native-speed")
class RsyncOptionsVmTest {

    @TempDir
    Path tmp;

    static Stream<Arguments> options() {
        return Stream.of(
                Arguments.of(List.of("-a")),
                Arguments.of(List.of("-rlpt")),
                Arguments.of(List.of("-r")),
                Arguments.of(List.of("-d")),
                Arguments.of(List.of("-aH")),
                Arguments.of(List.of("-a", "--delete")),
                Arguments.of(List.of("-a", "--delete-before")),
                Arguments.of(List.of("-a", "--delete-during")),
                Arguments.of(List.of("-a", "--delete-after")),
                Arguments.of(List.of("-a", "--delete-delay")),
                Arguments.of(List.of("-a", "--delete", "--exclude=*.tmp", "--delete-excluded")),
                Arguments.of(List.of("-a", "-u")),
                Arguments.of(List.of("-a", "--size-only")),
                Arguments.of(List.of("-a", "-c")),
                Arguments.of(List.of("-a", "--ignore-existing")),
                Arguments.of(List.of("-a", "-b", "--suffix=.old")),
                Arguments.of(List.of("-a", "--delete", "--backup-dir=bak")),
                Arguments.of(List.of("-a", "--partial", "-P", "-h")),
                Arguments.of(List.of("-a", "-z", "-W", "--numeric-ids")),
                Arguments.of(List.of("-aR")),
                Arguments.of(List.of("-a", "--files-from=" + LIST, "--from0")),
                Arguments.of(List.of("-rlptD", "--exclude=a/b/")),
                Arguments.of(List.of("-a", "--no-p", "--no-times", "--no-o", "--no-g")),
                Arguments.of(List.of("-a", "-S")),
                Arguments.of(List.of("-a", "-x", "--delete", "--ignore-errors")),
                Arguments.of(List.of("-a", "--no-D")));
    }

    /** Stands for the NUL-separated name list the case's --files-from reads. */
    private static final String LIST = "{list}";

    /**
     * The source: files, a nested tree, a symlink, a hard link pair, a file the filters exclude, a
     * FIFO (-D, which -a implies) and a file of zeros (-S).
     */
    private static void source(SideBySide sides) throws Exception {
        SideBySide.write(sides.source, "top.txt", 100);
        SideBySide.write(sides.source, "same.txt", 64);
        SideBySide.write(sides.source, "newer-there.txt", 30);
        SideBySide.write(sides.source, "a/one.bin", 70_000);
        SideBySide.write(sides.source, "a/b/two.bin", 3);
        SideBySide.write(sides.source, "a/scratch.tmp", 9);
        SideBySide.write(sides.source, "empty/.keep", 0);
        Files.delete(sides.source.resolve("empty/.keep"));
        SideBySide.symlink(sides.source, "a/link", "one.bin");
        Files.createLink(sides.source.resolve("a/hard"), sides.source.resolve("a/one.bin"));
        Files.write(sides.source.resolve("zeros.bin"), new byte[300_000]);
        Files.setLastModifiedTime(sides.source.resolve("zeros.bin"), java.nio.file.attribute.FileTime.from(SideBySide.OLD));
        Process fifo = new ProcessBuilder("mkfifo", sides.source.resolve("a/pipe").toString()).start();
        assertEquals(0, fifo.waitFor());
        Process dated = new ProcessBuilder("touch", "-h", "-m", "-d", "@" + SideBySide.OLD.getEpochSecond(),
                sides.source.resolve("a/pipe").toString()).start();
        assertEquals(0, dated.waitFor());
        dateDirectories(sides.source, SideBySide.OLD);
    }

    /**
     * Every directory under {@code root}, itself included, dated {@code time}: a directory made
     * "now" on each side would be itemized with a t or not by whether a second ticked between.
     */
    private static void dateDirectories(Path root, java.time.Instant time) throws java.io.IOException {
        try (var walk = Files.walk(root)) {
            for (Path path : (Iterable<Path>) walk::iterator) {
                if (Files.isDirectory(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    Files.setLastModifiedTime(path, java.nio.file.attribute.FileTime.from(time));
                }
            }
        }
    }

    /** What DESTINATION under each of {@code roots} holds before the copy. */
    private static void staleDestination(String destination, Path... roots) throws Exception {
        for (Path root : roots) {
            SideBySide.write(root, destination + "same.txt", 64);
            SideBySide.write(root, destination + "top.txt", 99);
            SideBySide.write(root, destination + "extra.txt", 5);
            SideBySide.write(root, destination + "a/extra/deep.txt", 6);
            SideBySide.write(root, destination + "a/scratch.tmp", 9);
            SideBySide.write(root, destination + "newer-there.txt", 31);
            Files.setLastModifiedTime(root.resolve(destination + "newer-there.txt"),
                    java.nio.file.attribute.FileTime.from(SideBySide.OLD.plusSeconds(86_400)));
            dateDirectories(root, SideBySide.OLD.plusSeconds(3_600));
        }
    }

    /**
     * The same push with -i: rdcp's lines against rsync's (rsync run through a shell that only
     * drops the host name, so that its lines are a remote push's, {@code <f}, as rdcp's are).
     */
    private void sameItemizedLines(SideBySide sides, List<String> options, String source) throws Exception {
        Path rsyncRoot = Files.createDirectories(sides.served.resolve("rsync-i"));
        Path rdcpRoot = Files.createDirectories(sides.served.resolve("rdcp-i"));
        staleDestination("d/", rsyncRoot, rdcpRoot);
        Path shell = Files.writeString(tmp.resolve("local-shell"), "#!/bin/sh\nshift\nexec \"$@\"\n");
        shell.toFile().setExecutable(true);
        List<String> rsync = new ArrayList<>(List.of("-e", shell.toString(), "-i"));
        rsync.addAll(options);
        rsync.addAll(List.of(source, "localhost:" + rsyncRoot + "/d/"));
        String expected = RsyncComparison.rsync(tmp, rsync);
        assertFalse(ItemizeChangesTest.lines(expected).isEmpty(), "the stale tree has changes to itemize");
        List<String> rdcp = new ArrayList<>(List.of("-i"));
        rdcp.addAll(options);
        rdcp.addAll(List.of(tmp.resolve(source) + (source.endsWith("/") ? "/" : ""), "127.0.0.1::rdcp-i/d/"));
        Cli.Result result = sides.rdcp(rdcp.toArray(String[]::new));
        assertEquals(0, result.exitCode(), result::toString);
        assertEquals(ItemizeChangesTest.lines(expected), ItemizeChangesTest.lines(result.out()), "-i lines, " + options);
        if (source.equals("src/")) {
            // And a pull of the served copy of src (SideBySide.pull made it) onto the same stale tree.
            staleDestination("", Files.createDirectories(tmp.resolve("rsync-ipull")),
                    Files.createDirectories(tmp.resolve("rdcp-ipull")));
            List<String> rsyncPull = new ArrayList<>(List.of("-e", shell.toString(), "-i"));
            rsyncPull.addAll(options);
            rsyncPull.addAll(List.of("localhost:" + sides.served.resolve("exported") + "/", "rsync-ipull/"));
            String expectedPull = RsyncComparison.rsync(tmp, rsyncPull);
            assertFalse(ItemizeChangesTest.lines(expectedPull).isEmpty(), "the stale tree has changes to itemize");
            List<String> rdcpPull = new ArrayList<>(List.of("-i"));
            rdcpPull.addAll(options);
            rdcpPull.addAll(List.of("127.0.0.1::exported/", tmp.resolve("rdcp-ipull") + "/"));
            Cli.Result pulled = sides.rdcp(rdcpPull.toArray(String[]::new));
            assertEquals(0, pulled.exitCode(), pulled::toString);
            assertEquals(ItemizeChangesTest.lines(expectedPull), ItemizeChangesTest.lines(pulled.out()),
                    "-i lines of a pull, " + options);
        }
    }

    @ParameterizedTest
    @MethodSource("options")
    void rdcpLeavesRsyncsTree(List<String> options) throws Exception {
        try (SideBySide sides = SideBySide.overRdma(tmp)) {
            if ((!options.contains("-a") && !options.get(0).contains("t")) || options.contains("--no-times")) {
                sides.withoutFileTimes();
            }
            source(sides);
            staleDestination("pushed/", sides.served.resolve("rsync"), sides.served.resolve("rdcp"));
            Path list = Files.write(tmp.resolve("names0"), "top.txt\0a/b/two.bin\0a/link\0".getBytes());
            List<String> resolved = options.stream().map(o -> o.replace(LIST, list.toString())).toList();
            // -R keeps the path after "/./": here a/..., as rsync.
            sides.push(0, resolved, "pushed/", options.contains("-aR") ? "src/./a" : "src/");
            if (!options.contains("-aR")) {
                sides.pull(new ArrayList<>(resolved), "", "pulled/");
            }
            // -i beside -P's progress lines would compare the progress too.
            if ((options.contains("-a") || options.contains("-aH")) && !options.contains("-P")) {
                sameItemizedLines(sides, resolved, options.contains("-aR") ? "src/./a" : "src/");
            }
        }
    }
}
