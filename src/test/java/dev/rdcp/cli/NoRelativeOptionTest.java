package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * --files-from with --no-R (--no-relative) beside rsync: each listed name is sent as rsync's
 * sender sends an operand, from the directory it is in, so it arrives as its last component;
 * pushed to an in-process daemon and pulled from it, trees, exit codes and -i lines compared.
 */
class NoRelativeOptionTest extends SideBySideTest {

    /** src: top, a/b/f, e/f, d/g, d/sub/h, x/d/{one,same}, y/d/{two,same}. */
    @BeforeEach
    void tree() throws Exception {
        SideBySide.write(sides.source, "top", 10);
        SideBySide.write(sides.source, "a/b/f", 20);
        SideBySide.write(sides.source, "e/f", 30);
        SideBySide.write(sides.source, "d/g", 40);
        SideBySide.write(sides.source, "d/sub/h", 50);
        SideBySide.write(sides.source, "x/d/one", 60);
        SideBySide.write(sides.source, "x/d/same", 70);
        SideBySide.write(sides.source, "y/d/two", 80);
        SideBySide.write(sides.source, "y/d/same", 90);
    }

    private Path list(String names) throws Exception {
        return Files.writeString(tmp.resolve("list"), names);
    }

    /** Pushed (into DESTINATION/) and pulled (into pulled-DESTINATION/) with {@code options}, both as rsync; the -i lines too. */
    private void bothWays(String names, String destination, String... options) throws Exception {
        List<String> all = new ArrayList<>(List.of("-i", "--files-from=" + list(names)));
        all.addAll(List.of(options));
        SideBySide.Outputs pushed = sides.push(0, new byte[0], all, destination + "/", "src/");
        assertEquals(ItemizedLines.of(pushed.rsync()), ItemizedLines.of(pushed.rdcp().out()), pushed.rdcp()::toString);
        sides.pull(all, "", "pulled-" + destination + "/");
    }

    /** Files arrive as their leaves, without the directories leading to them; -a does not imply -r. */
    @Test
    void listedFilesArriveAsTheirLastComponent() throws Exception {
        bothWays("a/b/f\ntop\n", "files", "-a", "--no-R");

        assertTrue(Files.isRegularFile(sides.rdcpCopy("files/f")));
        assertTrue(Files.notExists(sides.rdcpCopy("files/a")));
        assertTrue(Files.isRegularFile(tmp.resolve("rdcp-pulled-files/f")));
        assertTrue(Files.notExists(tmp.resolve("rdcp-pulled-files/a")));
    }

    /** --no-relative is the same, and the last of -R and its negation counts, as in rsync. */
    @Test
    void theLastOfRelativeAndItsNegationCounts() throws Exception {
        bothWays("a/b/f\n", "long", "-a", "--no-relative");
        bothWays("a/b/f\n", "again", "-a", "-R", "--no-R");
        bothWays("a/b/f\n", "kept", "-a", "--no-R", "-R");

        assertTrue(Files.isRegularFile(sides.rdcpCopy("long/f")));
        assertTrue(Files.isRegularFile(sides.rdcpCopy("again/f")));
        assertTrue(Files.isRegularFile(sides.rdcpCopy("kept/a/b/f")));
    }

    /**
     * A directory named without a slash is sent as itself (its contents with -r, as --files-from
     * implies -d, not -r); one named with a slash has its contents sent into the destination.
     */
    @Test
    void listedDirectoriesAreSentAsOperandsAreWithAndWithoutRecursion() throws Exception {
        bothWays("d\n", "bare", "-a", "--no-R");
        bothWays("d\n", "deep", "-a", "-r", "--no-R");
        bothWays("d/\n", "contents", "-a", "--no-R");
        bothWays("d/\n", "allcontents", "-a", "-r", "--no-R");

        assertTrue(Files.isDirectory(sides.rdcpCopy("bare/d")));
        assertTrue(Files.notExists(sides.rdcpCopy("bare/d/g")));
        assertTrue(Files.isRegularFile(sides.rdcpCopy("deep/d/sub/h")));
        assertTrue(Files.isRegularFile(sides.rdcpCopy("contents/g")));
        assertTrue(Files.notExists(sides.rdcpCopy("contents/sub/h")));
        assertTrue(Files.isRegularFile(sides.rdcpCopy("allcontents/sub/h")));
    }

    /** Two names with one leaf: the first listed file wins, and directories of the name are merged, the first's file kept. */
    @Test
    void namesWithTheSameLeafAreListedOnceAsRsyncListsThem() throws Exception {
        bothWays("a/b/f\ne/f\n", "first", "-a", "--no-R");
        bothWays("e/f\na/b/f\n", "second", "-a", "--no-R");
        bothWays("x/d\ny/d\n", "merged", "-a", "-r", "--no-R");
        bothWays("x/d/\ny/d/\n", "contents", "-a", "-r", "--no-R");

        assertEquals(20, Files.size(sides.rdcpCopy("first/f")));
        assertEquals(30, Files.size(sides.rdcpCopy("second/f")));
        assertEquals(70, Files.size(sides.rdcpCopy("merged/d/same")));
        assertTrue(Files.isRegularFile(sides.rdcpCopy("merged/d/two")));
        assertEquals(70, Files.size(sides.rdcpCopy("contents/same")));
    }

    /** --delete deletes where a listed directory's contents arrive (in DEST for "d/", in DEST/d for "d" with -r), and nowhere else. */
    @Test
    void deleteDeletesWhereAListedDirectorysContentsArrive() throws Exception {
        for (String destination : List.of("slash", "bare", "file")) {
            for (String side : List.of("rsync", "rdcp")) {
                SideBySide.write(sides.served.resolve(side), destination + "/stale", 5);
                SideBySide.write(sides.served.resolve(side), destination + "/d/old", 5);
                SideBySide.write(tmp.resolve(side + "-pulled-" + destination), "stale", 5);
                SideBySide.write(tmp.resolve(side + "-pulled-" + destination), "d/old", 5);
            }
        }

        bothWays("d/\n", "slash", "-a", "-r", "--delete", "--no-R");
        bothWays("d\n", "bare", "-a", "-r", "--delete", "--no-R");
        bothWays("a/b/f\n", "file", "-a", "--delete", "--no-R");

        assertTrue(Files.notExists(sides.rdcpCopy("slash/stale")));
        assertTrue(Files.isRegularFile(sides.rdcpCopy("bare/stale")));
        assertTrue(Files.notExists(sides.rdcpCopy("bare/d/old")));
        assertTrue(Files.isRegularFile(sides.rdcpCopy("file/stale")));
        assertTrue(Files.notExists(tmp.resolve("rdcp-pulled-slash/stale")));
        assertTrue(Files.notExists(tmp.resolve("rdcp-pulled-bare/d/old")));
    }

    /** A NUL-separated list (-0), read from standard input as find -print0 writes it. */
    @Test
    void aNulSeparatedListOnStandardInput() throws Exception {
        byte[] names = "a/b/f\0d/\0top\0".getBytes(StandardCharsets.UTF_8);
        List<String> options = List.of("-a", "-0", "--files-from=-", "--no-R");

        sides.push(0, names, options, "nul/", "src/");
        sides.pull(names, options, "", "pulled-nul/");

        assertTrue(Files.isRegularFile(sides.rdcpCopy("nul/f")));
        assertTrue(Files.isRegularFile(sides.rdcpCopy("nul/g")));
        assertTrue(Files.isRegularFile(tmp.resolve("rdcp-pulled-nul/top")));
    }

    /**
     * Under --no-R "/./" marks nothing: "d/./sub/h" is d/sub/h, arriving as h; as rsync's
     * sanitize_path, a ".." with nothing before it is dropped ("../top" is top in the base) and
     * "d/sub/.." names d's contents.
     */
    @Test
    void dotDirectoriesMeanNothingAndNamesStayBeneathTheBase() throws Exception {
        SideBySide.write(tmp, "top", 99);

        bothWays("d/./sub/h\n../top\n", "dots", "-a", "--no-R");
        bothWays("d/sub/..\n", "up", "-a", "--no-R");

        assertTrue(Files.isRegularFile(sides.rdcpCopy("dots/h")));
        assertEquals(10, Files.size(sides.rdcpCopy("dots/top")), "the base's top, not the one above it");
        assertTrue(Files.isRegularFile(sides.rdcpCopy("up/g")));
        assertTrue(Files.isDirectory(sides.rdcpCopy("up/sub")));
    }

    /**
     * A daemon resolves each --no-R name as it resolves any source, beneath its root: one reached
     * through a symlink leading out of the root fails alone (23) and nothing outside is read, and
     * the client has already dropped the ".." that would climb above the base.
     */
    @Test
    void aDaemonResolvesEachNameBeneathItsRoot() throws Exception {
        SideBySide.write(tmp, "outside/secret", 10);
        sides.push(0, List.of("-a"), "", "src/");
        Files.createSymbolicLink(sides.served.resolve("rdcp/out"), tmp.resolve("outside"));
        Path target = Files.createDirectories(tmp.resolve("climbed"));

        Cli.Result pull = sides.rdcp("-a", "--no-R", "--files-from=" + list("out/secret\n../../outside/secret\n../top\n"),
                "127.0.0.1::rdcp/", target + "/");

        assertEquals(23, pull.exitCode(), pull.toString());
        assertTrue(Files.isRegularFile(target.resolve("top")), pull.toString());
        assertTrue(Files.notExists(target.resolve("secret")), pull.toString());
    }

    /**
     * An empty list sends nothing, as rsync: a push makes only a DEST named with a slash, and a
     * pull none (a pull's request, which must name a path, asks as -R's would: it failed, exit 12).
     */
    @Test
    void anEmptyListSendsNothing() throws Exception {
        Path empty = list("");
        sides.push(0, List.of("-a", "--no-R", "--files-from=" + empty), "none", "src/");
        sides.push(0, List.of("-a", "--no-R", "--files-from=" + empty), "made/", "src/");
        assertTrue(Files.notExists(sides.rdcpCopy("none")));
        assertTrue(Files.isDirectory(sides.rdcpCopy("made")));

        for (String destination : List.of("pulled-none", "pulled-none-either/")) {
            Path target = tmp.resolve(destination);
            Cli.Result pull = sides.rdcp("-a", "--no-R", "--files-from=" + empty, "127.0.0.1::rdcp/",
                    target + (destination.endsWith("/") ? "/" : ""));
            assertEquals(0, pull.exitCode(), pull.toString());
            assertTrue(Files.notExists(target), destination);
        }
    }

    /** As an operand: one listed file into a DEST without a slash is copied as DEST; a missing name fails (23), the rest copied. */
    @Test
    void aLoneFileBecomesTheDestinationAndAMissingNameFailsAlone() throws Exception {
        sides.push(0, List.of("-a", "--no-R", "--files-from=" + list("a/b/f\n")), "single", "src/");
        assertTrue(Files.isRegularFile(sides.rdcpCopy("single"), LinkOption.NOFOLLOW_LINKS));

        sides.push(23, List.of("-a", "--no-R", "--files-from=" + list("gone/x\ntop\n")), "missing/", "src/");
        assertTrue(Files.isRegularFile(sides.rdcpCopy("missing/top")));
    }
}
