package dev.rdcp.cli;

import static dev.rdcp.cli.Cli.randomFile;
import static dev.rdcp.cli.Cli.rdcp;
import static dev.rdcp.cli.Cli.sha256;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ssh mode against Debian's openssh-server on 127.0.0.1:2222 inside the VM ({@link LocalSshd}). */
@Tag("vm")
class SshCopyVmTest {

    private static final int SSH_PORT = 2222;

    @TempDir
    static Path sshDir;
    @TempDir
    Path local;

    private static LocalSshd sshd;
    private static String rsh;

    @BeforeAll
    static void startSshd() throws Exception {
        sshd = LocalSshd.start(sshDir, SSH_PORT);
        rsh = sshd.rsh();
    }

    @AfterAll
    static void stopSshd() {
        if (sshd != null) {
            sshd.close();
        }
    }

    private String[] withSsh(String... args) {
        // Emulated, the remote JVM and ssh's key exchange take tens of seconds to start.
        List<String> all = new ArrayList<>(List.of("-e", rsh, "--rdcp-path", RdcpProcess.launcher().toString(),
                "--timeout", "180"));
        all.addAll(List.of(args));
        return all.toArray(String[]::new);
    }

    @Test
    void pushAndPullOverSsh() throws IOException {
        Path remoteDir = Files.createDirectories(local.resolve("remote"));
        Path a = randomFile(local.resolve("a.bin"), (3L << 20) + 5, 21);
        Path b = randomFile(local.resolve("b.bin"), 0, 22);
        Cli.Result push = rdcp(withSsh("-t", a.toString(), b.toString(), "root@127.0.0.1:" + remoteDir + "/"));
        assertEquals(0, push.exitCode(), push::toString);
        assertEquals(sha256(a), sha256(remoteDir.resolve("a.bin")));
        assertEquals(0, Files.size(remoteDir.resolve("b.bin")));
        assertEquals(Files.getLastModifiedTime(a), Files.getLastModifiedTime(remoteDir.resolve("a.bin")));

        Path back = local.resolve("a.back");
        Cli.Result pull = rdcp(withSsh("127.0.0.1:" + remoteDir.resolve("a.bin"), back.toString()));
        assertEquals(0, pull.exitCode(), pull::toString);
        assertEquals(sha256(a), sha256(back));
    }

    @Test
    void treesPushAndPullOverSsh() throws IOException {
        Path source = Files.createDirectories(local.resolve("src"));
        Files.createDirectories(source.resolve("sub/deeper"));
        Files.createDirectories(source.resolve("empty"));
        randomFile(source.resolve("big.bin"), (2L << 20) + 3, 23);
        for (int i = 0; i < 30; i++) {
            Files.writeString(source.resolve("sub/small " + i + ".txt"), "small file " + i);
        }
        Files.writeString(source.resolve("sub/deeper/caf\u00e9.txt"), "unicode name");
        Files.createSymbolicLink(source.resolve("link"), Path.of("sub/small 1.txt"));
        Path remote = Files.createDirectories(local.resolve("remote"));

        Cli.Result push = rdcp(withSsh("-a", source + "/", "root@127.0.0.1:" + remote.resolve("tree") + "/"));
        assertEquals(0, push.exitCode(), push::toString);
        TestTree.assertSameTree(source, remote.resolve("tree"));

        Path back = local.resolve("back");
        Cli.Result pull = rdcp(withSsh("-a", "--json", "127.0.0.1:" + remote.resolve("tree") + "/", back + "/"));
        assertEquals(0, pull.exitCode(), pull::toString);
        TestTree.assertSameTree(source, back);
        assertEquals(32, JsonResult.of(pull).number("transferred"), pull::toString);
    }

    /** As rsync ("remote command not found (code 127)"): the remote shell's status is passed on. */
    @Test
    void aHostWithoutRdcpEndsWithTheShellsCommandNotFound() {
        Cli.Result result = rdcp("-e", rsh, "--rdcp-path", "/nonexistent/rdcp", "/etc/hostname", "127.0.0.1:/tmp/x");
        assertEquals(127, result.exitCode(), result::toString);
        assertTrue(result.err().contains("could not start rdcp on 127.0.0.1"), result.err());
        assertTrue(result.err().contains("rdcp not found there"), result.err());
    }

    /** ssh's own failure, 255, is the client's exit code, as rsync's: scripts retry on it. */
    @Test
    void anSshThatCannotConnectEndsWith255() {
        Cli.Result result = rdcp("-e", "ssh -p 1 -o BatchMode=yes -o StrictHostKeyChecking=no", "/etc/hostname",
                "127.0.0.1:/tmp/x");
        assertEquals(255, result.exitCode(), result::toString);
    }
}
