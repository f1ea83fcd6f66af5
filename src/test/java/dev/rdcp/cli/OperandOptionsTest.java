package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What rsync makes of operands that are symlinks, directories without -r, and --files-from
 * names that are missing, run by rdcp (over TCP, to an in-process daemon) and by rsync on the
 * same trees: trees and exit codes compared.
 */
class OperandOptionsTest extends SideBySideTest {

    /** src: a, d/f, sub/g, rel -> a, dirlink -> d. */
    @BeforeEach
    void tree() throws Exception {
        SideBySide.write(sides.source, "a", 10);
        SideBySide.write(sides.source, "d/f", 20);
        SideBySide.write(sides.source, "sub/g", 30);
        SideBySide.symlink(sides.source, "rel", "a");
        SideBySide.symlink(sides.source, "dirlink", "d");
    }

    /** A trailing slash follows a symlink to a directory, with -l (and -a) as without. */
    @Test
    void aTrailingSlashFollowsASymlinkToADirectory() throws Exception {
        sides.push(0, List.of("-a"), "", "src/dirlink/");
        assertTrue(Files.isRegularFile(sides.served.resolve("rdcp/f")));
    }

    /** Without -r a directory operand is skipped and said on stdout; the run still succeeds. */
    @Test
    void aDirectoryWithoutRecursionIsSkippedWithExitZero() throws Exception {
        Cli.Result result = sides.push(0, List.of("-t"), "", "src/a", "src/sub");
        assertTrue(result.out().lines().anyMatch("skipping directory sub"::equals), result.toString());
        assertEquals("", result.err().lines().filter(l -> !l.startsWith("rdcp: warning: copying over TCP"))
                .reduce("", String::concat), result.toString());
    }

    /** Without -l a symlink named as an operand is skipped, not followed. */
    @Test
    void aSymlinkOperandWithoutLinksIsSkipped() throws Exception {
        sides.push(0, List.of("-rt"), "", "src/rel", "src/dirlink");
        assertTrue(Files.notExists(sides.served.resolve("rdcp/dirlink")));
    }

    /**
     * "sub/../a" is "a", as rsync cleans it; a name above the base fails alone (23) and the rest
     * is copied, where it used to end the whole session.
     */
    @Test
    void filesFromNamesWithDotDotAreCleanedOrRefusedAlone() throws Exception {
        Path list = Files.writeString(tmp.resolve("list"), "sub/../a\nsub/g\n../outside\n");
        sides.push(23, List.of("-a", "--files-from=" + list), "", "src/");
        assertTrue(Files.isRegularFile(sides.served.resolve("rdcp/a")));
    }

    /**
     * A name whose directory is reached through a symlink, in --files-from or with -R: as rsync,
     * that directory is sent as the directory it leads to (it ended the session, exit 10).
     */
    @Test
    void anImpliedDirectoryThroughASymlinkIsSentAsTheDirectory() throws Exception {
        Path list = Files.writeString(tmp.resolve("list"), "dirlink/f\n");
        sides.push(0, List.of("-a", "--files-from=" + list), "ff/", "src/");
        assertTrue(Files.isDirectory(sides.served.resolve("rdcp/ff/dirlink"), java.nio.file.LinkOption.NOFOLLOW_LINKS));
        sides.push(0, List.of("-aR"), "rel/", "src/./dirlink/f");
    }

    /**
     * "/./" in a --files-from name marks where the kept path starts, as in a -R operand: "d/./f"
     * is read from d and arrives as f (it used to arrive as d/f). Pushed and pulled, where a
     * daemon reads it beneath its root.
     */
    @Test
    void aDotSlashMarkerInAFilesFromNameStartsTheKeptPath() throws Exception {
        Path list = Files.writeString(tmp.resolve("list"), "d/./f\nsub/./g\na\n");
        sides.push(0, List.of("-a", "--files-from=" + list), "ff/", "src/");
        assertTrue(Files.isRegularFile(sides.served.resolve("rdcp/ff/f")));
        assertTrue(Files.notExists(sides.served.resolve("rdcp/ff/d")));
        sides.pull(List.of("-a", "--files-from=" + list), "", "pulled/");
        assertTrue(Files.isRegularFile(tmp.resolve("rdcp-pulled/g")));
    }

    /** A ".." before the marker climbs out of the base: the name fails alone (23), as in rsync, and nothing outside is read. */
    @Test
    void aMarkedNameThatClimbsOutOfTheBaseFailsOnAPush() throws Exception {
        SideBySide.write(tmp, "outside/secret", 10);
        Path list = Files.writeString(tmp.resolve("list"), "../outside/./secret\na\n");
        sides.push(23, List.of("-a", "--files-from=" + list), "ff/", "src/");
        assertTrue(Files.notExists(sides.served.resolve("rdcp/ff/secret")));
        assertTrue(Files.isRegularFile(sides.served.resolve("rdcp/ff/a")));
    }

    /** A daemon checks each side of the marker: neither may climb out of the base. */
    @Test
    void aDaemonRefusesAMarkedNameThatClimbsOutOfTheBase() throws Exception {
        sides.push(0, List.of("-a"), "", "src/");
        Path target = Files.createDirectories(tmp.resolve("climbed"));
        Path list = Files.writeString(tmp.resolve("list"), "../rdcp/./a\nsub/./../a\nd/./f\n");

        Cli.Result pull = sides.rdcp("-a", "--files-from=" + list, "127.0.0.1::rdcp/", target + "/");

        assertEquals(23, pull.exitCode(), pull.toString());
        assertTrue(Files.isRegularFile(target.resolve("f")), "the good name still arrives");
        assertTrue(Files.notExists(target.resolve("a")), pull.toString());
    }

    /** --ignore-missing-args: missing sources and --files-from names are left out without a word, exit 0, as rsync. */
    @Test
    void ignoreMissingArgsLeavesOutWhatIsNotThere() throws Exception {
        Cli.Result push = sides.push(0, List.of("-a", "--ignore-missing-args"), "im/", "src/nosuch", "src/a");
        assertEquals("", push.err().lines().filter(l -> !l.startsWith("rdcp: warning: copying over TCP"))
                .reduce("", String::concat), push.toString());
        sides.push(0, List.of("-a", "--ignore-missing-args"), "none/", "src/nosuch");
        assertTrue(Files.isDirectory(sides.served.resolve("rdcp/none")), "the destination is made, as rsync makes it");

        Path list = Files.writeString(tmp.resolve("list"), "nosuch\ngone/x\nsub/g\n");
        sides.push(0, List.of("-a", "--ignore-missing-args", "--files-from=" + list), "ff/", "src/");
        sides.pull(List.of("-a", "--ignore-missing-args", "--files-from=" + list), "", "pulled/");
        assertTrue(Files.isRegularFile(tmp.resolve("rdcp-pulled/sub/g")));
    }

    /**
     * As rsync's sender, which lists a -R or --files-from name's implied directories only once it
     * finds the name: a missing sub/nosuch makes no sub/ (23, or 0 with --ignore-missing-args).
     */
    @Test
    void aMissingNameListsNoImpliedDirectory() throws Exception {
        Path list = Files.writeString(tmp.resolve("list"), "sub/nosuch\nd/gone/x\na\n");
        sides.push(23, List.of("-a", "--files-from=" + list), "ff/", "src/");
        sides.push(0, List.of("-a", "--ignore-missing-args", "--files-from=" + list), "im/", "src/");
        sides.push(23, List.of("-a", "-R"), "rel/", "src/./sub/nosuch", "src/./a");
        assertTrue(Files.isRegularFile(sides.served.resolve("rdcp/rel/a")));
        assertTrue(Files.notExists(sides.served.resolve("rdcp/ff/sub")));
        assertTrue(Files.notExists(sides.served.resolve("rdcp/rel/sub")));
        sides.pull(List.of("-a", "--ignore-missing-args", "--files-from=" + list), "", "pulled/");
        assertTrue(Files.notExists(tmp.resolve("rdcp-pulled/sub")));

        // The base a "./NAME" line names still comes first, as rsync's: DEST takes its time.
        SideBySide.datedDirectory(sides.source);
        Path baseFirst = Files.writeString(tmp.resolve("base-first"), "./nosuch\n");
        sides.push(23, List.of("-a", "--files-from=" + baseFirst), "bf/", "src/");
        assertEquals(Files.getLastModifiedTime(sides.served.resolve("rsync/bf")),
                Files.getLastModifiedTime(sides.rdcpCopy("bf")));
    }

    /**
     * rsync changes into an operand's directory before it looks for the operand: where that
     * directory is missing, --ignore-missing-args and --delete-missing-args do not spare it
     * (rsync's "change_dir failed", 23), on a push and on a pull.
     */
    @Test
    void missingArgsDoNotSpareAnOperandWhoseDirectoryIsMissing() throws Exception {
        for (String option : List.of("--ignore-missing-args", "--delete-missing-args")) {
            for (String operand : List.of("src/gone/x", "src/gone/")) {
                Cli.Result push = sides.push(23, List.of("-a", option), "p/", operand, "src/a");
                String shown = operand.replaceFirst("/$", "");
                assertTrue(push.err().contains(tmp.resolve(shown) + ": no such file or directory"), push.toString());
            }
        }
        Files.createDirectories(sides.served.resolve("exported"));
        RsyncComparison.Run rsync = RsyncComparison.run(tmp, "-a", "--ignore-missing-args",
                sides.served.resolve("exported/gone/x").toString(), "rsync-pulled/");
        Cli.Result pull = sides.rdcp("-a", "--ignore-missing-args", "127.0.0.1::exported/gone/x",
                tmp.resolve("rdcp-pulled") + "/");
        assertEquals(23, rsync.exitCode(), rsync.output());
        assertTrue(rsync.output().contains("change_dir"), rsync.output());
        assertEquals(23, pull.exitCode(), pull.toString());
        assertTrue(pull.err().contains("gone/x: no such file or directory"), pull.toString());
    }

    /**
     * When every source is missing, rsync still connects: it says so for each (23) and makes a
     * DEST named with a trailing slash ("created directory" with -v), and nothing for one without;
     * --ignore-missing-args as well, exit 0.
     */
    @Test
    void everySourceMissingStillMakesADestinationNamedAsADirectory() throws Exception {
        Cli.Result result = sides.push(23, List.of("-av"), "made/", "src/gone1", "src/gone2");
        assertTrue(result.out().lines().anyMatch("created directory rdcp/made"::equals), result.toString());
        assertEquals(List.of("rdcp: " + tmp.resolve("src/gone1") + ": no such file or directory",
                "rdcp: " + tmp.resolve("src/gone2") + ": no such file or directory"),
                result.err().lines().filter(l -> !l.startsWith("rdcp: warning: copying over TCP")).toList());
        assertTrue(Files.isDirectory(sides.served.resolve("rdcp/made")));
        sides.push(23, List.of("-a"), "file", "src/gone1", "src/gone2");
        sides.push(0, List.of("-a", "--ignore-missing-args"), "file", "src/gone1", "src/gone2");
        assertTrue(Files.notExists(sides.served.resolve("rdcp/file")));
    }

    /** A pull's sources (names beneath the module or directory), its options, its DEST and how it ends. */
    private record Pull(int exitCode, List<String> options, String destination, String... sources) {
    }

    /**
     * A pull whose sources are all missing makes no DEST, as rsync's client, whose receiver makes
     * it only once the list holds something to put there: one source or several, DEST named with a
     * trailing slash or not, or beneath a missing directory (no mkdir failure), each source told
     * (23); with --ignore-missing-args too (0), and -v says "created directory" for none of them.
     * One source that exists still makes it. From a daemon (rsync's own for rsync), with an
     * rsync:// URL, and over ssh. rdcp made a DEST named as a directory before the list came.
     */
    @Test
    void aPullOfOnlyMissingSourcesMakesNoDestination() throws Exception {
        Path exported = Files.createDirectories(sides.served.resolve("exported"));
        SideBySide.write(exported, "a", 10);
        Path conf = Files.writeString(tmp.resolve("rsyncd.conf"), "use chroot = no\nuid = "
                + Files.getAttribute(tmp, "unix:uid") + "\ngid = " + Files.getAttribute(tmp, "unix:gid")
                + "\n[exported]\npath = " + exported + "\n");
        FakeSsh ssh = FakeSsh.in(tmp);
        List<Pull> pulls = List.of(new Pull(23, List.of("-a"), "one", "gone1"),
                new Pull(23, List.of("-av"), "two", "gone1", "gone2"), new Pull(23, List.of("-av"), "slash/", "gone1"),
                new Pull(23, List.of("-a"), "both/", "gone1", "gone2"), new Pull(23, List.of("-a"), "up/deeper/", "gone1"),
                new Pull(0, List.of("-av", "--ignore-missing-args"), "ignored/", "gone1"),
                new Pull(23, List.of("-av"), "mixed/", "gone1", "a"));
        for (Pull pull : pulls) {
            String top = pull.destination().split("/")[0];
            RsyncComparison.Run rsync = RsyncComparison.runWithDaemon(tmp, conf,
                    pullArgs(pull, "127.0.0.1::exported/", "daemon-rsync-" + pull.destination()));
            Cli.Result daemon = sides.rdcp(pullArgs(pull, "127.0.0.1::exported/",
                    tmp.resolve("daemon-rdcp-" + pull.destination()) + ""));
            assertPulledAsRsync(pull, rsync, daemon, "daemon-rsync-" + top, "daemon-rdcp-" + top);
            Cli.Result url = sides.rdcp(pullArgs(pull, "rsync://127.0.0.1/exported/",
                    tmp.resolve("url-rdcp-" + pull.destination()) + ""));
            assertPulledAsRsync(pull, rsync, url, "daemon-rsync-" + top, "url-rdcp-" + top);
            RsyncComparison.Run sshRsync = RsyncComparison.run(tmp, with(List.of("-e", ssh.rsh()),
                    pullArgs(pull, "127.0.0.1:" + exported + "/", "ssh-rsync-" + pull.destination())));
            Cli.Result sshRdcp = Cli.rdcp(with(ssh.rdcpOptions(), pullArgs(pull, "127.0.0.1:" + exported + "/",
                    tmp.resolve("ssh-rdcp-" + pull.destination()) + "")));
            assertPulledAsRsync(pull, sshRsync, sshRdcp, "ssh-rsync-" + top, "ssh-rdcp-" + top);
        }
        assertTrue(Files.isRegularFile(tmp.resolve("daemon-rdcp-mixed/a")));
        assertTrue(Files.notExists(tmp.resolve("daemon-rdcp-slash")));
    }

    /** The pull's options, each source beneath {@code base}, then {@code destination}. */
    private static String[] pullArgs(Pull pull, String base, String destination) {
        List<String> args = new java.util.ArrayList<>(pull.options());
        for (String source : pull.sources()) {
            args.add(base + source);
        }
        args.add(destination + (pull.destination().endsWith("/") ? "/" : ""));
        return args.toArray(String[]::new);
    }

    private static String[] with(List<String> first, String... rest) {
        List<String> args = new java.util.ArrayList<>(first);
        args.addAll(List.of(rest));
        return args.toArray(String[]::new);
    }

    /**
     * rdcp's pull ended as rsync's: its exit code, a DEST (named {@code rdcpTop} beside rsync's
     * {@code rsyncTop}) made or not, "created directory" said or not, and a line for each source
     * missing.
     */
    private void assertPulledAsRsync(Pull pull, RsyncComparison.Run rsync, Cli.Result rdcp, String rsyncTop,
            String rdcpTop) {
        String what = pull.options() + " " + List.of(pull.sources()) + " " + pull.destination() + ": " + rdcp;
        assertEquals(pull.exitCode(), rsync.exitCode(), rsync::output);
        assertEquals(pull.exitCode(), rdcp.exitCode(), what);
        assertEquals(Files.exists(tmp.resolve(rsyncTop)), Files.exists(tmp.resolve(rdcpTop)), what);
        assertEquals(rsync.output().contains("created directory"), rdcp.out().contains("created directory"), what);
        assertEquals(rsync.output().lines().filter(l -> l.contains("No such file or directory")).count(),
                rdcp.err().lines().filter(l -> l.endsWith(": no such file or directory")).count(), what);
    }

    /** An operand beneath a file fails with the reason, named as the user named it (it said "x"). */
    @Test
    void anOperandBeneathAFileIsNamedWithTheReason() throws Exception {
        String line = "rdcp: " + tmp.resolve("src/a/x") + ": Not a directory";
        Cli.Result push = sides.push(23, List.of("-a"), "n/", "src/a/x", "src/sub/g");
        assertTrue(push.err().lines().anyMatch(line::equals), push.toString());
        Cli.Result alone = sides.rdcp("-a", tmp.resolve("src/a/x").toString(), "127.0.0.1::rdcp/alone/");
        assertEquals(23, alone.exitCode(), alone.toString());
        assertEquals(List.of(line), alone.err().lines().toList());
    }

    /**
     * A line starting "./" lists the base directory too, as rsync's (its "./" line: "cd+++++++++ ./"
     * into a new destination), on a push and on a pull; "././a" and "sub/./g" do not.
     */
    @Test
    void aDotSlashLineListsTheBaseDirectoryAsRsync() throws Exception {
        for (String lines : List.of("sub/g\n./a\n", "././a\nsub/./g\n")) {
            Path list = Files.writeString(tmp.resolve("list"), lines);
            String destination = "ff" + lines.length() + "/";
            SideBySide.Outputs pushed = sides.push(0, new byte[0], List.of("-ai", "--files-from=" + list), destination,
                    "src/");
            assertEquals(ItemizedLines.of(pushed.rsync()), ItemizedLines.of(pushed.rdcp().out()), lines);
            assertEquals(lines.startsWith("sub/g"), pushed.rdcp().out().contains("cd+++++++++ ./"), pushed.rdcp()::toString);
        }
        RsyncComparison.rsync(tmp, "-a", "src/", sides.served.resolve("exported") + "/");
        Path list = Files.writeString(tmp.resolve("list"), "./a\n");
        List<List<String>> pulled = sides.pullLines("-ai", "--files-from=" + list);
        assertEquals(ItemizedLines.of(String.join("\n", pulled.get(0))), ItemizedLines.of(String.join("\n", pulled.get(1))));
        assertTrue(pulled.get(1).contains("cd+++++++++ ./"), pulled.toString());
    }

    /**
     * A "./" line after a name, with -r and --delete: "." is walked again, and as rsync what the
     * name brought stays (rdcp's receiver deleted p and all in it when "." ended, then failed
     * the files it had just received, exit 23).
     */
    @Test
    void aDotSlashLineAfterANameWithDeleteKeepsWhatTheNameBrought() throws Exception {
        SideBySide.write(sides.source, "p/q/g", 10);
        SideBySide.write(sides.source, "p/q/r/f", 20);
        Path list = Files.writeString(tmp.resolve("list"), "p/q/g\n./\n");

        sides.push(0, List.of("-a", "-r", "--delete", "--files-from=" + list), "d/", "src/");

        assertTrue(Files.isRegularFile(sides.rdcpCopy("d/p/q/g")));
        assertTrue(Files.isRegularFile(sides.rdcpCopy("d/p/q/r/f")));
    }

    /** A --files-from name whose directory is missing is a missing file (23), not a vanished one (24). */
    @Test
    void aFilesFromNameInAMissingDirectoryIsMissing() throws Exception {
        Path list = Files.writeString(tmp.resolve("list"), "gone/x\na\n");
        sides.push(23, List.of("-a", "--files-from=" + list), "", "src/");
    }
}
