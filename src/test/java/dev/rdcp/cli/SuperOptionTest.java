package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.posix.ProcessIdentities;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.io.file.PathUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * --super and --no-super beside rsync, as root: --no-super makes a receiver on this host act as a
 * user (no owner given, no device made); --super makes a daemon running as nobody attempt the
 * owner and report the kernel's refusal (23), as rsyncd does.
 */
@Timeout(120)
class SuperOptionTest extends SideBySideTest {

    private static final int SOURCE_OWNER = 4321;

    private static int owner(Path path) throws IOException {
        return (Integer) Files.getAttribute(path, "unix:uid", LinkOption.NOFOLLOW_LINKS);
    }

    /** src/f owned by someone else, and the character device null. */
    private void tree() throws Exception {
        SideBySide.write(sides.source, "f", 10);
        Files.setAttribute(sides.source.resolve("f"), "unix:uid", SOURCE_OWNER);
        Process mknod = new ProcessBuilder("mknod", "-m", "0600", sides.source.resolve("null").toString(), "c", "1", "3")
                .redirectErrorStream(true).start();
        assertEquals(0, mknod.waitFor(), new String(mknod.getInputStream().readAllBytes()));
    }

    @Test
    void aPullWithNoSuperGivesNoOwnerAndMakesNoDevice() throws Exception {
        tree();

        sides.pull(List.of("-aD", "--no-super"), "", "p/");

        for (String side : List.of("rsync", "rdcp")) {
            Path copy = sides.tmp.resolve(side + "-p");
            assertEquals(0, owner(copy.resolve("f")), side + ": the receiver's own user, root");
            assertFalse(Files.exists(copy.resolve("null"), LinkOption.NOFOLLOW_LINKS), side);
        }
    }

    @Test
    void aLocalCopyWithNoSuperActsAsAUserAndSuperAfterItUndoesThat() throws Exception {
        tree();
        String source = sides.source + "/";
        RsyncComparison.rsync(sides.tmp, "-aD", "--no-super", "src/", "rsync-l/");

        Cli.Result noSuper = Cli.rdcp("-aD", "--no-super", source, sides.tmp.resolve("rdcp-l") + "/");

        assertEquals(0, noSuper.exitCode(), noSuper::toString);
        RsyncComparison.assertSameTree(sides.tmp.resolve("rsync-l"), sides.tmp.resolve("rdcp-l"));
        assertEquals(0, owner(sides.tmp.resolve("rdcp-l/f")));
        Cli.Result last = Cli.rdcp("-aD", "--no-super", "--super", source, sides.tmp.resolve("rdcp-s") + "/");
        assertEquals(0, last.exitCode(), last::toString);
        assertEquals(SOURCE_OWNER, owner(sides.tmp.resolve("rdcp-s/f")), "the last of the two counts, as rsync's");
        assertTrue(Files.exists(sides.tmp.resolve("rdcp-s/null"), LinkOption.NOFOLLOW_LINKS));
    }

    /** As root --super changes nothing: the same tree as rsync's, owners kept. */
    @Test
    void aPushWithSuperAsRootCopiesAsRsyncDoes() throws Exception {
        SideBySide.write(sides.source, "f", 10);
        Files.setAttribute(sides.source.resolve("f"), "unix:uid", SOURCE_OWNER);

        sides.push(0, List.of("-a", "--super"), "d/", "src/");

        assertEquals(SOURCE_OWNER, owner(sides.rdcpCopy("d/f")));
    }

    /** rsyncd honours a client's --super as a user: it attempts chown, and reports the refusal (23). */
    @Test
    void aDaemonRunningAsNobodyAttemptsTheOwnerWithSuperAndReportsTheRefusal() throws Exception {
        Path dir = Files.createTempDirectory(Path.of("/tmp"), "rdcp-super-");
        try {
            Path served = NobodyDaemon.servedTree(dir);
            int nobody = ProcessIdentities.user("nobody").uid();
            Path file = Files.writeString(dir.resolve("f"), "data");
            Files.setAttribute(file, "unix:uid", SOURCE_OWNER);
            try (NobodyDaemon daemon = new NobodyDaemon(dir.resolve("served"), dir.resolve("daemon.log"))) {
                Cli.Result plain = Cli.rdcp("--transport", "tcp", "--port", daemon.port(), "-a", file.toString(),
                        "127.0.0.1::tree/plain");
                assertEquals(0, plain.exitCode(), plain.toString());
                assertEquals(nobody, owner(served.resolve("plain")), "as a user: the owner left, silently");

                Cli.Result result = Cli.rdcp("--transport", "tcp", "--port", daemon.port(), "-a", "--super",
                        file.toString(), "127.0.0.1::tree/super");

                assertEquals(23, result.exitCode(), result.toString());
                assertTrue(result.err().lines().anyMatch(line -> line.endsWith("chown failed: Operation not permitted")),
                        result.toString());
            }
        } finally {
            PathUtils.deleteDirectory(dir);
        }
    }
}
