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

/**
 * {@code rdcp -a a/ b/ DEST/}: as rsync, the operands' contents are one directory, each name
 * once: the first entry of a name wins, a directory over a file, and directories of one name
 * merge. Before, the later operand's files overwrote the first's, a file after a directory of
 * its name ended the session (exit 12) with almost nothing copied, and --delete removed what the
 * first operand had just copied.
 */
class SeveralDirectoryOperandsTest extends SideBySideTest {

    /** transfer.FileList.MAX_MERGED_OPERANDS, which this package cannot see. */
    private static final int MERGE_BOUND = 8;

    @BeforeEach
    void twoTrees() throws IOException {
        for (String side : List.of("a", "b")) {
            Path root = Files.createDirectories(tmp.resolve(side));
            SideBySide.writeText(root, "same", "same name, from " + side);
            SideBySide.writeText(root, "only-" + side, side);
            Files.createDirectories(root.resolve("shared/deeper"));
            SideBySide.writeText(root, "shared/both", "shared, from " + side);
            SideBySide.writeText(root, "shared/from-" + side, side);
            SideBySide.writeText(root, "shared/deeper/both", "deeper, from " + side);
        }
        // A directory in the first against a file in the second, and the other way round.
        Files.createDirectories(tmp.resolve("a/dir-first"));
        SideBySide.writeText(tmp.resolve("a"), "dir-first/in", "in a's directory");
        SideBySide.writeText(tmp.resolve("b"), "dir-first", "b's file");
        SideBySide.writeText(tmp.resolve("a"), "file-first", "a's file");
        Files.createDirectories(tmp.resolve("b/file-first"));
        SideBySide.writeText(tmp.resolve("b"), "file-first/in", "in b's directory");
    }

    @Test
    void aPushListsEachNameOnceAsRsync() throws Exception {
        Cli.Result result = sides.push(0, List.of("-a", "--out-format=%n"), "merged/", "a/", "b/");
        assertEquals("same name, from a", Files.readString(sides.rdcpCopy("merged/same")));
        assertEquals(RsyncComparison.rsync(tmp, "-a", "--out-format=%n", "a/", "b/", "again/").lines().sorted()
                .toList(), result.out().lines().sorted().toList(), result::toString);
    }

    @Test
    void deleteRemovesOnlyWhatNoOperandHolds() throws Exception {
        for (String side : List.of("rsync", "rdcp")) {
            Path copy = Files.createDirectories(sides.served.resolve(side + "/merged/shared"));
            SideBySide.writeText(copy, "extra", "not in a or b");
            SideBySide.writeText(copy, "from-b", "older");
        }
        sides.push(0, List.of("-a", "--delete"), "merged/", "a/", "b/");
        assertEquals("b", Files.readString(sides.rdcpCopy("merged/shared/from-b")));
        assertEquals("a", Files.readString(sides.rdcpCopy("merged/only-a")));
    }

    /** The daemon lists them: its own list merges beneath its root as the client's does. */
    @Test
    void aPullOfTwoServedDirectoriesIsRsyncs() throws Exception {
        RsyncComparison.rsync(tmp, "-a", "a", "b", sides.served.resolve("exported") + "/");
        RsyncComparison.Run rsync = RsyncComparison.run(tmp, "-ai", sides.served.resolve("exported/a") + "/",
                sides.served.resolve("exported/b") + "/", "rsync-pulled/");
        Cli.Result rdcp = sides.rdcp("-ai", "127.0.0.1::exported/a/", "127.0.0.1::exported/b/",
                tmp.resolve("rdcp-pulled") + "/");
        assertEquals(0, rdcp.exitCode(), rdcp::toString);
        RsyncComparison.assertSameTree(tmp.resolve("rsync-pulled"), tmp.resolve("rdcp-pulled"));
        assertEquals(rsync.output().lines().filter(line -> !line.startsWith("created directory")).toList(),
                rdcp.out().lines().filter(line -> !line.startsWith("created directory")).toList(), rdcp::toString);
    }

    /**
     * Operands named without a trailing slash hold their names at the top with the merged
     * directory's: the first entry wins, a directory over a file, whichever is listed first.
     */
    @Test
    void namedOperandsShareTheTopWithTheMergedDirectoryAsRsync() throws Exception {
        Path other = Files.createDirectories(tmp.resolve("c"));
        SideBySide.writeText(other, "same", "from c");
        SideBySide.writeText(other, "dir-first", "c's file");
        Files.createDirectories(other.resolve("only-a"));
        sides.push(0, List.of("-a"), "named-first/", "c/same", "c/dir-first", "c/only-a", "a/", "b/");
        assertEquals("from c", Files.readString(sides.rdcpCopy("named-first/same")));
        assertEquals("in a's directory", Files.readString(sides.rdcpCopy("named-first/dir-first/in")));
        sides.push(0, List.of("-a"), "named-last/", "a/", "b/", "c/same", "c/only-a");
        assertEquals("same name, from a", Files.readString(sides.rdcpCopy("named-last/same")));
    }

    /** The same directory named twice lists it once: no line twice, as rsync. */
    @Test
    void theSameDirectoryTwiceIsListedOnce() throws Exception {
        Cli.Result result = sides.push(0, List.of("-a", "--out-format=%n"), "twice/", "a/", "a/");
        assertEquals(RsyncComparison.rsync(tmp, "-a", "--out-format=%n", "a/", "a/", "again-twice/").lines().toList(),
                result.out().lines().toList(), result::toString);
    }

    /** Under -L a symlink to a directory merges as the directory it leads to, and the tree is rsync's. */
    @Test
    void followingSymlinksMergesWhatTheyLeadTo() throws Exception {
        Path linked = Files.createDirectories(tmp.resolve("d/real"));
        SideBySide.writeText(linked, "r2", "behind a symlink");
        Files.createSymbolicLink(tmp.resolve("d/shared"), Path.of("real"));
        sides.push(0, List.of("-aL"), "followed/", "a/", "d/");
        assertEquals("behind a symlink", Files.readString(sides.rdcpCopy("followed/shared/r2")));
    }

    /**
     * Where the list follows symlinks or stops at mount points, the operands are one directory as
     * anywhere: --delete does not take at a second "." what the first operand sent (before, they
     * were listed one by one, and it did: exit 23, a directory lost).
     */
    @Test
    void deleteKeepsWhatTheFirstOperandSentWhereTheListFollowsSymlinksOrStopsAtMountPoints() throws Exception {
        SideBySide.writeText(Files.createDirectories(tmp.resolve("p/only-p")), "f", "p's");
        SideBySide.writeText(Files.createDirectories(tmp.resolve("q/only-q")), "g", "q's");
        for (String options : List.of("-aL", "-ax", "-ak")) {
            for (String side : List.of("rsync", "rdcp")) {
                SideBySide.writeText(Files.createDirectories(sides.served.resolve(side + "/apart" + options)),
                        "extra", "in neither");
            }
            sides.push(0, List.of(options, "--delete"), "apart" + options + "/", "p/", "q/");
            assertEquals("p's", Files.readString(sides.rdcpCopy("apart" + options + "/only-p/f")), options);
            assertFalse(Files.exists(sides.rdcpCopy("apart" + options + "/extra")), options);
        }
    }

    /**
     * Named directories of one name from two operands merge under -L, -k and --copy-unsafe-links
     * as rsync's list merges them: a symlink to a directory in one against a directory in the
     * other merges what both hold. Before, they were listed one by one, and the second "sub"
     * ended the copy (exit 12, "listed twice").
     */
    @Test
    void namedDirectoriesMergeWhereTheListFollowsSymlinks() throws Exception {
        Path p = Files.createDirectories(tmp.resolve("p/sub/both"));
        Path q = Files.createDirectories(tmp.resolve("q/sub/target"));
        SideBySide.writeText(p, "o", "p's");
        SideBySide.writeText(q, "t", "q's, behind a symlink");
        Files.createSymbolicLink(tmp.resolve("q/sub/both"), Path.of("target"));
        List<String> optionSets = List.of("-aL", "-ak", "--copy-unsafe-links");
        for (int i = 0; i < optionSets.size(); i++) {
            List<String> options = optionSets.get(i).startsWith("--") ? List.of("-a", optionSets.get(i))
                    : List.of(optionSets.get(i));
            sides.push(0, options, "named" + i + "/", "p/sub", "q/sub");
        }
        assertEquals("q's, behind a symlink", Files.readString(sides.rdcpCopy("named0/sub/both/t")));
        assertEquals("p's", Files.readString(sides.rdcpCopy("named0/sub/both/o")));
    }

    /**
     * -x and -xx: a mount point in one operand against a plain directory of its name in the
     * other, as rsync's one list holds both: -x lists the mount point and walks the other
     * operand's directory in its place, -xx lists the other operand's directory alone.
     */
    @Test
    void aMountPointMergesAsRsyncsOneList() throws Exception {
        try (TmpfsMounts mounts = new TmpfsMounts()) {
            mounts.mount(tmp.resolve("m/sub/mnt"), "size=1m");
            SideBySide.writeText(tmp.resolve("m/sub/mnt"), "mounted", "on the mount");
            SideBySide.writeText(Files.createDirectories(tmp.resolve("n/sub/mnt")), "plain", "n's");
            SideBySide.writeText(tmp.resolve("n/sub"), "n-only", "n's");
            sides.push(0, List.of("-ax"), "once/", "m/sub", "n/sub");
            sides.push(0, List.of("-axx"), "twice/", "m/sub", "n/sub");
            sides.push(0, List.of("-ax", "--delete"), "contents/", "m/sub/", "n/sub/");
            // -d walks none of them: -xx leaves out no mount point it only lists (review: rdcp did).
            sides.push(0, List.of("-dxx"), "listed/", "m/sub/");
            sides.push(0, List.of("-dxx", "-pt"), "listedmerged/", "m/sub/", "n/sub/");
        }
        assertEquals("n's", Files.readString(sides.rdcpCopy("once/sub/mnt/plain")));
        assertFalse(Files.exists(sides.rdcpCopy("once/sub/mnt/mounted")));
        assertEquals("n's", Files.readString(sides.rdcpCopy("twice/sub/mnt/plain")));
    }

    /**
     * A symlink in one operand to another operand's directory (a directory being walked, merged
     * into the top) is followed as rsync follows it, not taken for a loop: each operand is
     * walked as its own (review: exit 23, "Too many levels of symbolic links (it is . again)").
     */
    @Test
    void aSymlinkToAnotherOperandsDirectoryIsNoLoop() throws Exception {
        SideBySide.writeText(Files.createDirectories(tmp.resolve("u/s/sub")), "x", "u's");
        SideBySide.writeText(tmp.resolve("u/s"), "f", "u's f");
        SideBySide.writeText(Files.createDirectories(tmp.resolve("v/s")), "g", "v's");
        Files.createSymbolicLink(tmp.resolve("v/s/loop"), Path.of("../../u/s"));
        sides.push(0, List.of("-ak"), "noloop/", "u/s/", "v/s/");
        assertEquals("u's", Files.readString(sides.rdcpCopy("noloop/loop/sub/x")));
    }

    /** Past the bound on directories listed as one, an operand is not sent, and said to be. */
    @Test
    void dirOperandsPastTheBoundAreNotSentAndSaidToBe() throws IOException {
        List<String> args = new java.util.ArrayList<>(List.of("-a"));
        for (int i = 0; i <= MERGE_BOUND; i++) {
            Path source = Files.createDirectories(tmp.resolve("many/s" + i));
            SideBySide.writeText(source, "f" + i, String.valueOf(i));
            args.add(source + "/");
        }
        args.add(tmp.resolve("bounded") + "/");
        Cli.Result result = Cli.rdcp(args.toArray(String[]::new));
        assertEquals(23, result.exitCode(), result::toString);
        int last = MERGE_BOUND;
        assertTrue(result.err().contains("s" + last + ": not sent: more than"), result.err());
        assertFalse(Files.exists(tmp.resolve("bounded/f" + last)));
        assertEquals("0", Files.readString(tmp.resolve("bounded/f0")));
    }

    /**
     * The bound counts the named operands and the dir/ operands of one top-level name together:
     * a name the merged dir/ operands hold and named operands hold too merged 15 directories,
     * the dir/ operands' past the bound added to the named ones', none said to be left out.
     */
    @Test
    void namedAndDirOperandsOfOneNameMergeNoMoreThanTheBound() throws IOException {
        List<String> dirOperands = new java.util.ArrayList<>();
        List<String> named = new java.util.ArrayList<>();
        for (int i = 0; i < MERGE_BOUND; i++) {
            Path dir = Files.createDirectories(tmp.resolve("bound/d" + i + "/x"));
            SideBySide.writeText(dir, "from-d" + i, "d" + i);
            dirOperands.add(tmp.resolve("bound/d" + i) + "/");
            Path namedDir = Files.createDirectories(tmp.resolve("bound/n" + i + "/x"));
            SideBySide.writeText(namedDir, "from-n" + i, "n" + i);
            named.add(namedDir.toString());
        }
        List<String> args = new java.util.ArrayList<>(List.of("-a", dirOperands.get(0)));
        args.addAll(named.subList(1, MERGE_BOUND));
        args.addAll(dirOperands.subList(1, MERGE_BOUND));
        args.add(tmp.resolve("bounded") + "/");
        Cli.Result result = Cli.rdcp(args.toArray(String[]::new));
        try (var merged = Files.list(tmp.resolve("bounded/x"))) {
            assertEquals(MERGE_BOUND, merged.count(), result::toString);
        }
        assertEquals(23, result.exitCode(), result::toString);
        assertTrue(result.err().contains("d1/x: not sent: more than"), result.err());
        assertTrue(Files.exists(tmp.resolve("bounded/x/from-d0")));
        assertTrue(Files.exists(tmp.resolve("bounded/x/from-n" + (MERGE_BOUND - 1))));
    }
}
