package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ExitCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * --mkpath, --min-size, --max-size and --existing, each run by rdcp (over TCP, to and from an
 * in-process daemon) and by rsync on the same trees, the resulting trees and exit codes compared.
 */
class ReceiverRuleOptionsTest extends SideBySideTest {

    private Path served;

    @BeforeEach
    void start() throws IOException {
        SideBySide.write(sides.source, "empty.txt", 0);
        SideBySide.write(sides.source, "tiny.txt", 99);
        SideBySide.write(sides.source, "hundred.txt", 100);
        SideBySide.write(sides.source, "a/kilo.bin", 1024);
        SideBySide.write(sides.source, "a/b/kilo-plus.bin", 1025);
        SideBySide.write(sides.source, "a/b/big.bin", 1_500_000);
        SideBySide.write(sides.source, "d/mid.bin", 1535);
        SideBySide.symlink(sides.source, "a/link", "kilo.bin");
        served = sides.served;
    }

    @Test
    void mkpathMakesEveryMissingDirectoryOfTheDestination() throws Exception {
        sides.push(0, List.of("-a", "--mkpath"), "x/y/z/", "src/a/kilo.bin");
        assertTrue(Files.isRegularFile(served.resolve("rdcp/x/y/z/kilo.bin")));
    }

    @Test
    void mkpathWithoutATrailingSlashNamesTheFile() throws Exception {
        sides.push(0, List.of("-a", "--mkpath"), "x/y/renamed", "src/a/kilo.bin");
        assertTrue(Files.isRegularFile(served.resolve("rdcp/x/y/renamed")));
    }

    @Test
    void mkpathWithATree() throws Exception {
        sides.push(0, List.of("-a", "--mkpath"), "p/q/r", "src/");
    }

    @Test
    void withoutMkpathAMissingParentIsExitCode3() throws Exception {
        sides.push(ExitCode.FILE_SELECTION.code(), List.of("-a"), "x/y/z", "src/a/kilo.bin");
        assertFalse(Files.exists(served.resolve("rdcp/x")));
    }

    @Test
    void mkpathThroughAFileIsExitCode11() throws Exception {
        sides.bothSides("plain", 10);
        sides.push(ExitCode.FILE_IO.code(), List.of("-a", "--mkpath"), "plain/sub/", "src/a/kilo.bin");
    }

    @Test
    void mkpathInADryRunMakesNothing() throws Exception {
        sides.push(0, List.of("-a", "-n", "--mkpath"), "x/y/", "src/");
        assertFalse(Files.exists(served.resolve("rdcp/x")));
    }

    @Test
    void mkpathOnAPull() throws Exception {
        sides.pull(List.of("-a", "--mkpath"), "a/", "pulled/deep/er");
        assertTrue(Files.isRegularFile(tmp.resolve("rdcp-pulled/deep/er/kilo.bin")));
    }

    /** The daemon's check follows the deepest existing component: a symlink out of the root is refused. */
    @Test
    void mkpathDoesNotLeaveTheServedDirectoryThroughASymlink() throws Exception {
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Files.createDirectories(served.resolve("rdcp"));
        Files.createSymbolicLink(served.resolve("rdcp/escape"), outside);
        Cli.Result result = sides.rdcp("-a", "--mkpath", sides.source.resolve("a/kilo.bin").toString(),
                "127.0.0.1::rdcp/escape/x/y/");
        assertEquals(ExitCode.FILE_SELECTION.code(), result.exitCode(), result::toString);
        try (var entries = Files.list(outside)) {
            assertEquals(0, entries.count());
        }
    }

    @Test
    void maxSizeSkipsLargerFiles() throws Exception {
        sides.push(0, List.of("-a", "--max-size=1k"), "", "src/");
        assertTrue(Files.exists(served.resolve("rdcp/a/kilo.bin")));
        assertFalse(Files.exists(served.resolve("rdcp/a/b/kilo-plus.bin")));
    }

    @Test
    void minSizeSkipsSmallerFiles() throws Exception {
        sides.push(0, List.of("-a", "--min-size=100"), "", "src/");
        assertFalse(Files.exists(served.resolve("rdcp/tiny.txt")));
        assertTrue(Files.exists(served.resolve("rdcp/hundred.txt")));
    }

    @Test
    void sizeSuffixesAndOffsetsAsRsync() throws Exception {
        sides.push(0, List.of("-a", "--min-size=99+1", "--max-size=1.5k-1"), "", "src/");
        assertTrue(Files.exists(served.resolve("rdcp/d/mid.bin")));
        assertFalse(Files.exists(served.resolve("rdcp/a/b/big.bin")));
    }

    @Test
    void decimalSuffixesAsRsync() throws Exception {
        sides.push(0, List.of("-a", "--min-size=1kb", "--max-size=1.5mb-1"), "", "src/");
        assertTrue(Files.exists(served.resolve("rdcp/a/b/kilo-plus.bin")));
        assertFalse(Files.exists(served.resolve("rdcp/a/b/big.bin")), "1,500,000 bytes is over 1,499,999");
    }

    @Test
    void maxSizeZeroKeepsEmptyFiles() throws Exception {
        sides.push(0, List.of("-a", "--max-size=0"), "", "src/");
        assertTrue(Files.exists(served.resolve("rdcp/empty.txt")));
    }

    /** A skipped file that exists keeps its content and metadata, as rsync's generator leaves it. */
    @Test
    void aSkippedFileHereIsLeftAlone() throws Exception {
        sides.bothSides("a/b/big.bin", 7);
        sides.push(0, List.of("-a", "--max-size=2k"), "", "src/");
        assertEquals(7, Files.size(served.resolve("rdcp/a/b/big.bin")));
    }

    @Test
    void sizeLimitsOnAPull() throws Exception {
        sides.pull(List.of("-a", "--min-size=1k", "--max-size=2kb-1"), "", "pulled/");
        assertTrue(Files.exists(tmp.resolve("rdcp-pulled/d/mid.bin")));
    }

    @Test
    void invalidSizesAreUsageErrorsAsInRsync() throws Exception {
        for (String option : List.of("--max-size=x", "--max-size=1q", "--min-size=-1", "--max-size=8192P",
                "--max-size=1k+2", "--max-size=0-1")) {
            sides.assertUsageErrorAsRsync(option);
        }
    }

    @Test
    void existingUpdatesOnlyWhatIsThere() throws Exception {
        sides.bothSides("a/kilo.bin", 3);
        sides.bothSides("hundred.txt", 5);
        Files.createDirectories(served.resolve("rsync/d"));
        Files.createDirectories(served.resolve("rdcp/d"));
        sides.push(0, List.of("-aH", "--existing"), "", "src/");
        assertEquals(1024, Files.size(served.resolve("rdcp/a/kilo.bin")));
        assertFalse(Files.exists(served.resolve("rdcp/a/link")));
        assertFalse(Files.exists(served.resolve("rdcp/a/b")));
        assertFalse(Files.exists(served.resolve("rdcp/d/mid.bin")));
    }

    @Test
    void ignoreNonExistingIntoAMissingDestinationMakesOnlyIt() throws Exception {
        sides.push(0, List.of("-a", "--ignore-non-existing"), "new/", "src/");
        try (var entries = Files.list(served.resolve("rdcp/new"))) {
            assertEquals(0, entries.count());
        }
    }

    @Test
    void existingOnAPull() throws Exception {
        SideBySide.write(tmp.resolve("rsync-pulled"), "a/kilo.bin", 1);
        SideBySide.write(tmp.resolve("rdcp-pulled"), "a/kilo.bin", 1);
        sides.pull(List.of("-a", "--existing"), "", "pulled/");
        assertEquals(1024, Files.size(tmp.resolve("rdcp-pulled/a/kilo.bin")));
    }
}
