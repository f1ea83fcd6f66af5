package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Protocol 5's receiver rules over RDMA on rxe0, each beside the guest's rsync on the same trees:
 * --mkpath, --min-size/--max-size, --existing, --max-delete (exit code 25) and --remove-source-files.
 */
@Tag("vm")
class ReceiverRuleOptionsVmTest {

    @TempDir
    Path tmp;

    @Test
    void rulesOverRdmaLeaveRsyncsTrees() throws Exception {
        try (SideBySide sides = SideBySide.overRdma(tmp)) {
            SideBySide.write(sides.source, "small.txt", 10);
            SideBySide.write(sides.source, "a/kilo.bin", 1024);
            SideBySide.write(sides.source, "a/big.bin", 300_000);
            SideBySide.write(sides.source, "b/mid.bin", 2000);

            sides.push(0, List.of("-a", "--mkpath", "--min-size=11", "--max-size=2k"), "deep/er/", "src/");
            assertTrue(Files.exists(sides.served.resolve("rdcp/deep/er/a/kilo.bin")));
            assertFalse(Files.exists(sides.served.resolve("rdcp/deep/er/a/big.bin")));
            assertFalse(Files.exists(sides.served.resolve("rdcp/deep/er/small.txt")));

            sides.bothSides("existing/a/big.bin", 5);
            sides.push(0, List.of("-a", "--existing"), "existing/", "src/");
            assertFalse(Files.exists(sides.served.resolve("rdcp/existing/b")));

            for (String extra : List.of("limited/x1", "limited/x2", "limited/x3/y")) {
                sides.bothSides(extra, 1);
            }
            sides.push(25, List.of("-a", "--delete", "--max-delete=2"), "limited/", "src/");

            Path moving = tmp.resolve("moving");
            RsyncComparison.rsync(tmp, "-a", "src/", "moving/");
            Cli.Result moved = sides.rdcp("-a", "--remove-source-files", moving + "/", "127.0.0.1::rdcp/moved/");
            assertEquals(0, moved.exitCode(), moved::toString);
            RsyncComparison.assertSameTree(sides.source, sides.served.resolve("rdcp/moved"));
            try (var left = Files.walk(moving)) {
                assertTrue(left.allMatch(Files::isDirectory), "every file was removed once in place");
            }
        }
    }
}
