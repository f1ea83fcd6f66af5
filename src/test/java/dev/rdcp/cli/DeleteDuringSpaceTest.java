package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
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

    private final NearlyFullDestinations full = new NearlyFullDestinations();

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
        full.close();
    }

    @Test
    void aLocalCopyDeletesInEachDirectoryBeforeItsFilesAsRsync() throws Exception {
        full.make(tmp.resolve("rsync-small"));
        full.make(tmp.resolve("rdcp-small"));
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
        full.make(sides.served.resolve("rsync"));
        full.make(sides.served.resolve("rdcp"));
        SideBySide.Outputs outputs = sides.push(0, new byte[0], List.of("-a", "--delete"), "", "src/");
        assertEquals(0, outputs.rdcp().exitCode(), outputs.rdcp()::toString);
        assertTrue(Files.exists(sides.rdcpCopy("z/big")));
        assertFalse(Files.exists(sides.rdcpCopy("z/old1")));
    }

    @Test
    void aPullDeletesInEachDirectoryBeforeItsFilesAsRsync() throws Exception {
        full.make(tmp.resolve("rsync-pulled"));
        full.make(tmp.resolve("rdcp-pulled"));
        sides.pull(List.of("-a", "--delete"), "", "pulled/");
        assertTrue(Files.exists(tmp.resolve("rdcp-pulled/z/big")));
        assertFalse(Files.exists(tmp.resolve("rdcp-pulled/z/old1")));
        assertFalse(Files.exists(tmp.resolve("rdcp-pulled/gone")));
    }
}
