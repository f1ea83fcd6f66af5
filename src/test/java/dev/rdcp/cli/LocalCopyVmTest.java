package dev.rdcp.cli;

import static dev.rdcp.cli.RsyncComparison.assertSameTree;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A local copy over RDMA on rxe0 (--transport rdma): both ends in one process, each with its own
 * device context and queue pair, the tree the same as rsync's local copy.
 */
@Tag("vm")
class LocalCopyVmTest {

    @TempDir
    Path tmp;

    @Test
    void aLocalCopyAskedToUseRdmaDoes() throws Exception {
        Path source = tmp.resolve("src");
        SideBySide.write(source, "big", 3 << 20);
        SideBySide.write(source, "d/small", 100);
        SideBySide.symlink(source, "link", "big");
        SideBySide.datedDirectory(source.resolve("d"));
        SideBySide.datedDirectory(source);
        assertEquals(0, RsyncComparison.run(tmp, "-a", "src/", "rsync/").exitCode());

        Cli.Result copy = Cli.rdcp("-a", "--json", "--transport", "rdma", "--timeout", "120", source + "/",
                tmp.resolve("rdcp") + "/");

        assertEquals(0, copy.exitCode(), copy.toString());
        assertEquals("rdma", JsonResult.of(copy).text("transport"));
        assertSameTree(tmp.resolve("rsync"), tmp.resolve("rdcp"));
        assertEquals(-1L, Files.mismatch(source.resolve("big"), tmp.resolve("rdcp/big")));
    }
}
