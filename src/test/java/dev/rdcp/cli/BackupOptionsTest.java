package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** -b, --suffix and --backup-dir beside rsync: the trees, backups included, compared. */
class BackupOptionsTest extends SideBySideTest {


    @BeforeEach
    void start() throws IOException {
        SideBySide.write(sides.source, "a.txt", 10);
        SideBySide.write(sides.source, "sub/b.bin", 200_000);
        SideBySide.write(sides.source, "same.txt", 7);
        SideBySide.symlink(sides.source, "link", "a.txt");
        sides.bothSides("a.txt", 3);
        sides.bothSides("sub/b.bin", 4);
        for (String side : List.of("rsync", "rdcp")) {
            Files.copy(sides.source.resolve("same.txt"), sides.served.resolve(side + "/same.txt"),
                    java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
            // Dated like the rest: two links made "now" differ by the time between them, and -b keeps each one's.
            SideBySide.symlink(sides.served.resolve(side), "link", "elsewhere");
        }
        sides.bothSides("gone/old.txt", 5);
        sides.bothSides("extra.txt", 6);
        sides.bothSides("kept~", 2);
    }

    @Test
    void backupKeepsReplacedFilesAndSymlinksWithATilde() throws Exception {
        sides.push(0, List.of("-a", "-b"), "", "src/");
        assertEquals(3, Files.size(sides.served.resolve("rdcp/a.txt~")));
        assertTrue(Files.isSymbolicLink(sides.served.resolve("rdcp/link~")));
        assertFalse(Files.exists(sides.served.resolve("rdcp/same.txt~")), "up to date: no backup");
    }

    @Test
    void backupWithDeleteKeepsDeletedFilesAndLeavesBackupsAlone() throws Exception {
        sides.push(0, List.of("-a", "-b", "--delete"), "", "src/");
        assertTrue(Files.exists(sides.served.resolve("rdcp/extra.txt~")));
        assertTrue(Files.exists(sides.served.resolve("rdcp/gone/old.txt~")));
        assertTrue(Files.exists(sides.served.resolve("rdcp/kept~")));
    }

    /** As rsync: -b without --backup-dir implies --omit-dir-times, so directories keep the time of the copy. */
    @Test
    void backupLeavesDirectoryTimesAsRsyncDoes() throws Exception {
        java.nio.file.attribute.FileTime old = java.nio.file.attribute.FileTime.from(SideBySide.OLD);
        Files.setLastModifiedTime(sides.source.resolve("sub"), old);
        Cli.Result result = sides.push(0, List.of("-a", "-b", "-i"), "", "src/");
        assertFalse(Files.getLastModifiedTime(sides.served.resolve("rdcp/sub")).equals(old), "the directory's time is not set");
        assertFalse(result.out().contains(".d..t"), result.out());
        sides.push(0, List.of("-a", "--backup-dir=bak"), "", "src/");
        assertEquals(old, Files.getLastModifiedTime(sides.served.resolve("rdcp/sub")), "with a backup directory it is");
    }

    /** As rsync: a directory made in --backup-dir for a directory of the destination takes its permissions. */
    @Test
    void backupDirectoriesTakeTheirDirectorysPermissions() throws Exception {
        SideBySide.chmod(sides.source.resolve("sub"), 0750);
        for (String side : List.of("rsync", "rdcp")) {
            SideBySide.chmod(sides.served.resolve(side + "/sub"), 0750);
        }
        sides.push(0, List.of("-a", "--backup-dir=bak"), "", "src/");
        assertEquals(0750, SideBySide.mode(sides.served.resolve("rsync/bak/sub")));
        assertEquals(0750, SideBySide.mode(sides.served.resolve("rdcp/bak/sub")));
    }

    @Test
    void aSuffixOfItsOwn() throws Exception {
        sides.push(0, List.of("-a", "-b", "--suffix=.bak", "--delete"), "", "src/");
        assertTrue(Files.exists(sides.served.resolve("rdcp/sub/b.bin.bak")));
    }

    @Test
    void aBackupDirectoryInsideTheDestination() throws Exception {
        sides.push(0, List.of("-a", "--backup-dir=old/days", "--delete"), "", "src/");
        assertEquals(4, Files.size(sides.served.resolve("rdcp/old/days/sub/b.bin")));
    }

    @Test
    void aBackupDirectoryWithASuffix() throws Exception {
        sides.push(0, List.of("-a", "--backup-dir=bk", "--suffix=.1"), "", "src/");
        assertTrue(Files.exists(sides.served.resolve("rdcp/bk/a.txt.1")));
    }

    /** rsync keeps a file or symlink that a directory from the sender replaces, as any other it replaces. */
    @Test
    void whatADirectoryReplacesIsKept() throws Exception {
        SideBySide.write(sides.source, "became/f", 4);
        SideBySide.write(sides.source, "sub/linked/g", 5);
        List<List<String>> runs = List.of(List.of("-a", "-b"), List.of("-a", "-b", "--suffix=.old"),
                List.of("-a", "--backup-dir=bk"), List.of("-a", "--backup-dir=bk", "--suffix=.s"));
        for (int run = 0; run < runs.size(); run++) {
            for (String side : List.of("rsync", "rdcp")) {
                SideBySide.write(sides.served.resolve(side), "d" + run + "/became", 8);
                SideBySide.write(sides.served.resolve(side), "d" + run + "/sub/b.bin", 4);
                SideBySide.symlink(sides.served.resolve(side + "/d" + run + "/sub"), "linked", "nowhere");
            }
            sides.push(0, runs.get(run), "d" + run + "/", "src/");
        }
        assertEquals(8, Files.size(sides.served.resolve("rdcp/d0/became~")));
        assertTrue(Files.isSymbolicLink(sides.served.resolve("rdcp/d1/sub/linked.old")));
        assertEquals(8, Files.size(sides.served.resolve("rdcp/d2/bk/became")));
        assertTrue(Files.isSymbolicLink(sides.served.resolve("rdcp/d3/bk/sub/linked.s")));
    }

    /**
     * A directory standing at the backup name, empty or not, is deleted with what it holds to make
     * way for the backup, as rsync's make_backup deletes it: for a file replaced, and for one that
     * a directory from the sender replaces.
     */
    @Test
    void aDirectoryAtTheBackupNameMakesWayForTheBackup() throws Exception {
        SideBySide.write(sides.source, "became/f", 4);
        for (String side : List.of("rsync", "rdcp")) {
            SideBySide.write(sides.served.resolve(side), "a.txt~/inner/x", 3);
            Files.createDirectories(sides.served.resolve(side + "/sub/b.bin~"));
            SideBySide.write(sides.served.resolve(side), "became", 8);
            SideBySide.write(sides.served.resolve(side), "became~/y", 2);
        }
        sides.push(0, List.of("-a", "-b"), "", "src/");
        assertEquals(3, Files.size(sides.served.resolve("rdcp/a.txt~")));
        assertEquals(4, Files.size(sides.served.resolve("rdcp/sub/b.bin~")));
        assertEquals(8, Files.size(sides.served.resolve("rdcp/became~")));
    }

    /** As rsync, a file that a hard link of the sender's replaces is kept too. */
    @Test
    void whatAHardLinkReplacesIsKept() throws Exception {
        Files.createLink(sides.source.resolve("a-too.txt"), sides.source.resolve("a.txt"));
        sides.bothSides("a-too.txt", 9);
        sides.push(0, List.of("-a", "-H", "-b"), "", "src/");
        assertEquals(9, Files.size(sides.served.resolve("rdcp/a-too.txt~")));
    }

    @Test
    void backupOnAPull() throws Exception {
        for (String side : List.of("rsync", "rdcp")) {
            SideBySide.write(tmp.resolve(side + "-pulled"), "a.txt", 1);
        }
        sides.pull(List.of("-a", "-b"), "", "pulled/");
        assertTrue(Files.exists(tmp.resolve("rdcp-pulled/a.txt~")));
    }

    /**
     * --info=backup, and -vv which implies it: rsync's "backed up NAME to BACKUP" for each backup,
     * after "(new) backup_dir is DIR" with --backup-dir, where the receiving side runs in rdcp's own
     * process: a local copy (its server in a thread) and a pull.
     */
    @Test
    void infoBackupTellsEachBackupOnALocalCopyAndAPull() throws Exception {
        List<List<String>> runs = List.of(List.of("-a", "--info=backup", "-b", "--delete"),
                List.of("-avv", "-b", "--delete"), List.of("-a", "--info=backup", "--backup-dir=bk", "--delete"));
        for (int run = 0; run < runs.size(); run++) {
            List<String> options = runs.get(run);
            // Each run into copies of the destinations as they were set up.
            String rsyncCopy = "served/rsync-" + run + "/";
            Path rdcpCopy = sides.served.resolve("rdcp-" + run);
            RsyncComparison.rsync(tmp, "-a", "served/rsync/", rsyncCopy);
            RsyncComparison.rsync(tmp, "-a", "served/rdcp/", rdcpCopy + "/");
            String rsync = backedUpLines(RsyncComparison.run(tmp, with(options, "src/", rsyncCopy)).output());
            Cli.Result local = Cli.rdcp(with(options, sides.source + "/", rdcpCopy + "/"));
            assertEquals(0, local.exitCode(), local::toString);
            assertTrue(rsync.contains("backed up extra.txt to "), rsync);
            assertEquals(rsync, backedUpLines(local.out()), options.toString());
        }
        RsyncComparison.rsync(tmp, "-a", "src/", sides.served.resolve("exported") + "/");
        for (String side : List.of("rsync", "rdcp")) {
            SideBySide.write(tmp.resolve(side + "-p"), "a.txt", 1);
            SideBySide.write(tmp.resolve(side + "-p"), "gone.txt", 1);
        }
        List<List<String>> pulled = sides.pullLines("-a", "--info=backup", "--backup-dir=bk", "--delete");
        assertEquals(List.of("(new) backup_dir is bk", "backed up a.txt to bk/a.txt", "backed up gone.txt to bk/gone.txt"),
                pulled.get(0).stream().filter(line -> line.startsWith("backed up") || line.startsWith("(new)")).toList());
        assertEquals(pulled.get(0), pulled.get(1));
    }

    /**
     * A push over ssh tells the backups as rsync's: its server, the receiving side, has the
     * client print "backed up NAME to BACKUP" for each, after "(new) backup_dir is DIR" (or
     * "backup_dir is DIR" where it is there already), with --info=backup and with -vv (extended
     * REQUEST flag 5); rdcp's server told none. A push to a daemon tells none, as rsync's daemon.
     */
    @Test
    void aPushOverSshTellsItsBackupsAsRsync() throws Exception {
        FakeSsh ssh = FakeSsh.in(tmp);
        List<List<String>> runs = List.of(List.of("-a", "--info=backup", "-b", "--delete"), List.of("-avv", "-b"),
                List.of("-a", "--info=backup", "--backup-dir=bk", "--delete"),
                List.of("-av", "--info=backup", "--backup-dir=there"));
        for (int run = 0; run < runs.size(); run++) {
            Path rsyncCopy = tmp.resolve("ssh-rsync-" + run);
            Path rdcpCopy = tmp.resolve("ssh-rdcp-" + run);
            RsyncComparison.rsync(tmp, "-a", "served/rsync/", rsyncCopy + "/");
            RsyncComparison.rsync(tmp, "-a", "served/rdcp/", rdcpCopy + "/");
            Files.createDirectories(rsyncCopy.resolve("there"));
            Files.createDirectories(rdcpCopy.resolve("there"));
            RsyncComparison.Run rsync = RsyncComparison.run(tmp, with(runs.get(run), "-e", ssh.rsh(), "src/",
                    "127.0.0.1:" + rsyncCopy + "/"));
            Cli.Result rdcp = Cli.rdcp(with(ssh.rdcpOptions(), with(runs.get(run), sides.source + "/",
                    "127.0.0.1:" + rdcpCopy + "/")));
            assertEquals(0, rsync.exitCode(), rsync::output);
            assertEquals(0, rdcp.exitCode(), rdcp::toString);
            assertTrue(backedUpLines(rsync.output()).contains("backed up a.txt to "), rsync::output);
            assertEquals(backedUpLines(rsync.output()), backedUpLines(rdcp.out()), runs.get(run).toString());
            assertEquals(runs.get(run).contains("--backup-dir=there"),
                    rdcp.out().lines().anyMatch("backup_dir is there"::equals), rdcp::toString);
        }

        Path conf = Files.writeString(tmp.resolve("rsyncd.conf"), "use chroot = no\nuid = "
                + Files.getAttribute(tmp, "unix:uid") + "\ngid = " + Files.getAttribute(tmp, "unix:gid")
                + "\n[m]\npath = " + sides.served.resolve("rsync") + "\nread only = no\n");
        RsyncComparison.Run daemon = RsyncComparison.runWithDaemon(tmp, conf, "-avv", "-b", "--backup-dir=bk", "src/",
                "127.0.0.1::m/");
        Cli.Result rdcpDaemon = sides.rdcp("-avv", "-b", "--backup-dir=bk", sides.source + "/", "127.0.0.1::rdcp/");
        assertEquals(0, daemon.exitCode(), daemon::output);
        assertEquals(0, rdcpDaemon.exitCode(), rdcpDaemon::toString);
        assertTrue(Files.exists(sides.served.resolve("rdcp/bk/a.txt")), "backups made, only not told");
        assertEquals("", backedUpLines(daemon.output()));
        assertEquals("", backedUpLines(rdcpDaemon.out()), rdcpDaemon::toString);
    }

    /**
     * With -vv, a pull names each file and then says its backup, as rsync's: its receiver names a
     * file as its data begins and tells the backup once the file is in place (rdcp named them all,
     * then told all the backups). A local copy and a push over ssh tell each backup after its
     * file's name, as rsync's, whose order among the files depends on when the receiving side's
     * lines reach the client.
     */
    @Test
    void eachBackupComesAfterItsFilesNameAsInRsync() throws Exception {
        FakeSsh ssh = FakeSsh.in(tmp);
        for (String side : List.of("rsync", "rdcp")) {
            RsyncComparison.rsync(tmp, "-a", "served/" + side + "/", side + "-pulled/");
            RsyncComparison.rsync(tmp, "-a", "served/" + side + "/", side + "-local/");
            RsyncComparison.rsync(tmp, "-a", "served/" + side + "/", side + "-pushed/");
        }
        RsyncComparison.Run rsyncPull = RsyncComparison.run(tmp, "-avv", "-b", "-e", ssh.rsh(),
                "127.0.0.1:" + sides.source + "/", "rsync-pulled/");
        Cli.Result rdcpPull = Cli.rdcp(with(ssh.rdcpOptions(), "-avv", "-b", "127.0.0.1:" + sides.source + "/",
                tmp.resolve("rdcp-pulled") + "/"));
        assertEquals(0, rsyncPull.exitCode(), rsyncPull::output);
        assertEquals(0, rdcpPull.exitCode(), rdcpPull::toString);
        List<String> rsyncOrder = namesAndBackups(rsyncPull.output());
        assertEquals(List.of("a.txt", "backed up a.txt to a.txt~", "sub/b.bin", "backed up sub/b.bin to sub/b.bin~"),
                rsyncOrder, rsyncPull::output);
        assertEquals(rsyncOrder, namesAndBackups(rdcpPull.out()), rdcpPull::toString);

        RsyncComparison.Run rsyncLocal = RsyncComparison.run(tmp, "-avv", "-b", "src/", "rsync-local/");
        Cli.Result rdcpLocal = Cli.rdcp("-avv", "-b", sides.source + "/", tmp.resolve("rdcp-local") + "/");
        RsyncComparison.Run rsyncPush = RsyncComparison.run(tmp, "-avv", "-b", "-e", ssh.rsh(), "src/",
                "127.0.0.1:" + tmp.resolve("rsync-pushed") + "/");
        Cli.Result rdcpPush = Cli.rdcp(with(ssh.rdcpOptions(), "-avv", "-b", sides.source + "/",
                "127.0.0.1:" + tmp.resolve("rdcp-pushed") + "/"));
        for (String output : List.of(rsyncLocal.output(), rdcpLocal.out(), rsyncPush.output(), rdcpPush.out())) {
            List<String> lines = namesAndBackups(output);
            assertEquals(rsyncOrder.stream().sorted().toList(), lines.stream().sorted().toList(), output);
            for (String file : List.of("a.txt", "sub/b.bin")) {
                assertTrue(lines.indexOf(file) < lines.indexOf("backed up " + file + " to " + file + "~"), output);
            }
        }
    }

    /** The lines of the files -b backs up here (a.txt and sub/b.bin) and of their backups, in their order. */
    private static List<String> namesAndBackups(String output) {
        return output.lines().filter(line -> line.equals("a.txt") || line.equals("sub/b.bin")
                || line.startsWith("backed up a.txt ") || line.startsWith("backed up sub/b.bin ")).toList();
    }

    private static String[] with(List<String> options, String... operands) {
        List<String> all = new java.util.ArrayList<>(options);
        all.addAll(List.of(operands));
        return all.toArray(String[]::new);
    }

    /** The lines that tell of backups, sorted: rsync and rdcp make them in their own orders. */
    private static String backedUpLines(String output) {
        return String.join("\n", output.lines().filter(line -> line.startsWith("backed up ")
                || line.startsWith("(new) backup_dir is ") || line.startsWith("backup_dir is ")).sorted().toList());
    }

    @Test
    void aSuffixWithASlashIsRsyncsUsageError() throws Exception {
        sides.assertUsageErrorAsRsync("-a", "-b", "--suffix=/");
    }

    /**
     * As rsync's: a --backup-dir that climbs out of the destination, or an absolute one, is taken
     * as typed by a local copy (and a pull): made where missing, backups renamed into it, or copied
     * where it is on another file system.
     */
    @Test
    void aBackupDirectoryOutsideTheDestinationAsRsync() throws Exception {
        Path elsewhere = Files.createTempDirectory(Path.of("/dev/shm"), "rdcp-backups");
        try {
            assertFalse(Files.getFileStore(elsewhere).equals(Files.getFileStore(tmp)),
                    "/dev/shm is another file system than " + tmp);
            int run = 0;
            for (String where : List.of("../outside/%s/days", elsewhere + "/%s")) {
                String rsyncCopy = "served/rsync-" + run + "/";
                Path rdcpCopy = sides.served.resolve("rdcp-" + run);
                RsyncComparison.rsync(tmp, "-a", "served/rsync/", rsyncCopy);
                RsyncComparison.rsync(tmp, "-a", "served/rdcp/", rdcpCopy + "/");
                String rsync = backedUpLines(RsyncComparison.run(tmp, "-avv", "--delete",
                        "--backup-dir=" + where.formatted("rsync-" + run), "src/", rsyncCopy).output());
                Cli.Result local = Cli.rdcp("-avv", "--delete", "--backup-dir=" + where.formatted("rdcp-" + run),
                        sides.source + "/", rdcpCopy + "/");
                assertEquals(0, local.exitCode(), local::toString);
                assertTrue(rsync.contains("backed up extra.txt to "), rsync);
                assertEquals(rsync.replace("rsync-" + run, "SIDE"), backedUpLines(local.out()).replace("rdcp-" + run, "SIDE"));
                Path base = where.startsWith("/") ? Path.of("/") : sides.served.resolve("rdcp-" + run);
                RsyncComparison.assertSameTree(base.resolve(where.formatted("rsync-" + run)).normalize(),
                        base.resolve(where.formatted("rdcp-" + run)).normalize());
                RsyncComparison.assertSameTree(tmp.resolve(rsyncCopy), rdcpCopy);
                assertEquals(4, Files.size(base.resolve(where.formatted("rdcp-" + run)).resolve("sub/b.bin").normalize()));
                run++;
            }
        } finally {
            org.apache.commons.io.FileUtils.deleteDirectory(elsewhere.toFile());
        }
    }

    /** A daemon takes such a one beneath its root, as rsync's daemon, an absolute one from the root's top; never above. */
    @Test
    void aDaemonKeepsABackupDirectoryOutsideTheDestinationBeneathItsRoot() throws Exception {
        Files.createDirectories(sides.served.resolve("rdcp/d"));
        Cli.Result climbing = sides.rdcp("-a", "--backup-dir=../elsewhere", sides.source + "/", "127.0.0.1::rdcp/");
        assertEquals(0, climbing.exitCode(), climbing::toString);
        assertEquals(3, Files.size(sides.served.resolve("elsewhere/a.txt")));
        SideBySide.write(sides.source, "a.txt", 11);
        Cli.Result absolute = sides.rdcp("-a", "--backup-dir=/abs/bk", sides.source + "/", "127.0.0.1::rdcp/");
        assertEquals(0, absolute.exitCode(), absolute::toString);
        assertEquals(10, Files.size(sides.served.resolve("abs/bk/a.txt")));
        SideBySide.write(sides.source, "a.txt", 12);
        Cli.Result out = sides.rdcp("-a", "--backup-dir=../../../up", sides.source + "/", "127.0.0.1::rdcp/d/");
        assertEquals(3, out.exitCode(), out::toString);
        assertTrue(out.err().contains("--backup-dir ../../../up escapes the served directory"), out.err());
        assertFalse(Files.exists(tmp.resolve("up")));
        assertFalse(Files.exists(sides.served.resolve("rdcp/d/a.txt")), "refused before anything is copied");
    }
}
