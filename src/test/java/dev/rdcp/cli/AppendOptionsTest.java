package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * --append and --append-verify beside rsync: each side's destination holds the start of some
 * files (one whose bytes there are not the sender's), a longer file and none of another; the
 * trees and the -i lines compared, push and pull.
 */
class AppendOptionsTest extends SideBySideTest {

    @BeforeEach
    void started() throws Exception {
        SideBySide.write(sides.source, "grown.txt", 1000);
        SideBySide.write(sides.source, "sub/big.bin", 300_000);
        SideBySide.write(sides.source, "other-start.bin", 200_000);
        SideBySide.write(sides.source, "longer.txt", 10);
        SideBySide.write(sides.source, "new.txt", 7);
        sides.bothSides("grown.txt", 400);
        sides.bothSides("sub/big.bin", 100_001);
        sides.bothSides("other-start.bin", 70_000);
        sides.bothSides("longer.txt", 20);
        for (String side : List.of("rsync", "rdcp")) {
            Path file = sides.served.resolve(side + "/other-start.bin");
            byte[] bytes = Files.readAllBytes(file);
            bytes[10] ^= 0x5a;
            Files.write(file, bytes);
            Files.setLastModifiedTime(file, Files.getLastModifiedTime(sides.source.resolve("grown.txt")));
        }
        for (String directory : List.of("rsync", "rdcp", "rsync/sub", "rdcp/sub")) {
            SideBySide.datedDirectory(sides.served.resolve(directory));
        }
        RsyncComparison.rsync(sides.tmp, "-a", "served/rsync/", "again/");
    }


    /** Pushes with {@code option}; returns rsync's -i lines that rdcp does not print. */
    private TreeSet<String> compare(String option) throws Exception {
        Cli.Result rdcp = sides.push(0, List.of("-a", "-i", option), "", "src/");
        String rsyncLines = RsyncComparison.rsync(sides.tmp, "-a", "-i", option, "src/", "again/");
        TreeSet<String> onlyRsync = ItemizedLines.of(rsyncLines);
        onlyRsync.removeAll(ItemizedLines.of(rdcp.out()));
        TreeSet<String> onlyRdcp = ItemizedLines.of(rdcp.out());
        onlyRdcp.removeAll(ItemizedLines.of(rsyncLines));
        assertEquals(new TreeSet<>(), onlyRdcp);
        assertEquals(true, ItemizedLines.of(rsyncLines).contains(">f.s....... grown.txt"), rsyncLines);
        return onlyRsync;
    }

    /** Whether rdcp's other-start.bin now starts with the sender's bytes. */
    private boolean startFixed() throws IOException {
        return Files.readAllBytes(sides.served.resolve("rdcp/other-start.bin"))[10]
                == Files.readAllBytes(sides.source.resolve("other-start.bin"))[10];
    }

    @Test
    void appendAppendsWhatRsyncAppends() throws Exception {
        assertEquals(new TreeSet<>(), compare("--append"));
        assertEquals(20, Files.size(sides.served.resolve("rdcp/longer.txt")), "as long or longer: left alone");
        assertEquals(false, startFixed(), "--append does not check the bytes there");
    }

    @Test
    void appendVerifyResendsWhatRsyncResends() throws Exception {
        // rsync checks after appending and sends the file again in a second pass, itemized again;
        // rdcp checks first and sends it once.
        assertEquals(new TreeSet<>(List.of(">f..t...... other-start.bin")), compare("--append-verify"));
        assertEquals(true, startFixed(), "--append-verify sent the whole file");
    }

    @Test
    void appendOnAPull() throws Exception {
        for (String side : List.of("rsync", "rdcp")) {
            RsyncComparison.rsync(sides.tmp, "-a", "served/rsync/", side + "-pulled/");
        }
        sides.pull(List.of("-a", "--append"), "", "pulled/");
        sides.pull(List.of("-a", "--append-verify"), "", "pulled/");
    }
}
