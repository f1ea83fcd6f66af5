package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** --delay-updates beside rsync: the trees, the holding directories hidden and protected, -b, its conflicts and its header. */
class DelayUpdatesOptionTest extends SideBySideTest {

    /** src: a, sub/b and the sender's own holding directory .~tmp~/x; each side's d has an old sub/b and a held sub/.~tmp~/keep. */
    @BeforeEach
    void tree() throws Exception {
        SideBySide.write(sides.source, "a", 10);
        SideBySide.write(sides.source, "sub/b", 30);
        SideBySide.write(sides.source, ".~tmp~/x", 5);
        for (String side : List.of("rsync", "rdcp")) {
            SideBySide.write(sides.served.resolve(side), "d/sub/b", 7);
            SideBySide.write(sides.served.resolve(side), "d/sub/.~tmp~/keep", 5);
            SideBySide.write(sides.served.resolve(side), "d/gone", 5);
        }
    }

    @Test
    void aPushWithBackupsAndDeletionEndsAsRsyncsAndLeavesNoHoldingDirectory() throws Exception {
        Cli.Result rdcp = sides.push(0, List.of("-a", "-b", "--delete", "--delay-updates"), "d/", "src/");

        assertTrue(Files.exists(sides.served.resolve("rdcp/d/sub/b~")), "the old file kept at the rename");
        assertTrue(Files.exists(sides.served.resolve("rdcp/d/sub/.~tmp~/keep")), "neither deleted nor emptied");
        assertFalse(Files.exists(sides.served.resolve("rdcp/d/.~tmp~")), "neither sent nor left behind");
        assertEquals("", rdcp.err());
    }

    /** As rsync, a symlink where a holding directory goes is removed for it, never followed. */
    @Test
    void aSymlinkInTheHoldingDirectorysPlaceIsReplaced() throws Exception {
        for (String side : List.of("rsync", "rdcp")) {
            Files.createDirectories(sides.served.resolve(side + "/d/elsewhere"));
            Files.createSymbolicLink(sides.served.resolve(side + "/d/.~tmp~"), java.nio.file.Path.of("elsewhere"));
        }

        sides.push(0, List.of("-a", "--delay-updates"), "d/", "src/");

        assertTrue(Files.exists(sides.served.resolve("rdcp/d/a")));
        assertFalse(Files.exists(sides.served.resolve("rdcp/d/.~tmp~"), java.nio.file.LinkOption.NOFOLLOW_LINKS));
        assertEquals(List.of(), List.of(sides.served.resolve("rdcp/d/elsewhere").toFile().list()));
    }

    /**
     * Where the holding directory cannot be made (here a --partial-dir whose parent is missing),
     * rsync says so for each file, discards it and exits 0; rdcp says the same and exits 23, since
     * the old files stay.
     */
    @Test
    void aFileThatCannotBeHeldIsDiscardedWithRsyncsLine() throws Exception {
        RsyncComparison.Run rsync = RsyncComparison.run(tmp, "-a", "--delay-updates", "--partial-dir=p/q", "src/",
                "served/rsync/d/");
        Cli.Result rdcp = sides.rdcp("-a", "--delay-updates", "--partial-dir=p/q", sides.source + "/",
                "127.0.0.1::rdcp/d/");

        assertEquals(0, rsync.exitCode(), rsync.output());
        assertEquals(23, rdcp.exitCode(), rdcp::toString);
        for (String name : List.of("a", "sub/b")) {
            String line = "Unable to create partial-dir for " + name + " -- discarding completed file";
            assertTrue(rsync.output().lines().anyMatch((line + ".")::equals), rsync.output());
            assertTrue(rdcp.err().lines().anyMatch(l -> l.startsWith("rdcp: " + line + ": ")), rdcp.err());
        }
        RsyncComparison.assertSameTree(sides.served.resolve("rsync"), sides.served.resolve("rdcp"));
        assertEquals(7, Files.size(sides.served.resolve("rdcp/d/sub/b")), "the old file stays");
    }

    @Test
    void aPullHoldsInThePartialDirectoryWhenOneIsGiven() throws Exception {
        SideBySide.write(sides.source, "sub/.p/y", 3);
        sides.pull(List.of("-a", "--delay-updates", "--partial-dir=.p"), "", "pulled/");
        assertTrue(Files.exists(tmp.resolve("rdcp-pulled/.~tmp~/x")), "only .p is hidden then, as in rsync");
        assertFalse(Files.exists(tmp.resolve("rdcp-pulled/sub/.p")));
    }

    @Test
    void inplaceAndAppendConflictWithItAsInRsync() throws Exception {
        for (String option : List.of("--inplace", "--append")) {
            sides.assertUsageErrorAsRsync("-a", option, "--delay-updates");
        }
    }

    /** rsync builds the whole list first without -r and with the options that need it, and says so under -v. */
    @Test
    void verboseOpensAsRsyncDoesWhereTheListIsBuiltWhole() throws Exception {
        for (List<String> options : List.of(List.of("-av"), List.of("-dv"), List.of("-av", "--delete-after"),
                List.of("-av", "--delay-updates"), List.of("-avm"))) {
            List<String> rsyncArgs = new java.util.ArrayList<>(options);
            rsyncArgs.addAll(List.of("src/", "x" + options.size() + options.get(0) + "/"));
            String rsync = RsyncComparison.run(tmp, rsyncArgs.toArray(String[]::new)).output().lines().findFirst()
                    .orElseThrow();
            List<String> rdcpArgs = new java.util.ArrayList<>(options);
            rdcpArgs.addAll(List.of(sides.source + "/", "127.0.0.1::rdcp/d/"));
            Cli.Result rdcp = sides.rdcp(rdcpArgs.toArray(String[]::new));
            assertEquals(0, rdcp.exitCode(), rdcp::toString);
            assertEquals(rsync, rdcp.out().lines().findFirst().orElseThrow(), options.toString());
        }
    }
}
