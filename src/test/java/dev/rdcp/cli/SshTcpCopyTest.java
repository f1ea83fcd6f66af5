package dev.rdcp.cli;

import static dev.rdcp.cli.Cli.randomFile;
import static dev.rdcp.cli.Cli.rdcp;
import static dev.rdcp.cli.Cli.sha256;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ExitCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ssh mode over the TCP transport on the host: a stand-in for ssh runs the remote command
 * locally, and the "remote" rdcp is this build's classes in a JVM of its own.
 */
class SshTcpCopyTest {

    @TempDir
    static Path tools;
    @TempDir
    Path local;

    private static String rsh;
    private static String remoteRdcp;

    @BeforeAll
    static void writeStandIns() throws IOException {
        FakeSsh ssh = FakeSsh.in(tools);
        rsh = ssh.rsh();
        remoteRdcp = ssh.remoteRdcp();
    }

    @Test
    void pushAndPullOverSshUseTcp() throws IOException {
        Path source = randomFile(local.resolve("s.bin"), (3L << 20) + 5, 8);
        Path remoteDir = Files.createDirectories(local.resolve("remote"));
        Cli.Result push = rdcp("--json", "--transport", "tcp", "-e", rsh, "--rdcp-path", remoteRdcp,
                source.toString(), "127.0.0.1:" + remoteDir + "/pushed.bin");
        assertEquals(0, push.exitCode(), push::toString);
        assertEquals("tcp", JsonResult.of(push).text("transport"));
        assertEquals(sha256(source), sha256(remoteDir.resolve("pushed.bin")));

        Cli.Result pull = rdcp("--transport", "tcp", "-e", rsh, "--rdcp-path", remoteRdcp,
                "127.0.0.1:" + remoteDir + "/pushed.bin", local.resolve("pulled.bin").toString());
        assertEquals(0, pull.exitCode(), pull::toString);
        assertEquals(sha256(source), sha256(local.resolve("pulled.bin")));
    }

    /**
     * The remote rdcp's stderr is the user's terminal: a file it skips or misses is told once, by
     * the client, not a second time as a log line of the server (scripts check stderr is empty).
     */
    @Test
    void theServerLogsNoFileProblemOnTheUsersTerminal() throws IOException, InterruptedException {
        Path stderr = local.resolve("remote-stderr");
        Path loggingRdcp = remoteRdcpWritingStderrTo(stderr);
        Path remote = Files.createDirectories(local.resolve("remote"));
        Files.writeString(remote.resolve("a"), "a");
        Files.createSymbolicLink(remote.resolve("link"), Path.of("a"));
        Cli.Result pull = rdcp("-r", "--transport", "tcp", "-e", rsh, "--rdcp-path", loggingRdcp.toString(),
                "127.0.0.1:" + remote + "/", "127.0.0.1:" + remote + "/nosuch", local.resolve("pulled") + "/");
        assertEquals(23, pull.exitCode(), pull::toString);
        assertTrue(pull.out().contains("skipping non-regular file \"link\""), pull::toString);
        assertTrue(pull.err().contains("nosuch"), pull::toString);
        assertEquals("", Files.readString(stderr).lines().filter(l -> !l.contains("copying over TCP"))
                .reduce("", (a, b) -> a + b + "\n"));
    }

    /** A remote rdcp whose stderr (the user's terminal over ssh) goes to {@code stderr} instead. */
    private Path remoteRdcpWritingStderrTo(Path stderr) throws IOException {
        Path script = Files.writeString(local.resolve("rdcp-logged"), "#!/bin/sh\nexec '" + remoteRdcp
                + "' \"$@\" 2>>'" + stderr + "'\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return script;
    }

    /** What the server refuses is told once, by the client: the server printed it too. */
    @Test
    void aRefusalIsOneLineOnTheUsersTerminal() throws IOException {
        Path stderr = local.resolve("remote-stderr");
        Path file = Files.writeString(local.resolve("plain"), "x");
        Path source = Files.createDirectories(local.resolve("src"));
        Files.writeString(source.resolve("a"), "a");
        Cli.Result push = rdcp("-a", "--transport", "tcp", "-e", rsh, "--rdcp-path",
                remoteRdcpWritingStderrTo(stderr).toString(), source + "/", "127.0.0.1:" + file + "/");
        assertEquals(ExitCode.FILE_SELECTION.code(), push.exitCode(), push::toString);
        assertEquals(java.util.List.of("rdcp: " + file + " exists and is not a directory"), push.err().lines()
                .filter(l -> !l.contains("copying over TCP")).toList());
        assertEquals("", Files.readString(stderr).lines().filter(l -> !l.contains("copying over TCP"))
                .reduce("", (a, b) -> a + b + "\n"));
    }

    @Test
    void linkDestAndAppendOverSsh() throws IOException {
        Path source = Files.createDirectories(local.resolve("src"));
        Path file = randomFile(source.resolve("a.bin"), (1L << 20) + 3, 9);
        Path remote = Files.createDirectories(local.resolve("remote"));
        Cli.Result first = rdcp("-a", "--transport", "tcp", "-e", rsh, "--rdcp-path", remoteRdcp,
                source + "/", "127.0.0.1:" + remote + "/prev/");
        assertEquals(0, first.exitCode(), first::toString);

        Cli.Result linked = rdcp("-a", "--link-dest=../prev", "--transport", "tcp", "-e", rsh, "--rdcp-path",
                remoteRdcp, source + "/", "127.0.0.1:" + remote + "/today/");

        assertEquals(0, linked.exitCode(), linked::toString);
        assertEquals(Files.getAttribute(remote.resolve("prev/a.bin"), "unix:ino"),
                Files.getAttribute(remote.resolve("today/a.bin"), "unix:ino"));

        Path pulled = Files.createDirectories(local.resolve("pulled"));
        Files.write(pulled.resolve("a.bin"), java.util.Arrays.copyOf(Files.readAllBytes(file), 1000));
        Object inode = Files.getAttribute(pulled.resolve("a.bin"), "unix:ino");
        Cli.Result appended = rdcp("-a", "--append", "--transport", "tcp", "-e", rsh, "--rdcp-path", remoteRdcp,
                "127.0.0.1:" + remote + "/today/", pulled + "/");

        assertEquals(0, appended.exitCode(), appended::toString);
        assertEquals(sha256(file), sha256(pulled.resolve("a.bin")));
        assertEquals(inode, Files.getAttribute(pulled.resolve("a.bin"), "unix:ino"), "appended in place");
    }
}
