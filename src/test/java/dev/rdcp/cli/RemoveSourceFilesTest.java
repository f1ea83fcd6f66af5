package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.session.ServedModules;
import dev.rdcp.session.ServerPolicy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * --remove-source-files beside rsync: each side copies its own copy of the same source tree
 * (src-rsync, src-rdcp), and both the destinations and what is left of the sources are compared.
 */
class RemoveSourceFilesTest extends SideBySideTest {


    @BeforeEach
    void start() throws IOException {
        for (String side : List.of("src-rsync", "src-rdcp")) {
            Path root = tmp.resolve(side);
            SideBySide.write(root, "a.txt", 10);
            SideBySide.write(root, "sub/b.bin", 300_000);
            SideBySide.write(root, "sub/deeper/c.txt", 5);
            SideBySide.write(root, "big.bin", 5000);
            Files.createDirectories(root.resolve("empty"));
            SideBySide.symlink(root, "sub/link", "b.bin");
        }
    }

    /** rsync from src-rsync into served/rsync, rdcp from src-rdcp to the daemon's served/rdcp. */
    private void push(int exitCode, String... options) throws Exception {
        Files.createDirectories(sides.served.resolve("rsync"));
        Files.createDirectories(sides.served.resolve("rdcp"));
        List<String> rsyncArgs = new ArrayList<>(List.of(options));
        rsyncArgs.addAll(List.of("src-rsync/", "served/rsync/"));
        RsyncComparison.Run run = RsyncComparison.run(tmp, rsyncArgs.toArray(String[]::new));
        assertEquals(exitCode, run.exitCode(), run::output);
        List<String> rdcpArgs = new ArrayList<>(List.of(options));
        rdcpArgs.addAll(List.of(tmp.resolve("src-rdcp") + "/", "127.0.0.1::rdcp/"));
        Cli.Result result = sides.rdcp(rdcpArgs.toArray(String[]::new));
        assertEquals(exitCode, result.exitCode(), result::toString);
        RsyncComparison.assertSameTree(tmp.resolve("src-rsync"), tmp.resolve("src-rdcp"));
        RsyncComparison.assertSameTree(sides.served.resolve("rsync"), sides.served.resolve("rdcp"));
    }

    @Test
    void aPushRemovesWhatArrivedAndKeepsDirectories() throws Exception {
        push(0, "-a", "--remove-source-files");
        assertFalse(Files.exists(tmp.resolve("src-rdcp/sub/b.bin")));
        assertFalse(Files.exists(tmp.resolve("src-rdcp/sub/link"), java.nio.file.LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.isDirectory(tmp.resolve("src-rdcp/sub/deeper")));
        assertTrue(Files.isDirectory(tmp.resolve("src-rdcp/empty")));
    }

    @Test
    void upToDateFilesAreRemovedTooButNotThoseASizeRuleSkips() throws Exception {
        for (String side : List.of("rsync", "rdcp")) {
            Files.createDirectories(sides.served.resolve(side));
            Files.copy(tmp.resolve("src-" + side + "/a.txt"), sides.served.resolve(side + "/a.txt"),
                    java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
        }
        push(0, "-a", "--max-size=4k", "--remove-source-files");
        assertFalse(Files.exists(tmp.resolve("src-rdcp/a.txt")), "up to date: removed");
        assertTrue(Files.exists(tmp.resolve("src-rdcp/big.bin")), "over --max-size: kept");
    }

    @Test
    void filesKeptByIgnoreExistingStay() throws Exception {
        sides.bothSides("a.txt", 3);
        push(0, "-a", "--ignore-existing", "--remove-source-files");
        assertTrue(Files.exists(tmp.resolve("src-rdcp/a.txt")), "the receiver's differs: the source stays");
    }

    @Test
    void aDryRunRemovesNothing() throws Exception {
        push(0, "-a", "-n", "--remove-source-files");
        assertTrue(Files.exists(tmp.resolve("src-rdcp/sub/b.bin")));
    }

    @Test
    void aPullRemovesBeneathTheServedDirectory() throws Exception {
        Path exported = Files.createDirectories(sides.served.resolve("exported"));
        RsyncComparison.rsync(tmp, "-a", "src-rdcp/", exported + "/");
        RsyncComparison.rsync(tmp, "-a", "--remove-source-files", "src-rsync/", "rsync-pulled/");
        Cli.Result result = sides.rdcp("-a", "--remove-source-files", "127.0.0.1::exported/",
                tmp.resolve("rdcp-pulled") + "/");
        assertEquals(0, result.exitCode(), result::toString);
        RsyncComparison.assertSameTree(tmp.resolve("rsync-pulled"), tmp.resolve("rdcp-pulled"));
        RsyncComparison.assertSameTree(tmp.resolve("src-rsync"), exported);
    }

    @Test
    void aReadOnlyModuleRefusesItAsRsyncd() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("read-only-root"));
        Path module = Files.createDirectories(root.resolve("ro"));
        Files.writeString(module.resolve("kept.txt"), "kept\n");
        ServedModules modules = ServedModules.one(ServerPolicy.daemon(root, true, null));
        try (InProcessDaemon readOnly = new InProcessDaemon(modules, 10)) {
            Cli.Result result = Cli.rdcp("--timeout", "10", "--transport", "tcp", "--port",
                    String.valueOf(readOnly.port()), "-a", "--remove-source-files", "127.0.0.1::ro/",
                    tmp.resolve("out") + "/");
            assertEquals(1, result.exitCode(), result::toString);
            assertTrue(result.err().contains("--remove-source-files cannot be used with a read-only module"),
                    result.err());
        }
        assertTrue(Files.exists(module.resolve("kept.txt")));
        assertFalse(Files.exists(tmp.resolve("out/kept.txt")));
    }
}
