package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A directory on the receiver where the sender has a file or a symlink, run by rdcp (over TCP,
 * to an in-process daemon) and by rsync on the same trees: trees and exit codes compared.
 */
class DirectoryInTheWayTest extends SideBySideTest {

    @BeforeEach
    void tree() throws Exception {
        SideBySide.write(sides.source, "f", 10);
        SideBySide.symlink(sides.source, "l", "f");
    }

    /** An empty directory is replaced, as rsync replaces it. */
    @Test
    void anEmptyDirectoryIsReplaced() throws Exception {
        for (String side : List.of("rsync", "rdcp")) {
            Files.createDirectories(sides.served.resolve(side + "/f"));
            Files.createDirectories(sides.served.resolve(side + "/l"));
        }
        sides.push(0, List.of("-a"), "", "src/");
        assertTrue(Files.isRegularFile(sides.served.resolve("rdcp/f")));
        assertTrue(Files.isSymbolicLink(sides.served.resolve("rdcp/l")));
    }

    /**
     * A dry run tells what the real one would: with an excluded file in the directory, it would
     * stay, so the file fails (23), as rsync's dry run says.
     */
    @Test
    void aDryRunTellsThatAnExcludedFileKeepsTheDirectory() throws Exception {
        for (String side : List.of("rsync", "rdcp")) {
            SideBySide.write(sides.served.resolve(side), "f/in.log", 3);
            SideBySide.write(sides.served.resolve(side), "f/other", 3);
        }
        Cli.Result result = sides.push(23, List.of("-rnv", "--delete", "--exclude=*.log"), "", "src/");
        assertTrue(result.out().contains("deleting f/other"), result.toString());
    }

    /**
     * A dry run where the receiver has a file, or a symlink to a directory, where the sender has
     * a directory: as rsync's, that directory and everything in it are itemized as new (nothing
     * beneath the file looked at), exit 0; --delete's lines for what stays elsewhere are there too.
     */
    @Test
    void aDryRunTakesWhatStandsWhereADirectoryComesAsReplaced() throws Exception {
        SideBySide.write(sides.source, "d/e/x", 3);
        SideBySide.write(sides.source, "d/y", 3);
        SideBySide.write(sides.source, "s/z", 3);
        for (String side : List.of("rsync", "rdcp")) {
            Path served = sides.served.resolve(side);
            SideBySide.write(served, "d", 3);
            SideBySide.write(served, "t/z", 4);
            SideBySide.symlink(served, "s", "t");
        }
        for (List<String> options : List.of(List.of("-ain", "--delete"), List.of("-an"))) {
            SideBySide.Outputs outputs = sides.push(0, new byte[0], options, "", "src/");
            assertEquals(ItemizedLines.of(outputs.rsync()), ItemizedLines.of(outputs.rdcp().out()), options.toString());
        }
        assertTrue(Files.isRegularFile(sides.served.resolve("rdcp/d")), "a dry run changes nothing");
    }

    /** One with contents stays (23) without --delete, and goes with it, as rsync. */
    @Test
    void aDirectoryWithContentsGoesOnlyWithDelete() throws Exception {
        contentsInTheWay();
        sides.push(23, List.of("-a"), "", "src/");
        sides.push(0, List.of("-a", "--delete"), "", "src/");
        assertTrue(Files.isRegularFile(sides.served.resolve("rdcp/f")));
    }

    /**
     * Without --delete or --force, rsync's note on stdout and its failure for each, exit 23:
     * rdcp's lines are rsync's.
     */
    @Test
    void aDirectoryWithContentsIsRsyncsNoteAndFailure() throws Exception {
        contentsInTheWay();
        Cli.Result rdcp = sides.push(23, List.of("-a"), "", "src/");
        RsyncComparison.Run rsync = RsyncComparison.run(tmp, "-a", "src/", "served/rsync/");
        List<String> expected = List.of("cannot delete non-empty directory: f", "cannot delete non-empty directory: l",
                "could not make way for new regular file: f", "could not make way for new symlink: l");
        assertEquals(expected, inTheWay(rsync.output()));
        assertEquals(expected, inTheWay(rdcp.out() + rdcp.err().replace("rdcp: ", "")));
    }

    /**
     * In one stream, as a terminal shows them, the failure and the note come in rsync's order: a
     * local copy's failure first (rsync's receiver prints it, its sender the note it is sent
     * later), a push to a daemon's and a pull's note first (rsync's daemon sends both as they come
     * up, and a pull's receiver prints both).
     */
    @Test
    void theFailureAndTheNoteComeInRsyncsOrder() throws Exception {
        for (Path into : List.of(sides.served.resolve("rsync"), sides.served.resolve("rdcp"),
                sides.served.resolve("daemon-rsync"), sides.served.resolve("rdcp/daemon"), tmp.resolve("pulled-rsync"),
                tmp.resolve("pulled-rdcp"))) {
            SideBySide.write(into, "f/inner/x", 3);
        }
        RsyncComparison.Run local = RsyncComparison.run(tmp, "-a", "src/f", "served/rsync/");
        Cli.Result rdcpLocal = Cli.together("-a", sides.source.resolve("f").toString(), sides.served.resolve("rdcp") + "/");
        List<String> failureFirst = List.of("could not make way for new regular file: f",
                "cannot delete non-empty directory: f");
        assertEquals(failureFirst, inTheWayInOrder(local.output()));
        assertEquals(failureFirst, inTheWayInOrder(rdcpLocal.out()), rdcpLocal::toString);

        Path conf = Files.writeString(tmp.resolve("rsyncd.conf"), "use chroot = no\nuid = "
                + Files.getAttribute(tmp, "unix:uid") + "\ngid = " + Files.getAttribute(tmp, "unix:gid")
                + "\n[m]\npath = " + sides.served.resolve("daemon-rsync") + "\nread only = no\n"
                + "[src]\npath = " + sides.source + "\n");
        RsyncComparison.Run daemon = RsyncComparison.runWithDaemon(tmp, conf, "-a", "src/f", "127.0.0.1::m/");
        Cli.Result rdcpDaemon = sides.rdcpTogether("-a", sides.source.resolve("f").toString(),
                "127.0.0.1::rdcp/daemon/");
        assertEquals(23, daemon.exitCode(), daemon::output);
        assertEquals(23, rdcpDaemon.exitCode(), rdcpDaemon::toString);
        assertEquals(List.of(failureFirst.get(1), failureFirst.get(0)), inTheWayInOrder(daemon.output()));
        assertEquals(inTheWayInOrder(daemon.output()), inTheWayInOrder(rdcpDaemon.out()), rdcpDaemon::toString);

        Files.createDirectories(sides.served.resolve("exported"));
        SideBySide.write(sides.served.resolve("exported"), "f", 10);
        RsyncComparison.Run pull = RsyncComparison.runWithDaemon(tmp, conf, "-a", "127.0.0.1::src/f", "pulled-rsync/");
        Cli.Result rdcpPull = sides.rdcpTogether("-a", "127.0.0.1::exported/f", tmp.resolve("pulled-rdcp") + "/");
        assertEquals(inTheWayInOrder(daemon.output()), inTheWayInOrder(pull.output()));
        assertEquals(inTheWayInOrder(pull.output()), inTheWayInOrder(rdcpPull.out()), rdcpPull::toString);
    }

    /** The in-the-way lines as they come, rdcp's "rdcp: " dropped. */
    private static List<String> inTheWayInOrder(String output) {
        return output.lines().map(line -> line.replaceFirst("^rdcp: ", ""))
                .filter(line -> line.startsWith("cannot delete") || line.startsWith("could not make way")).toList();
    }

    /** --force clears such a directory without --delete, as rsync: its contents' deletions are shown, not the directory's. */
    @Test
    void forceClearsADirectoryWithContents() throws Exception {
        contentsInTheWay();
        Cli.Result result = sides.push(0, List.of("-ai", "--force"), "", "src/");
        assertTrue(Files.isRegularFile(sides.served.resolve("rdcp/f")));
        assertTrue(Files.isSymbolicLink(sides.served.resolve("rdcp/l")));
        assertEquals(List.of("*deleting   f/inner/", "*deleting   f/inner/x", "*deleting   l/y"),
                result.out().lines().filter(line -> line.startsWith("*deleting")).sorted().toList());
    }

    /** f/inner/x and l/y on both sides, where src has a file f and a symlink l. */
    private void contentsInTheWay() throws Exception {
        for (String side : List.of("rsync", "rdcp")) {
            SideBySide.write(sides.served.resolve(side), "f/inner/x", 3);
            SideBySide.write(sides.served.resolve(side), "l/y", 3);
        }
    }

    private static List<String> inTheWay(String output) {
        return output.lines().filter(line -> line.startsWith("cannot delete") || line.startsWith("could not make way"))
                .sorted().toList();
    }
}
