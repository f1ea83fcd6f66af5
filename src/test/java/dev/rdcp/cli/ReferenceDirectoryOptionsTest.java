package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * --link-dest, --compare-dest and --copy-dest beside rsync: yesterday's snapshot in each side's
 * destination, today's taken with the option; the trees, the hard links (which names share the
 * snapshot's inode) and the -i lines compared.
 */
class ReferenceDirectoryOptionsTest extends SideBySideTest {

    private static final List<String> NAMES = List.of("a.txt", "grown.txt", "sub/b.bin", "chmodded.txt", "new.txt",
            "same-link", "retimed-link", "retargeted-link");

    @BeforeEach
    void yesterday() throws Exception {
        SideBySide.write(sides.source, "a.txt", 10);
        SideBySide.write(sides.source, "grown.txt", 20);
        SideBySide.write(sides.source, "sub/b.bin", 200_000);
        SideBySide.write(sides.source, "chmodded.txt", 30);
        for (String link : List.of("same-link", "retimed-link", "retargeted-link")) {
            SideBySide.symlink(sides.source, link, "a.txt");
        }
        sides.push(0, List.of("-a"), "prev/", "src/");
        for (String side : List.of("rsync", "rdcp")) {
            Path previous = sides.served.resolve(side + "/prev");
            Files.getFileAttributeView(previous.resolve("retimed-link"), BasicFileAttributeView.class,
                    LinkOption.NOFOLLOW_LINKS).setTimes(FileTime.fromMillis(1_000_000_000_000L), null, null);
            Files.delete(previous.resolve("retargeted-link"));
            SideBySide.symlink(previous, "retargeted-link", "elsewhere");
        }
        // rsync consults the reference only for a destination directory it makes itself, which rdcp
        // makes before the list arrives: both start from an existing one.
        for (String today : List.of("rsync/today", "rdcp/today")) {
            SideBySide.datedDirectory(sides.served.resolve(today));
        }
        SideBySide.datedDirectory(sides.tmp.resolve("again"));
        SideBySide.write(sides.source, "grown.txt", 25);
        SideBySide.write(sides.source, "new.txt", 5);
        Files.setPosixFilePermissions(sides.source.resolve("chmodded.txt"), PosixFilePermissions.fromString("rwx------"));
    }

    /** For each name of today's snapshot: whether it is the same inode as in yesterday's. */
    private Map<String, Boolean> linked(String side) throws IOException {
        Map<String, Boolean> linked = new TreeMap<>();
        Path root = sides.served.resolve(side);
        for (String name : NAMES) {
            Path today = root.resolve("today/" + name);
            Path prev = root.resolve("prev/" + name);
            linked.put(name, Files.exists(today, LinkOption.NOFOLLOW_LINKS) && Files.exists(prev, LinkOption.NOFOLLOW_LINKS)
                    && Files.getAttribute(today, "unix:ino", LinkOption.NOFOLLOW_LINKS)
                            .equals(Files.getAttribute(prev, "unix:ino", LinkOption.NOFOLLOW_LINKS)));
        }
        return linked;
    }


    /** rsync's -i lines for the same run into a fresh existing directory, outside the compared trees. */
    private String again(String option) throws Exception {
        return RsyncComparison.rsync(sides.tmp, "-a", "-i", option + "=" + sides.served.resolve("rsync/prev"), "src/",
                "again/");
    }

    @Test
    void linkDestLinksWhatRsyncLinks() throws Exception {
        Cli.Result rdcp = sides.push(0, List.of("-a", "-i", "--link-dest=../prev"), "today/", "src/");

        Map<String, Boolean> rsyncLinks = linked("rsync");
        assertEquals(rsyncLinks, linked("rdcp"));
        assertTrue(rsyncLinks.get("a.txt") && rsyncLinks.get("sub/b.bin") && !rsyncLinks.get("grown.txt")
                && rsyncLinks.get("same-link") && !rsyncLinks.get("retimed-link"), rsyncLinks.toString());
        String rsyncLines = again("--link-dest");
        assertEquals(ItemizedLines.of(rsyncLines), ItemizedLines.of(rdcp.out()));
        assertTrue(ItemizedLines.of(rsyncLines).containsAll(List.of("cLc.t...... retimed-link -> a.txt",
                "cLc........ retargeted-link -> a.txt", ">f.s....... grown.txt")), rsyncLines);
    }

    @Test
    void linkDestOnAPull() throws Exception {
        RsyncComparison.rsync(sides.tmp, "-a", "served/rsync/prev/", "prev/");

        sides.pull(List.of("-a", "--link-dest=../prev"), "", "today/");

        for (String name : NAMES) {
            Path previous = sides.tmp.resolve("prev/" + name);
            if (!Files.exists(previous, LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            Object inode = Files.getAttribute(previous, "unix:ino", LinkOption.NOFOLLOW_LINKS);
            assertEquals(inode.equals(Files.getAttribute(sides.tmp.resolve("rsync-today/" + name), "unix:ino",
                    LinkOption.NOFOLLOW_LINKS)), inode.equals(Files.getAttribute(sides.tmp.resolve("rdcp-today/" + name),
                    "unix:ino", LinkOption.NOFOLLOW_LINKS)), name);
        }
        assertEquals(Files.getAttribute(sides.tmp.resolve("prev/a.txt"), "unix:ino"),
                Files.getAttribute(sides.tmp.resolve("rdcp-today/a.txt"), "unix:ino"));
    }

    @Test
    void aDirectoryAboveTheModuleIsRefused() {
        Cli.Result result = sides.rdcp("-a", "--link-dest=../../../src", sides.source + "/", "127.0.0.1::rdcp/today/");
        assertEquals(3, result.exitCode(), result.toString());
        assertTrue(result.err().contains("--link-dest ../../../src escapes the served directory"), result.err());
    }

    @Test
    void compareDestLeavesOutWhatRsyncLeavesOut() throws Exception {
        Cli.Result rdcp = sides.push(0, List.of("-a", "-i", "--compare-dest=../prev"), "today/", "src/");
        String rsyncLines = again("--compare-dest");
        assertEquals(ItemizedLines.of(rsyncLines), ItemizedLines.of(rdcp.out()));
    }

    /**
     * As rsync, which compares times in whole seconds: a reference file and symlink a fraction of
     * a second off the source's (as an rsync copy leaves them) are linked, not copied or made anew.
     */
    @Test
    void linkDestLinksWhatIsOffByLessThanASecond() throws Exception {
        FileTime near = FileTime.from(SideBySide.OLD.plusMillis(300));
        SideBySide.write(sides.source, "near/f", 40);
        Files.setLastModifiedTime(sides.source.resolve("near/f"), near);
        SideBySide.symlink(sides.source.resolve("near"), "s", "f");
        Files.getFileAttributeView(sides.source.resolve("near/s"), BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                .setTimes(near, null, null);
        for (String side : List.of("rsync", "rdcp")) {
            Path reference = sides.served.resolve(side + "/near-prev");
            SideBySide.write(reference, "f", 40);
            SideBySide.symlink(reference, "s", "f");
        }

        sides.push(0, List.of("-a", "--link-dest=../near-prev"), "near-today/", "src/near/");

        for (String name : List.of("f", "s")) {
            assertEquals(Files.getAttribute(sides.rdcpCopy("near-prev/" + name), "unix:ino", LinkOption.NOFOLLOW_LINKS),
                    Files.getAttribute(sides.rdcpCopy("near-today/" + name), "unix:ino", LinkOption.NOFOLLOW_LINKS), name);
        }
    }

    /**
     * As rsync, which removes a file in a directory's way before it looks in the references: the
     * directory the reference has exactly as listed is then no change -i shows.
     */
    @Test
    void aDirectoryReplacingAFileIsMatchedInTheReference() throws Exception {
        for (String side : List.of("rsync", "rdcp")) {
            SideBySide.write(sides.served.resolve(side + "/today"), "sub", 3);
        }
        SideBySide.Outputs outputs = sides.push(0, new byte[0], List.of("-a", "-i", "--link-dest=../prev"), "today/",
                "src/");
        assertEquals(List.of(), outputs.rsync().lines().filter(l -> l.endsWith(" sub/")).toList(), outputs.rsync());
        assertEquals(List.of(), outputs.rdcp().out().lines().filter(l -> l.endsWith(" sub/")).toList());
    }

    /** As rsync, which makes way for a file first: a symlink where the reference has the file unchanged goes. */
    @Test
    void compareDestRemovesASymlinkWhereTheReferenceHasTheFile() throws Exception {
        for (String side : List.of("rsync", "rdcp")) {
            SideBySide.symlink(sides.served.resolve(side + "/today"), "a.txt", "elsewhere");
        }
        sides.push(0, List.of("-a", "--compare-dest=../prev"), "today/", "src/");
        assertTrue(Files.notExists(sides.rdcpCopy("today/a.txt"), LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void copyDestCopiesWhatRsyncCopies() throws Exception {
        Cli.Result rdcp = sides.push(0, List.of("-a", "-i", "--copy-dest=../prev"), "today/", "src/");
        assertEquals(linked("rsync"), linked("rdcp"));
        String rsyncLines = again("--copy-dest");
        assertEquals(ItemizedLines.of(rsyncLines), ItemizedLines.of(rdcp.out()));
    }

    @Test
    void withIiEveryKindShowsWhatRsyncShows() throws Exception {
        for (String kind : List.of("link", "compare", "copy")) {
            String option = "--" + kind + "-dest=";
            SideBySide.datedDirectory(sides.served.resolve("rsync/ii-" + kind));
            SideBySide.datedDirectory(sides.served.resolve("rdcp/ii-" + kind));
            Cli.Result rdcp = sides.push(0, List.of("-a", "-ii", option + "../prev"), "ii-" + kind + "/", "src/");
            SideBySide.datedDirectory(sides.tmp.resolve("again-" + kind));
            String rsyncLines = RsyncComparison.rsync(sides.tmp, "-a", "-ii", option + sides.served.resolve("rsync/prev"),
                    "src/", "again-" + kind + "/");
            assertEquals(ItemizedLines.of(rsyncLines), ItemizedLines.of(rdcp.out()), kind);
        }
    }

    /**
     * As rsync, which treats a FIFO (or device file) as it treats a symlink: one the reference has
     * as listed is linked by --link-dest, left out by --compare-dest and made anew by --copy-dest,
     * each shown only with -ii; one whose attributes differ there is a local change against it.
     */
    @Test
    void aSpecialFileIsMatchedInTheReferenceAsRsyncMatchesIt() throws Exception {
        Path nodes = sides.tmp.resolve("nodes");
        Files.createDirectories(nodes);
        for (String name : List.of("pipe", "other-mode")) {
            command("mkfifo", nodes.resolve(name).toString());
            command("touch", "-d", "@" + SideBySide.OLD.getEpochSecond(), nodes.resolve(name).toString());
        }
        SideBySide.datedDirectory(nodes);
        sides.push(0, List.of("-a"), "nodes-prev/", "nodes/");
        for (String side : List.of("rsync", "rdcp")) {
            command("chmod", "600", sides.served.resolve(side + "/nodes-prev/other-mode").toString());
        }
        Map<String, String> expected = Map.of("link", "linked", "compare", "absent", "copy", "made");
        for (String kind : List.of("link", "compare", "copy")) {
            for (String side : List.of("rsync", "rdcp")) {
                SideBySide.datedDirectory(sides.served.resolve(side + "/nodes-" + kind));
            }
            SideBySide.Outputs outputs = sides.push(0, new byte[0], List.of("-a", "-ii", "--" + kind + "-dest=../nodes-prev"),
                    "nodes-" + kind + "/", "nodes/");
            assertEquals(ItemizedLines.of(outputs.rsync()), ItemizedLines.of(outputs.rdcp().out()), kind);
            assertTrue(outputs.rsync().contains("cSc..p..... other-mode"), outputs.rsync());
            assertEquals(expected.get(kind), fromReference("rsync", kind), kind);
            assertEquals(expected.get(kind), fromReference("rdcp", kind), kind);
        }
    }

    /** Runs {@code args}, which must succeed: touch and chmod set a FIFO's time and mode without opening it, where Java's calls would wait for a writer. */
    private static void command(String... args) throws Exception {
        assertEquals(0, new ProcessBuilder(args).inheritIO().start().waitFor(), String.join(" ", args));
    }

    /** What a --KIND-dest copy made of the FIFO "pipe": linked to the reference's, made anew, or absent. */
    private String fromReference(String side, String kind) throws IOException {
        Path made = sides.served.resolve(side + "/nodes-" + kind + "/pipe");
        if (!Files.exists(made, LinkOption.NOFOLLOW_LINKS)) {
            return "absent";
        }
        Object reference = Files.getAttribute(sides.served.resolve(side + "/nodes-prev/pipe"), "unix:ino",
                LinkOption.NOFOLLOW_LINKS);
        return reference.equals(Files.getAttribute(made, "unix:ino", LinkOption.NOFOLLOW_LINKS)) ? "linked" : "made";
    }

    @Test
    void mixingKindsIsRsyncsUsageError() {
        Cli.Result result = sides.rdcp("-a", "--link-dest=a", "--copy-dest=b", sides.source + "/", "127.0.0.1::rdcp/x/");
        assertEquals(1, result.exitCode(), result.toString());
        assertTrue(result.err().contains("conflicts with"), result.err());
    }
}
