package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * rsync's options about symlinks beside rsync: pushes to the in-process daemon and pulls from
 * it, trees, exit codes and messages compared.
 */
class SymlinkOptionsTest extends SideBySideTest {

    private Path outside;

    /**
     * src: a, d/f, d/e/g, link -> a, dirlink -> d, d/up -> ../a, d/e/far -> ../../a; outside the
     * tree, beside the scratch directory's src: outside.txt.
     */
    @BeforeEach
    void tree() throws Exception {
        SideBySide.write(sides.source, "a", 10);
        SideBySide.write(sides.source, "d/f", 20);
        SideBySide.write(sides.source, "d/e/g", 30);
        SideBySide.symlink(sides.source, "link", "a");
        SideBySide.symlink(sides.source, "dirlink", "d");
        SideBySide.symlink(sides.source, "d/up", "../a");
        SideBySide.symlink(sides.source, "d/e/far", "../../a");
        outside = tmp.resolve("outside.txt");
        SideBySide.writeText(tmp, "outside.txt", "outside");
    }

    /** The lines of rdcp's stderr but the TCP warning. */
    private static List<String> errors(Cli.Result result) {
        return result.err().lines().filter(l -> !l.startsWith("rdcp: warning: copying over TCP")).toList();
    }

    /**
     * -L sends files and directories in place of the symlinks that lead to them, wherever they
     * lead on the client (as rsync, outside the operand too); a dangling symlink fails alone
     * with rsync's message (23).
     */
    @Test
    void copyLinksSendsWhatSymlinksLeadTo() throws Exception {
        SideBySide.symlink(sides.source, "abs", outside.toString());
        SideBySide.symlink(sides.source, "d/climb", "../../outside.txt");
        SideBySide.symlink(sides.source, "broken", "missing");

        Cli.Result result = sides.push(23, List.of("-aL"), "", "src/");

        assertTrue(Files.isDirectory(sides.served.resolve("rdcp/dirlink/e"), LinkOption.NOFOLLOW_LINKS));
        assertEquals("outside", Files.readString(sides.served.resolve("rdcp/d/climb")));
        assertEquals(List.of("rdcp: symlink has no referent: \"" + sides.source.resolve("broken") + "\""),
                errors(result));
    }

    /** A symlink named as an operand is what it leads to, with -L as rsync's. */
    @Test
    void copyLinksFollowsSymlinkOperands() throws Exception {
        sides.push(0, List.of("-aL"), "ops/", "src/link", "src/dirlink");
        assertTrue(Files.isRegularFile(sides.served.resolve("rdcp/ops/link"), LinkOption.NOFOLLOW_LINKS));
    }

    /**
     * A symlink back to a directory being walked: rsync walks the loop until the path holds 40
     * symlinks and then fails (23); rdcp lists the directory once more, does not walk it, and
     * fails the same way.
     */
    @Test
    void aDirectoryLoopEndsWithExitTwentyThree() throws Exception {
        SideBySide.symlink(sides.source, "d/e/back", "..");
        RsyncComparison.Run rsync = RsyncComparison.run(tmp, "-aL", "src/", "rsync-loop/");
        assertEquals(23, rsync.exitCode(), rsync.output());

        Cli.Result result = sides.rdcp("-aL", sides.source + "/", tmp.resolve("rdcp-loop") + "/");

        assertEquals(23, result.exitCode(), result.toString());
        assertEquals(List.of("rdcp: cannot read directory d/e/back: Too many levels of symbolic links (it is d again)",
                "rdcp: cannot read directory dirlink/e/back: Too many levels of symbolic links (it is dirlink again)"),
                errors(result));
        Path back = tmp.resolve("rdcp-loop/d/e/back");
        assertTrue(Files.isDirectory(back, LinkOption.NOFOLLOW_LINKS));
        try (var inside = Files.list(back)) {
            assertEquals(0, inside.count());
        }
        assertTrue(Files.isRegularFile(tmp.resolve("rdcp-loop/dirlink/e/g")));
    }

    /**
     * A pull with -L from a daemon follows a symlink only while it stays beneath the served
     * directory: one leading out fails alone (23), named as leading outside; the rest arrives as
     * rsync pulls it.
     */
    @Test
    void aDaemonFollowsOnlySymlinksThatStayInside() throws Exception {
        Path exported = Files.createDirectories(sides.served.resolve("exported"));
        RsyncComparison.rsync(tmp, "-a", "src/", exported + "/");
        SideBySide.symlink(exported, "abs", outside.toString());
        SideBySide.symlink(exported, "d/climb", "../../../outside.txt");
        RsyncComparison.rsync(tmp, "-aL", "--exclude=abs", "--exclude=climb", exported + "/", "rsync-p/");

        Cli.Result result = sides.rdcp("-aL", "127.0.0.1::exported/", tmp.resolve("rdcp-p") + "/");

        assertEquals(23, result.exitCode(), result.toString());
        List<String> leading = new ArrayList<>(errors(result));
        leading.sort(null);
        assertEquals(List.of("rdcp: abs: a symlink on the way leads outside the directory being copied from or to",
                "rdcp: d/climb: a symlink on the way leads outside the directory being copied from or to",
                "rdcp: dirlink/climb: a symlink on the way leads outside the directory being copied from or to"),
                leading);
        RsyncComparison.assertSameTree(tmp.resolve("rsync-p"), tmp.resolve("rdcp-p"));
    }

    /** The "ignoring unsafe symlink" lines of {@code output}, sorted. */
    private static List<String> ignoring(String output) {
        return output.lines().filter(l -> l.startsWith("ignoring unsafe symlink")).sorted().toList();
    }

    /**
     * --safe-links: the receiver makes no symlink that is absolute or climbs above the top of the
     * transfer (counted from the link's own depth), and leaves what has its name alone, --delete
     * or not; -v says so for each, as rsync says it, on a push and on a pull.
     */
    @Test
    void safeLinksIgnoresUnsafeSymlinks() throws Exception {
        SideBySide.symlink(sides.source, "abs", outside.toString());
        SideBySide.symlink(sides.source, "d/e/climb", "../../../outside.txt");
        sides.bothSides("abs", 5);
        sides.bothSides("extra", 5);

        Cli.Result push = sides.push(0, List.of("-av", "--safe-links", "--delete"), "", "src/");

        List<String> expected = List.of("ignoring unsafe symlink \"abs\" -> \"" + outside + "\"",
                "ignoring unsafe symlink \"d/e/climb\" -> \"../../../outside.txt\"");
        assertEquals(expected, ignoring(push.out()), push.toString());
        assertTrue(Files.isSymbolicLink(sides.served.resolve("rdcp/d/e/far")));

        Path exported = Files.createDirectories(sides.served.resolve("exported"));
        RsyncComparison.rsync(tmp, "-a", "src/", exported + "/");
        String rsync = RsyncComparison.rsync(tmp, "-av", "--safe-links", exported + "/", "rsync-p/");
        Cli.Result pull = sides.rdcp("-av", "--safe-links", "127.0.0.1::exported/", tmp.resolve("rdcp-p") + "/");
        assertEquals(0, pull.exitCode(), pull.toString());
        assertEquals(ignoring(rsync), ignoring(pull.out()));
        assertEquals(expected, ignoring(pull.out()));
        RsyncComparison.assertSameTree(tmp.resolve("rsync-p"), tmp.resolve("rdcp-p"));
    }

    /** As rsync: only -v (--info=symsafe) tells of an unsafe symlink left out, not -i alone. */
    @Test
    void itemizingAloneDoesNotTellOfUnsafeSymlinks() throws Exception {
        SideBySide.symlink(sides.source, "abs", outside.toString());
        Cli.Result push = sides.push(0, List.of("-ai", "--safe-links"), "", "src/");
        assertEquals(List.of(), ignoring(push.out()), push.toString());
        Cli.Result told = sides.rdcp("-ai", "--info=symsafe", "--safe-links", sides.source + "/", "127.0.0.1::told/");
        assertEquals(List.of("ignoring unsafe symlink \"abs\" -> \"" + outside + "\""), ignoring(told.out()), told.toString());
    }

    /**
     * --copy-unsafe-links: only the symlinks --safe-links calls unsafe are followed, whether
     * they lead to a file or a directory; a dangling one fails alone (23), the safe ones stay
     * symlinks.
     */
    @Test
    void copyUnsafeLinksFollowsOnlyUnsafeSymlinks() throws Exception {
        SideBySide.writeText(tmp, "outdir/x", "x");
        SideBySide.symlink(sides.source, "abs", outside.toString());
        SideBySide.symlink(sides.source, "escdir", "../outdir");
        SideBySide.symlink(sides.source, "d/e/climb", "../../../outside.txt");
        SideBySide.symlink(sides.source, "d/gone", "../../missing");

        sides.push(23, List.of("-a", "--copy-unsafe-links"), "", "src/");

        assertTrue(Files.isRegularFile(sides.served.resolve("rdcp/escdir/x"), LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.isSymbolicLink(sides.served.resolve("rdcp/d/up")));
    }

    /**
     * A pull with --copy-unsafe-links counts from the top of the transfer (d/ here): d/up -> ../a
     * and d/e/far -> ../../a climb above it and are followed, still beneath the daemon's served
     * directory.
     */
    @Test
    void copyUnsafeLinksOnAPullCountsFromTheTopOfTheTransfer() throws Exception {
        sides.pull(List.of("-a", "--copy-unsafe-links"), "d/", "u/");
        assertTrue(Files.isRegularFile(tmp.resolve("rdcp-u/up"), LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.isRegularFile(tmp.resolve("rdcp-u/e/far"), LinkOption.NOFOLLOW_LINKS));
    }

    /**
     * -k: a symlink to a directory is sent as the directory (an operand too), one to a file stays
     * a symlink, pushed and pulled.
     */
    @Test
    void copyDirlinksSendsDirectoriesForSymlinksToThem() throws Exception {
        SideBySide.writeText(tmp, "outdir/x", "x");
        SideBySide.symlink(sides.source, "escdir", "../outdir");
        sides.push(0, List.of("-ak"), "", "src/");
        assertTrue(Files.isDirectory(sides.served.resolve("rdcp/escdir"), LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.isSymbolicLink(sides.served.resolve("rdcp/link")));

        sides.push(0, List.of("-ak"), "ops/", "src/dirlink");
        assertTrue(Files.isRegularFile(sides.served.resolve("rdcp/ops/dirlink/e/g")));

        Files.delete(sides.source.resolve("escdir"));
        sides.pull(List.of("-ak"), "", "k/");
        assertTrue(Files.isDirectory(tmp.resolve("rdcp-k/dirlink"), LinkOption.NOFOLLOW_LINKS));
    }

    /** In rsync's and rdcp's destination: {@code name} a symlink to {@code target}, a directory made if relative. */
    private void linkInBothDestinations(String name, String target) throws Exception {
        for (String side : List.of("rsync", "rdcp")) {
            Path destination = Files.createDirectories(sides.served.resolve(side));
            if (!target.startsWith("/")) {
                SideBySide.datedDirectory(destination.resolve(target));
            }
            SideBySide.symlink(destination, name, target);
        }
    }

    /**
     * -K: where the sender has a directory and the receiver a symlink to one, the symlink stays
     * and the entries go where it leads, -i lines as rsync's (the directory's unchanged time, no
     * line); a pull's receiver does the same.
     */
    @Test
    void keepDirlinksCopiesIntoTheDirectoryASymlinkLeadsTo() throws Exception {
        SideBySide.datedDirectory(sides.source.resolve("d/e"));
        SideBySide.datedDirectory(sides.source.resolve("d"));
        linkInBothDestinations("d", "real");

        Cli.Result push = sides.push(0, List.of("-aiK"), "", "src/");

        assertTrue(Files.isSymbolicLink(sides.served.resolve("rdcp/d")));
        assertTrue(Files.isRegularFile(sides.served.resolve("rdcp/real/e/g")));
        assertEquals(List.of("<f+++++++++ d/e/g", "<f+++++++++ d/f", "cL+++++++++ d/e/far -> ../../a",
                "cL+++++++++ d/up -> ../a", "cd+++++++++ d/e/"),
                push.out().lines().filter(l -> l.contains(" d/")).sorted().toList());

        for (String side : List.of("rsync-k", "rdcp-k")) {
            SideBySide.datedDirectory(tmp.resolve(side + "/real"));
            SideBySide.symlink(tmp.resolve(side), "d", "real");
        }
        sides.pull(List.of("-aK"), "", "k/");
        assertTrue(Files.isRegularFile(tmp.resolve("rdcp-k/real/f")));
    }

    /**
     * A kept symlink never leads out of the destination (rsync 3.5 refuses it too): the
     * directory and what it holds fail (23), the symlink stays and nothing is written outside.
     */
    @Test
    void keepDirlinksNeverLeadsOutOfTheDestination() throws Exception {
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        linkInBothDestinations("d", elsewhere.toString());
        // rsync gives the symlink the directory's time; rdcp leaves a symlink it does not keep alone.
        SideBySide.datedDirectory(sides.source.resolve("d"));

        sides.push(23, List.of("-aK"), "", "src/");

        assertTrue(Files.isSymbolicLink(sides.served.resolve("rdcp/d")));
        try (var written = Files.list(elsewhere)) {
            assertEquals(0, written.count());
        }
    }
}
