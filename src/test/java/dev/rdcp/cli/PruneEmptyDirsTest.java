package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * -m beside rsync: pushes to the in-process daemon and pulls from it, trees and -i lines
 * compared.
 */
class PruneEmptyDirsTest extends SideBySideTest {

    /** src: top, x/y/f, only/skip.o; empty directories: empty/, a/b/c/. */
    @BeforeEach
    void tree() throws Exception {
        SideBySide.write(sides.source, "top", 10);
        SideBySide.write(sides.source, "x/y/f", 20);
        SideBySide.write(sides.source, "only/skip.o", 30);
        Files.createDirectories(sides.source.resolve("empty"));
        Files.createDirectories(sides.source.resolve("a/b/c"));
    }

    /** A directory with nothing but directories beneath it is left out, as is one whose files the filters exclude. */
    @Test
    void emptyDirectoriesAreLeftOut() throws Exception {
        Cli.Result result = sides.push(0, List.of("-aim", "--exclude=*.o"), "", "src/");
        assertTrue(Files.notExists(sides.served.resolve("rdcp/a")));
        assertTrue(Files.notExists(sides.served.resolve("rdcp/only")));
        assertEquals(List.of("<f+++++++++ top", "<f+++++++++ x/y/f", "cd+++++++++ x/", "cd+++++++++ x/y/"),
                result.out().lines().filter(l -> !l.startsWith("created") && !l.endsWith(" ./")).sorted().toList());
    }

    /** With --delete, what the destination has of a pruned directory is deleted, as rsync deletes it. */
    @Test
    void deleteRemovesWhatIsPruned() throws Exception {
        sides.bothSides("a/old", 5);
        sides.bothSides("empty/deeper/old", 5);
        sides.push(0, List.of("-am", "--delete"), "", "src/");
        assertTrue(Files.notExists(sides.served.resolve("rdcp/empty")));
    }

    /** -d lists directories without walking them: each is empty to -m; and a pull prunes as a push does. */
    @Test
    void directoriesNotWalkedArePrunedPushedAndPulled() throws Exception {
        sides.push(0, List.of("-dtm"), "", "src/");
        assertTrue(Files.notExists(sides.served.resolve("rdcp/x")));
        sides.pull(List.of("-am"), "", "p/");
        assertTrue(Files.isRegularFile(tmp.resolve("rdcp-p/x/y/f")));
        assertTrue(Files.notExists(tmp.resolve("rdcp-p/a")));
    }
}
