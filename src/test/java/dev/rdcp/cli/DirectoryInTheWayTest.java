package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A directory on the receiver where the sender has a file or a symlink, run by rdcp (over TCP,
 * to an in-process daemon) and by rsync on the same trees: trees and exit codes compared.
 */
class DirectoryInTheWayTest extends SideBySideTest {

    @BeforeEach
    void tree() throws Exception {
        SideBySide.write(sides.source, "f", 10);
        SideBySide.symlink(sides.source, "l", "f");
    }

    /** An empty directory is replaced, as rsync replaces it. */
    @Test
    void anEmptyDirectoryIsReplaced() throws Exception {
        for (String side : List.of("rsync", "rdcp")) {
            Files.createDirectories(sides.served.resolve(side + "/f"));
            Files.createDirectories(sides.served.resolve(side + "/l"));
        }
        sides.push(0, List.of("-a"), "", "src/");
        assertTrue(Files.isRegularFile(sides.served.resolve("rdcp/f")));
        assertTrue(Files.isSymbolicLink(sides.served.resolve("rdcp/l")));
    }

    /**
     * A dry run tells what the real one would: with an excluded file in the directory, it would
     * stay, so the file fails (23), as rsync's dry run says.
     */
    @Test
    void aDryRunTellsThatAnExcludedFileKeepsTheDirectory() throws Exception {
        for (String side : List.of("rsync", "rdcp")) {
            SideBySide.write(sides.served.resolve(side), "f/in.log", 3);
            SideBySide.write(sides.served.resolve(side), "f/other", 3);
        }
        Cli.Result result = sides.push(23, List.of("-rnv", "--delete", "--exclude=*.log"), "", "src/");
        assertTrue(result.out().contains("deleting f/other"), result.toString());
    }

    /** One with contents stays (23) without --delete, and goes with it, as rsync. */
    @Test
    void aDirectoryWithContentsGoesOnlyWithDelete() throws Exception {
        for (String side : List.of("rsync", "rdcp")) {
            SideBySide.write(sides.served.resolve(side), "f/inner/x", 3);
        }
        sides.push(23, List.of("-a"), "", "src/");
        sides.push(0, List.of("-a", "--delete"), "", "src/");
        assertTrue(Files.isRegularFile(sides.served.resolve("rdcp/f")));
    }
}
