package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * --inplace beside rsync: each side's destination holds older files, one of them with a second
 * (hard-linked) name; the trees (the second name's new content included), whether each file kept
 * its inode, and the -i lines compared, push and pull.
 */
class InPlaceOptionsTest extends SideBySideTest {

    @BeforeEach
    void older() throws IOException {
        SideBySide.write(sides.source, "a.txt", 10);
        SideBySide.write(sides.source, "sub/b.bin", 200_000);
        SideBySide.write(sides.source, "new.txt", 7);
        SideBySide.write(sides.source, "shrunk.txt", 5);
        sides.bothSides("a.txt", 3);
        sides.bothSides("sub/b.bin", 300_000);
        sides.bothSides("shrunk.txt", 50);
        for (String side : List.of("rsync", "rdcp")) {
            Files.createLink(sides.served.resolve(side + "/a-second-name"), sides.served.resolve(side + "/a.txt"));
        }
    }

    private Object inode(String side, String name) throws IOException {
        return Files.getAttribute(sides.served.resolve(side + "/" + name), "unix:ino");
    }


    @Test
    void aPushWritesTheFilesInPlaceAsRsyncDoes() throws Exception {
        Object rsyncBefore = inode("rsync", "a.txt");
        Object rdcpBefore = inode("rdcp", "a.txt");
        Path again = sides.tmp.resolve("again");
        for (String directory : List.of("rsync", "rdcp", "rsync/sub", "rdcp/sub")) {
            SideBySide.datedDirectory(sides.served.resolve(directory));
        }
        RsyncComparison.rsync(sides.tmp, "-a", "served/rsync/", "again/");

        Cli.Result rdcp = sides.push(0, List.of("-a", "-i", "--inplace"), "", "src/");

        assertEquals(rsyncBefore, inode("rsync", "a.txt"));
        assertEquals(rdcpBefore, inode("rdcp", "a.txt"));
        assertEquals(10, Files.size(sides.served.resolve("rdcp/a-second-name")));
        String rsyncLines = RsyncComparison.rsync(sides.tmp, "-a", "-i", "--inplace", "src/", again + "/");
        assertEquals(ItemizedLines.of(rsyncLines), ItemizedLines.of(rdcp.out()));
    }

    @Test
    void aPullWritesInPlaceToo() throws Exception {
        for (String side : List.of("rsync", "rdcp")) {
            RsyncComparison.rsync(sides.tmp, "-a", "-H", "served/rsync/", side + "-pulled/");
        }
        Object before = Files.getAttribute(sides.tmp.resolve("rdcp-pulled/a.txt"), "unix:ino");

        sides.pull(List.of("-a", "--inplace"), "", "pulled/");

        assertEquals(before, Files.getAttribute(sides.tmp.resolve("rdcp-pulled/a.txt"), "unix:ino"));
        assertEquals(10, Files.size(sides.tmp.resolve("rdcp-pulled/a-second-name")));
    }

    @Test
    void withBackupsTheOldFileIsCopiedAsRsyncCopiesIt() throws Exception {
        Object before = inode("rdcp", "a.txt");

        sides.push(0, List.of("-a", "-b", "--inplace"), "", "src/");

        assertEquals(before, inode("rdcp", "a.txt"));
        assertEquals(3, Files.size(sides.served.resolve("rdcp/a.txt~")));
        assertEquals(10, Files.size(sides.served.resolve("rdcp/a-second-name")));
        sides.bothSides("a.txt", 4);
        sides.push(0, List.of("-a", "--backup-dir=old", "--append"), "", "src/");
        assertEquals(4, Files.size(sides.served.resolve("rdcp/old/a.txt")));
        assertEquals(10, Files.size(sides.served.resolve("rdcp/a-second-name")));
    }
}
