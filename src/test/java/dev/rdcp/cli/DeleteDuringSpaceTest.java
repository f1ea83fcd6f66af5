package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Plain --delete (rsync's --delete-during) on a destination that is nearly full: rsync deletes
 * in a directory when it reaches it, before any of its files arrive, so a new file fits where
 * old ones go. rdcp must too: deleting once the directory's whole subtree is listed comes after
 * the file's data. Each destination is a small tmpfs (mounted here, so these tests need root).
 */
class DeleteDuringSpaceTest extends SideBySideTest {

    /** Room for the new files, or for the old ones, not for both. */
    private static final String SIZE = "size=3m";
    private final List<Path> mounts = new ArrayList<>();

    /**
     * The source: z/big (1.5 MB) beside z/sub/ with thousands of empty files, so z/'s listing
     * ends well after big's data could come. The old files, 2.4 MB, are in z/ too.
     */
    @BeforeEach
    void source() throws IOException {
        for (int i = 0; i < 3000; i++) {
            SideBySide.write(sides.source, "z/sub/e" + i, 0);
        }
        SideBySide.write(sides.source, "z/big", 1_500_000);
        SideBySide.write(sides.source, "z/keep", 5);
    }

    @AfterEach
    void unmount() throws Exception {
        for (Path mount : mounts) {
            run("umount", mount.toString());
        }
    }

    /** A small tmpfs at {@code at}, holding the old files in z/ (and one in the top directory). */
    private void fullDestination(Path at) throws Exception {
        Files.createDirectories(at);
        // A failed mount fails the test: skipped, it would prove nothing (CI runs as root).
        run("mount", "-t", "tmpfs", "-o", SIZE, "tmpfs", at.toString());
        mounts.add(at);
        for (int i = 1; i <= 3; i++) {
            SideBySide.write(at, "z/old" + i, 800_000);
        }
        SideBySide.write(at, "gone", 1);
    }

    @Test
    void aLocalCopyDeletesInEachDirectoryBeforeItsFilesAsRsync() throws Exception {
        fullDestination(tmp.resolve("rsync-small"));
        fullDestination(tmp.resolve("rdcp-small"));
        RsyncComparison.Run rsync = RsyncComparison.run(tmp, "-a", "--delete", "src/", "rsync-small/");
        assertEquals(0, rsync.exitCode(), rsync::output);
        Cli.Result rdcp = Cli.rdcp("-ai", "--delete", tmp.resolve("src") + "/", tmp.resolve("rdcp-small") + "/");
        assertEquals(0, rdcp.exitCode(), rdcp::toString);
        RsyncComparison.assertSameTree(tmp.resolve("rsync-small"), tmp.resolve("rdcp-small"));
        List<String> lines = rdcp.out().lines().toList();
        // As rsync's generator: each directory's deletions (parents first), then its files.
        assertTrue(lines.indexOf("*deleting   gone") < lines.indexOf("*deleting   z/old1"), rdcp::toString);
        assertTrue(lines.indexOf("*deleting   z/old1") >= 0
                && lines.indexOf("*deleting   z/old1") < lines.indexOf(">f+++++++++ z/big")
                && lines.indexOf(">f+++++++++ z/keep") < lines.indexOf("cd+++++++++ z/sub/"), rdcp::toString);
    }

    @Test
    void aPushDeletesInEachDirectoryBeforeItsFilesAsRsync() throws Exception {
        fullDestination(sides.served.resolve("rsync"));
        fullDestination(sides.served.resolve("rdcp"));
        SideBySide.Outputs outputs = sides.push(0, new byte[0], List.of("-a", "--delete"), "", "src/");
        assertEquals(0, outputs.rdcp().exitCode(), outputs.rdcp()::toString);
        assertTrue(Files.exists(sides.rdcpCopy("z/big")));
        assertFalse(Files.exists(sides.rdcpCopy("z/old1")));
    }

    @Test
    void aPullDeletesInEachDirectoryBeforeItsFilesAsRsync() throws Exception {
        fullDestination(tmp.resolve("rsync-pulled"));
        fullDestination(tmp.resolve("rdcp-pulled"));
        sides.pull(List.of("-a", "--delete"), "", "pulled/");
        assertTrue(Files.exists(tmp.resolve("rdcp-pulled/z/big")));
        assertFalse(Files.exists(tmp.resolve("rdcp-pulled/z/old1")));
        assertFalse(Files.exists(tmp.resolve("rdcp-pulled/gone")));
    }

    private static void run(String... command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), String.join(" ", command) + ": " + output);
    }
}
