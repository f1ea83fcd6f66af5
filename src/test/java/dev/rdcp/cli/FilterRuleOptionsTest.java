package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * rsync's filter rules beside rsync 3.5: long and short names, modifiers, hide and show, protect
 * and risk, clear, merge files, --delete-excluded; pushed to an rdcp daemon (whose receiver reads
 * the rules the REQUEST carries) and pulled from one (whose sender does). Trees, exit codes and
 * the names each lists (--out-format=%n, deletions included) are compared.
 */
class FilterRuleOptionsTest extends FilterSideBySideTest {

    /**
     * src: a, b.bak, keep.txt, d/c, d/e.o, sub/x.txt, sub/y.log; each destination already holds
     * z.log, y.keep, d/old.o and gone/x.o (a directory the source does not have).
     */
    @BeforeEach
    void tree() throws Exception {
        for (String name : List.of("a", "b.bak", "keep.txt", "d/c", "d/e.o", "sub/x.txt", "sub/y.log")) {
            SideBySide.write(sides.source, name, 10 + name.length());
        }
        for (String name : List.of("z.log", "y.keep", "d/old.o", "gone/x.o")) {
            sides.bothSides("dst/" + name, 5);
        }
        dateDirectories("d", "sub");
    }

    @Test
    void hideAndShowAreTheSendersProtectAndRiskTheReceivers() throws Exception {
        SideBySide.Outputs outputs = push(0, "--delete", "-f", "P *.keep", "-f", "hide a", "-f", "S b.bak", "-f",
                "H *.bak", "-f", "R z.log", "-f", "protect *.log", "-f", "H gone/");
        assertTrue(outputs.rsync().contains("deleting z.log"), outputs.rsync());
        assertTrue(Files.exists(served("y.keep")), "protected");
        assertFalse(Files.exists(served("a")), "hidden");
        assertTrue(Files.exists(served("b.bak")), "shown before the hide");
        assertFalse(Files.exists(served("gone")), "hiding does not protect");
    }

    @Test
    void longNamesCommasUnderscoresAndNegation() throws Exception {
        push(0, "-f", "include */", "-f", "include_*.txt", "-f", "exclude,! *.o", "-f", "-_a");
        assertTrue(Files.exists(served("d/e.o")));
        assertTrue(Files.exists(served("sub/x.txt")));
        assertFalse(Files.exists(served("b.bak")), "not a .o file: the negated rule excludes it");
        assertFalse(Files.exists(served("sub/y.log")));
    }

    /** The 's' and 'r' modifiers make a rule one side's, as hide and protect are. */
    @Test
    void sideModifiers() throws Exception {
        push(0, "--delete", "-f", "-s *.bak", "-f", "-r *.keep", "-f", "+r z.log", "-f", "-r *.log");
        assertFalse(Files.exists(served("b.bak")));
        assertTrue(Files.exists(served("y.keep")));
        assertFalse(Files.exists(served("z.log")));
    }

    /** A perishable rule does not hold back a directory being deleted; a plain one does, as rsync says. */
    @Test
    void aPerishableRuleLetsADeletedDirectoryGo() throws Exception {
        push(0, "--delete", "-f", "-p *.o");
        assertFalse(Files.exists(served("gone")));
        assertTrue(Files.exists(served("d/old.o")), "perishable only where a directory is deleted");
    }

    @Test
    void aPlainRuleHoldsBackADeletedDirectory() throws Exception {
        SideBySide.Outputs outputs = push(0, "--delete", "-f", "- *.o");
        assertTrue(outputs.rsync().contains("cannot delete non-empty directory: gone"), outputs.rsync());
        assertTrue(Files.exists(served("gone/x.o")));
    }

    /** --delete-excluded makes plain rules the sender's: what they exclude goes; a protect rule still holds. */
    @Test
    void deleteExcludedLeavesProtectRulesToTheReceiver() throws Exception {
        push(0, "--delete-excluded", "--exclude=*.log", "-f", "P y.keep", "-f", "-r d/old.o");
        assertFalse(Files.exists(served("z.log")));
        assertTrue(Files.exists(served("y.keep")));
        assertTrue(Files.exists(served("d/old.o")));
        assertFalse(Files.exists(served("sub/y.log")));
    }

    /** "!" clears the rules before it; --exclude and --include take the "- " and "+ " prefixes. */
    @Test
    void clearRulesAndOldStylePrefixes() throws Exception {
        push(0, "--exclude=a", "-f", "!", "--exclude=+ b.bak", "--exclude=*.bak", "--include=- keep.txt",
                "-f", "clear", "--exclude=sub/");
        assertTrue(Files.exists(served("a")));
        assertTrue(Files.exists(served("b.bak")));
        assertTrue(Files.exists(served("keep.txt")));
        assertFalse(Files.exists(served("sub")));
        Path rules = Files.writeString(tmp.resolve("rules"), "a\n!\n*.bak\n+ keep.txt\n*.txt\n");
        push(0, "--exclude-from=" + rules, "--delete");
        assertTrue(Files.exists(served("a")), "cleared");
        assertTrue(Files.exists(served("keep.txt")));
        assertFalse(Files.exists(served("sub/x.txt")));
    }

    /**
     * Merge files are read on the client where they are typed, in the full syntax (a nested one,
     * a hide rule), without prefixes ('-', '+'), split at whitespace ('w'), excluding themselves ('e').
     */
    @Test
    void mergeFiles() throws Exception {
        Path nested = Files.writeString(tmp.resolve("nested.rules"), "- keep.txt\n");
        Path rules = Files.writeString(tmp.resolve("merge.rules"), "# rules\nH a\n. " + nested + "\nexclude *.o\n");
        Path names = Files.writeString(tmp.resolve("names"), "b.bak\n; no comment\nsub/y.log\n");
        Path words = Files.writeString(tmp.resolve("words"), "z.log y.keep\n");
        Path included = Files.writeString(tmp.resolve("included"), "d/\nd/c\n");
        SideBySide.write(sides.source, "sub/merge.rules", 3);
        push(0, "--delete", "-f", "merge " + rules, "-f", ".- " + names, "-f", ".w- " + words, "-f", ".+ " + included, "-f", "- d/*", "-f", ".e " + rules);
        assertFalse(Files.exists(served("a")));
        assertFalse(Files.exists(served("keep.txt")));
        assertFalse(Files.exists(served("b.bak")));
        assertTrue(Files.exists(served("y.keep")));
        assertTrue(Files.exists(served("d/c")));
        assertFalse(Files.exists(served("sub/merge.rules")));
    }

    /** The -C rule puts rsync's CVS list where it stands (perishable, so a deleted directory's *.o goes). */
    @Test
    void theCvsRule() throws Exception {
        for (String name : List.of("core", "x.orig", "CVS/Entries", ".git/HEAD", "#save", "keep.c")) {
            SideBySide.write(sides.source, name, 4);
        }
        push(0, "--delete", "-f", "+ x.orig", "-f", "-C");
        assertTrue(Files.exists(served("x.orig")));
        assertTrue(Files.exists(served("keep.c")));
        assertFalse(Files.exists(served("core")));
        assertFalse(Files.exists(served(".git")));
        assertFalse(Files.exists(served("gone")));
        assertTrue(Files.exists(served("d/old.o")));
    }

    /** As rsync, the rules judge the operands and --files-from names too; "." never. */
    @Test
    void operandsAndListedNamesAreJudgedToo() throws Exception {
        sides.push(0, new byte[0], List.of("-a", "--exclude=a", "--exclude=d"), "ops/", "src/a", "src/b.bak", "src/d");
        assertFalse(Files.exists(sides.served.resolve("rdcp/ops/a")));
        assertTrue(Files.exists(sides.served.resolve("rdcp/ops/b.bak")));
        byte[] list = "a\nd/c\nsub/x.txt\nkeep.txt\n".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        sides.push(0, list, List.of("-a", "--files-from=-", "--exclude=a", "--exclude=x.txt", "--exclude=d"),
                "listed/", "src/");
        assertTrue(Files.exists(sides.served.resolve("rdcp/listed/keep.txt")));
        assertFalse(Files.exists(sides.served.resolve("rdcp/listed/a")));
        assertFalse(Files.exists(sides.served.resolve("rdcp/listed/sub/x.txt")));
        push(0, "--exclude=.");
    }

    /** A merge file that cannot be read: rsync's "failed to open exclude file", exit 11. */
    @Test
    void aMissingMergeFileIsAnIoError() throws Exception {
        SideBySide.Outputs outputs = sides.push(11, new byte[0], List.of("-a", "-f", ".+ " + tmp.resolve("nosuch")),
                "dst/", "src/");
        assertTrue(outputs.rsync().contains("failed to open include file " + tmp.resolve("nosuch")), outputs.rsync());
        assertEquals(List.of("rdcp: failed to open include file " + tmp.resolve("nosuch") + ": No such file or directory"),
                outputs.rdcp().err().lines().toList());
    }

    /** A malformed rule: rsync's message, exit 1. */
    @Test
    void malformedRulesAreRsyncsSyntaxErrors() throws Exception {
        for (String rule : List.of("x foo", "-foo", "- ", "exclude", "! x", "hide,s foo", "Hs a", "merge,! f")) {
            RsyncComparison.Run rsync = RsyncComparison.run(tmp, "-a", "-f", rule, "src/", "nowhere/");
            Cli.Result rdcp = sides.rdcp("-a", "-f", rule, tmp + "/src/", "127.0.0.1::rdcp/nowhere/");
            assertEquals(1, rsync.exitCode(), rsync.output());
            assertEquals(1, rdcp.exitCode(), rdcp.toString());
            assertEquals("rdcp: " + rsync.output().lines().findFirst().orElseThrow(),
                    rdcp.err().lines().findFirst().orElseThrow(), rule);
        }
        assertFalse(Files.exists(sides.served.resolve("rdcp/nowhere")));
    }

    /** A rule with '/' matches the absolute path: on the sender its own, on a daemon the path beneath its root. */
    @Test
    void absolutePathRules() throws Exception {
        push(0, "--delete", "-f", "-/ " + sides.source.resolve("a"), "-f", "P/ **/dst/y.keep", "-f", "-/ d/*.o");
        assertFalse(Files.exists(served("a")));
        assertTrue(Files.exists(served("y.keep")));
        assertFalse(Files.exists(served("d/e.o")));
        assertTrue(Files.exists(served("d/old.o")), "excluded on the receiver too");
    }

    /**
     * Pulled: the daemon's sender applies what the REQUEST carries (hide, show, the plain rules),
     * the client's receiver the rest (protect, risk).
     */
    @Test
    void pulledRulesAreAppliedOnTheirSide() throws Exception {
        for (String side : List.of("rsync-pulled", "rdcp-pulled")) {
            for (String name : List.of("y.keep", "a", "z.log")) {
                SideBySide.write(tmp.resolve(side), name, 5);
            }
        }
        sides.pull(List.of("-a", "--delete", "-f", "H a", "-f", "P *.keep", "-f", "- *.o", "-f", "R z.log", "-f",
                "-p *.log"), "", "pulled/");
        assertTrue(Files.exists(tmp.resolve("rdcp-pulled/y.keep")));
        assertFalse(Files.exists(tmp.resolve("rdcp-pulled/a")));
        assertFalse(Files.exists(tmp.resolve("rdcp-pulled/z.log")));
        assertFalse(Files.exists(tmp.resolve("rdcp-pulled/d/e.o")));
    }
}
