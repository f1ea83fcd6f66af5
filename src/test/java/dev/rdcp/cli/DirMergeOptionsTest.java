package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Per-directory merge files beside rsync 3.5: -F, -FF, dir-merge rules and their modifiers, -C.
 * The sender reads them in the directories it lists (an rdcp daemon's beneath its root), the
 * receiver in the destination's directories where it deletes (rsync's delete_in_dir), each also
 * in the directories above its top for "/.rsync-filter" (a daemon's from its root down). Pushed
 * to and pulled from an rdcp daemon whose root holds the destinations; trees, exit codes and the
 * names each lists (--out-format=%n, deletions included) are compared.
 */
class DirMergeOptionsTest extends FilterSideBySideTest {

    /**
     * src: a, b, keep.txt, d/b, d/c, d/e/f, d/e/g, sub/x.tmp, sub/core, sub/y.o, with
     * .rsync-filter "- b" at the top and "- c", "+ /e/", "- /e/f" in d (anchored to d); the
     * scratch directory above src has "- a" and the daemon's root "- prot" (parent scans). Each
     * destination has prot, old, and gone/ (not in src) with g, h and .rsync-filter "- g".
     */
    @BeforeEach
    void tree() throws Exception {
        for (String name : List.of("a", "b", "keep.txt", "d/b", "d/c", "d/e/f", "d/e/g", "sub/x.tmp", "sub/core",
                "sub/y.o")) {
            SideBySide.write(sides.source, name, 10 + name.length());
        }
        SideBySide.writeText(sides.source, ".rsync-filter", "- b\n");
        SideBySide.writeText(sides.source, "d/.rsync-filter", "- c\n+ /e/\n- /e/f\n");
        SideBySide.writeText(tmp, ".rsync-filter", "- a\n");
        SideBySide.writeText(sides.served, ".rsync-filter", "- prot\n");
        for (String name : List.of("prot", "old", "gone/g", "gone/h")) {
            sides.bothSides("dst/" + name, 5);
        }
        for (String side : List.of("rsync", "rdcp")) {
            SideBySide.writeText(sides.served.resolve(side), "dst/gone/.rsync-filter", "- g\n");
        }
        dateDirectories("d", "d/e", "sub");
    }

    /**
     * -F: each directory's .rsync-filter on the sender, anchored to its directory, inherited
     * below; on the receiver those of the directories it deletes in, and of those above.
     */
    @Test
    void dashFReadsEachDirectorysFilterFileOnBothSides() throws Exception {
        SideBySide.Outputs outputs = push(0, "-F", "--delete-after");
        assertFalse(Files.exists(served("a")), "the scratch directory's rule (a parent scan)");
        assertFalse(Files.exists(served("b")));
        assertFalse(Files.exists(served("d/b")), "inherited");
        assertFalse(Files.exists(served("d/c")));
        assertFalse(Files.exists(served("d/e/f")), "anchored to d");
        assertTrue(Files.exists(served("d/e/g")));
        assertTrue(Files.exists(served(".rsync-filter")), "sent, with one F");
        assertTrue(Files.exists(served("prot")), "the daemon's root's rule protects it");
        assertFalse(Files.exists(served("old")));
        assertTrue(Files.exists(served("gone/g")), "its directory's rule protects it");
        assertFalse(Files.exists(served("gone/h")));
        assertTrue(outputs.rsync().contains("cannot delete non-empty directory: gone"), outputs.rsync());
    }

    @Test
    void dashFfAlsoLeavesTheFilterFilesOut() throws Exception {
        push(0, "-FF", "--delete");
        assertFalse(Files.exists(served(".rsync-filter")));
        assertFalse(Files.exists(served("d/.rsync-filter")));
        assertTrue(Files.exists(served("gone/.rsync-filter")), "excluded: protected");
    }

    /**
     * Pulled, the daemon's sender reads them beneath its root (from the root down, as rsync's
     * daemon from its module's), the client's receiver its own.
     */
    @Test
    void aPullReadsThemOnEachSide() throws Exception {
        // Above the served tree: rsync's local sender would read it, no daemon's.
        Files.delete(tmp.resolve(".rsync-filter"));
        for (String side : List.of("rsync-pulled", "rdcp-pulled")) {
            for (String name : List.of("prot", "old", "gone/g", "gone/h")) {
                SideBySide.write(tmp.resolve(side), name, 5);
            }
            SideBySide.writeText(tmp.resolve(side), "gone/.rsync-filter", "- g\n");
        }
        SideBySide.write(sides.source, "prot", 3);
        sides.pull(List.of("-a", "-F", "--delete-after"), "", "pulled/");
        assertFalse(Files.exists(tmp.resolve("rdcp-pulled/d/c")));
        assertFalse(Files.exists(tmp.resolve("rdcp-pulled/b")));
        assertFalse(Files.exists(tmp.resolve("rdcp-pulled/prot")), "the daemon's root's rule, read by its sender");
        assertTrue(Files.exists(tmp.resolve("rdcp-pulled/gone/g")));
        assertFalse(Files.exists(tmp.resolve("rdcp-pulled/gone/h")));
    }

    /**
     * dir-merge's modifiers: '-' (every line a pattern), 'n' (not inherited), 'e' (the file
     * excluded), 'w' (words), '+' (includes), 'C' (CVS's .cvsignore syntax).
     */
    @Test
    void dirMergeModifiers() throws Exception {
        SideBySide.writeText(sides.source, ".names", "b\nkeep.txt\n");
        SideBySide.writeText(sides.source, "d/.names", "c\n");
        SideBySide.writeText(sides.source, "sub/.words", "y.o core\n");
        SideBySide.writeText(sides.source, "d/e/.keep", "g\n");
        push(0, "-f", ":ne- .names", "-f", "dir-merge,w- .words", "-f", ":+ .keep", "-f", "- /d/e/*");
        assertFalse(Files.exists(served("b")));
        assertTrue(Files.exists(served("d/b")), "not inherited");
        assertFalse(Files.exists(served("d/c")));
        assertFalse(Files.exists(served(".names")));
        assertFalse(Files.exists(served("sub/core")));
        assertTrue(Files.exists(served("d/e/g")));
        assertFalse(Files.exists(served("d/e/f")));
    }

    /** -C: rsync's CVS list after the other rules, and each directory's .cvsignore; perishable where a directory goes. */
    @Test
    void cvsExclude() throws Exception {
        SideBySide.writeText(sides.source, "sub/.cvsignore", "*.tmp\n");
        for (String side : List.of("rsync", "rdcp")) {
            SideBySide.write(sides.served.resolve(side), "dst/gone/x.o", 5);
        }
        push(0, "-C", "--delete", "-f", "+ y.o");
        assertFalse(Files.exists(served("sub/x.tmp")));
        assertFalse(Files.exists(served("sub/core")));
        assertTrue(Files.exists(served("sub/y.o")), "the rules before -C's come first");
        assertFalse(Files.exists(served("gone")), "x.o is perishable there");
    }

    /** A malformed rule in a merge file: exit 1, as rsync, and the message does not show the line. */
    @Test
    void aMalformedFilterFileEndsTheRunWithoutShowingItsText() throws Exception {
        SideBySide.writeText(sides.source, "d/.rsync-filter", "secret rule\n");
        RsyncComparison.Run rsync = RsyncComparison.run(tmp, "-a", "-F", "src/", "bad/");
        Cli.Result rdcp = sides.rdcp("-a", "-F", sides.source + "/", "127.0.0.1::rdcp/bad/");
        assertEquals(1, rsync.exitCode(), rsync.output());
        assertTrue(rsync.output().contains("<rule from"), rsync.output());
        assertEquals(1, rdcp.exitCode(), rdcp.toString());
        assertTrue(rdcp.err().contains("malformed filter rule in d/.rsync-filter line 1"), rdcp.toString());
        assertFalse(rdcp.err().contains("secret"), rdcp.toString());
    }

    /**
     * The same file in a daemon's served tree, pulled: the daemon's sender ends the session with
     * ABORT, so the client exits 1, as rsync, with the daemon's reason on one line (it saw a lost
     * connection, exit 10, before ABORT).
     */
    @Test
    void aMalformedFilterFileOnTheDaemonEndsAPullWithItsReason() throws Exception {
        SideBySide.writeText(sides.source, "d/.rsync-filter", "secret rule\n");
        Files.createDirectories(sides.served.resolve("exported"));
        RsyncComparison.rsync(tmp, "-a", "src/", sides.served.resolve("exported") + "/");
        RsyncComparison.Run rsync = RsyncComparison.run(tmp, "-a", "-F", sides.served.resolve("exported") + "/",
                "rsync-bad/");
        Cli.Result rdcp = sides.rdcp("-a", "-F", "127.0.0.1::exported/", tmp.resolve("rdcp-bad") + "/");
        assertEquals(1, rsync.exitCode(), rsync.output());
        assertEquals(1, rdcp.exitCode(), rdcp.toString());
        assertEquals(List.of("rdcp: [sender] malformed filter rule in d/.rsync-filter line 1"),
                rdcp.err().lines().filter(line -> !line.startsWith("rdcp: warning:")).toList(), rdcp.toString());
    }

    /**
     * A malformed one the receiver meets where it deletes: exit 1 for both, as rsync's generator
     * stops there, having deleted in the top directory it reached first.
     */
    @Test
    void aMalformedFilterFileWhereTheReceiverDeletesEndsTheRun() throws Exception {
        for (String side : List.of("rsync", "rdcp")) {
            SideBySide.writeText(sides.served.resolve(side), "dst/d/.rsync-filter", "secret rule\n");
        }
        RsyncComparison.Run rsync = RsyncComparison.run(tmp, "-a", "-F", "--delete", "src/", "served/rsync/dst/");
        Cli.Result rdcp = sides.rdcp("-a", "-F", "--delete", sides.source + "/", "127.0.0.1::rdcp/dst/");
        assertEquals(1, rsync.exitCode(), rsync.output());
        assertEquals(1, rdcp.exitCode(), rdcp.toString());
        assertEquals(List.of("rdcp: [receiver] malformed filter rule in d/.rsync-filter line 1"),
                rdcp.err().lines().filter(line -> !line.startsWith("rdcp: warning:")).toList(), rdcp.toString());
        assertFalse(Files.exists(sides.served.resolve("rsync/dst/old")), rsync.output());
        assertFalse(Files.exists(served("old")), "deleted in the top directory before d is reached, as rsync");
        assertTrue(Files.exists(served("d/.rsync-filter")));
    }
}
