package dev.rdcp.cli;

import static dev.rdcp.cli.RsyncComparison.assertSameTree;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A copy with both operands on this host, as rsync makes one: rdcp runs its server in the same
 * process over loopback TCP. Trees, -i lines and exit codes compared with rsync's local copy.
 */
class LocalCopyTest {

    @TempDir
    Path tmp;

    private Path source;

    /** src: a (0600), d/f, d/e/, link -> a; all dated. */
    @BeforeEach
    void tree() throws Exception {
        RsyncComparison.requireRsync();
        source = tmp.resolve("src");
        SideBySide.write(source, "a", 5_000);
        Files.setPosixFilePermissions(source.resolve("a"), PosixFilePermissions.fromString("rw-------"));
        SideBySide.write(source, "d/f", 70_000);
        Files.createDirectories(source.resolve("d/e"));
        SideBySide.symlink(source, "link", "a");
        SideBySide.datedDirectory(source.resolve("d/e"));
        SideBySide.datedDirectory(source.resolve("d"));
        SideBySide.datedDirectory(source);
    }

    private Cli.Result rdcp(String... args) {
        return Cli.rdcp(args);
    }

    private RsyncComparison.Run rsync(String... args) throws Exception {
        return RsyncComparison.run(tmp, args);
    }

    @Test
    void aTreeIsCopiedAsRsyncCopiesIt() throws Exception {
        assertEquals(0, rsync("-a", "src/", "rsync/").exitCode());
        Cli.Result copy = rdcp("-a", source + "/", tmp.resolve("rdcp") + "/");

        assertEquals(0, copy.exitCode(), copy.toString());
        assertEquals("", copy.out() + copy.err(), "no transport warning, nothing to say");
        assertSameTree(tmp.resolve("rsync"), tmp.resolve("rdcp"));
    }

    /** A local copy's files are shown as received ('>'), as rsync shows them, and %o is "send". */
    @Test
    void itemizedLinesAreRsyncsLocalOnes() throws Exception {
        rsync("-a", "src/", "rsync/");
        rdcp("-a", source + "/", tmp.resolve("rdcp") + "/");
        Files.writeString(source.resolve("d/f"), "changed");
        SideBySide.datedDirectory(source.resolve("d"));

        List<String> rsync = rsync("-a", "--out-format=%o %i %n%L", "src/", "rsync/").output().lines().sorted().toList();
        Cli.Result rdcp = rdcp("-a", "--out-format=%o %i %n%L", source + "/", tmp.resolve("rdcp") + "/");

        assertEquals(0, rdcp.exitCode(), rdcp.toString());
        assertEquals(List.of("send >f.st...... d/f"), rsync);
        assertEquals(rsync, rdcp.out().lines().sorted().toList());
        assertSameTree(tmp.resolve("rsync"), tmp.resolve("rdcp"));
    }

    /**
     * As rsync: a -R operand whose kept part is "." ("src/./") copies the base's contents, and one
     * whose kept part starts "./" ("src/././d") lists the base first; either way DEST takes the
     * base's attributes ("./" itemized), and without -r or -d the base is a skipped directory.
     */
    @Test
    void relativeOperandsKeepingTheBaseListItAsRsyncDoes() throws Exception {
        for (List<String> options : List.of(List.of("-aiR"), List.of("-lptiR"))) {
            for (String operand : List.of("src/./", "src/././d", "src/./.")) {
                String name = options.get(0) + operand.replace('/', '_');
                Path rsyncDestination = Files.createDirectories(tmp.resolve("rsync-" + name));
                Path rdcpDestination = Files.createDirectories(tmp.resolve("rdcp-" + name));
                for (Path destination : List.of(rsyncDestination, rdcpDestination)) {
                    Files.setLastModifiedTime(destination, FileTime.from(SideBySide.OLD.plusSeconds(86_400)));
                }
                List<String> rsyncArgs = new ArrayList<>(options);
                rsyncArgs.addAll(List.of(operand, rsyncDestination.getFileName() + "/"));
                List<String> rdcpArgs = new ArrayList<>(options);
                rdcpArgs.addAll(List.of(tmp + "/" + operand, rdcpDestination + "/"));

                RsyncComparison.Run rsync = rsync(rsyncArgs.toArray(String[]::new));
                Cli.Result rdcp = rdcp(rdcpArgs.toArray(String[]::new));

                assertEquals(0, rsync.exitCode(), rsync.output());
                assertEquals(0, rdcp.exitCode(), rdcp.toString());
                assertEquals(rsync.output().lines().toList(), rdcp.out().lines().toList(), options + " " + operand);
                assertSameTree(rsyncDestination, rdcpDestination);
                assertEquals(Files.getLastModifiedTime(rsyncDestination), Files.getLastModifiedTime(rdcpDestination),
                        options + " " + operand);
            }
        }
    }

    @Test
    void aSingleFileCanBeCopiedToANewName() throws Exception {
        Cli.Result copy = rdcp(source.resolve("a").toString(), tmp.resolve("b").toString());

        assertEquals(0, copy.exitCode(), copy.toString());
        assertEquals(-1L, Files.mismatch(source.resolve("a"), tmp.resolve("b")));
    }

    @Test
    void exitCodesAreRsyncs() throws Exception {
        RsyncComparison.Run rsyncMissing = rsync("-a", "nosuch", "src/", "rsync/");
        Cli.Result rdcpMissing = rdcp("-a", tmp.resolve("nosuch").toString(), source + "/", tmp.resolve("rdcp") + "/");
        assertEquals(23, rsyncMissing.exitCode(), rsyncMissing.output());
        assertEquals(23, rdcpMissing.exitCode(), rdcpMissing.toString());
        assertTrue(Files.isRegularFile(tmp.resolve("rdcp/d/f")), "the rest is copied");

        RsyncComparison.Run rsyncNoParent = rsync("-a", "src/", "gone/deeper/");
        Cli.Result rdcpNoParent = rdcp("-a", source + "/", tmp.resolve("gone/deeper") + "/");
        assertEquals(11, rsyncNoParent.exitCode(), rsyncNoParent.output());
        assertEquals(11, rdcpNoParent.exitCode(), rdcpNoParent.toString());
        assertTrue(rdcpNoParent.err().startsWith("rdcp: mkdir \"" + tmp.resolve("gone/deeper") + "\" failed"),
                rdcpNoParent.err());

        // A directory whose parent exists but that cannot be made there: refused with the reason, 11.
        RsyncComparison.Run rsyncCannot = rsync("-a", "src/", "/proc/1/nope/");
        Cli.Result rdcpCannot = rdcp("-a", source + "/", "/proc/1/nope/");
        assertEquals(11, rsyncCannot.exitCode(), rsyncCannot.output());
        assertEquals(11, rdcpCannot.exitCode(), rdcpCannot.toString());
        assertEquals(List.of("rdcp: mkdir \"/proc/1/nope\" failed: No such file or directory"), rdcpCannot.err().lines()
                .toList());
    }

    @Test
    void deleteRemovesWhatTheSourceNoLongerHas() throws Exception {
        rsync("-a", "src/", "rsync/");
        rdcp("-a", source + "/", tmp.resolve("rdcp") + "/");
        Files.delete(source.resolve("d/f"));

        RsyncComparison.Run rsync = rsync("-av", "--delete", "src/", "rsync/");
        Cli.Result rdcp = rdcp("-av", "--delete", source + "/", tmp.resolve("rdcp") + "/");

        assertEquals(0, rdcp.exitCode(), rdcp.toString());
        assertTrue(rsync.output().lines().anyMatch("deleting d/f"::equals), rsync.output());
        assertTrue(rdcp.out().lines().anyMatch("deleting d/f"::equals), rdcp.out());
        assertSameTree(tmp.resolve("rsync"), tmp.resolve("rdcp"));
    }
}
