package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.verbs.NativeVerbs;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** On this host, which has no RDMA device; the remote checks run against a stand-in for ssh. */
class DoctorCommandTest {

    @TempDir
    Path tmp;

    private static List<String> lines(Cli.Result result) {
        return result.out().lines().toList();
    }

    private static boolean hasLine(Cli.Result result, String start) {
        return lines(result).stream().anyMatch(l -> l.startsWith(start));
    }

    @Test
    void withoutRdmaItSaysWhatIsMissingAndExits40() {
        Cli.Result result = Cli.rdcp("doctor");
        assertEquals(ExitCode.RDMA_UNAVAILABLE.code(), result.exitCode(), result.toString());
        String missing = NativeVerbs.unavailableReason().isPresent() ? "FAIL  libibverbs: cannot load"
                : "FAIL  devices: no RDMA device found";
        assertTrue(hasLine(result, missing), result.out());
        assertTrue(lines(result).get(lines(result).size() - 1).matches("rdcp doctor: \\d+ problems?"), result.out());
        assertTrue(hasLine(result, "      fix: "), result.out());
        assertTrue(hasLine(result, "ok    memlock: ") || hasLine(result, "FAIL  memlock: "), result.out());
        assertEquals("", result.err());
    }

    /** A remote shell that runs the command here: "fake-ssh HOST COMMAND" runs COMMAND. */
    private Path fakeShell() throws IOException {
        return script("fake-ssh", "#!/bin/sh\nshift\nexec sh -c \"$*\"\n");
    }

    private Path script(String name, String text) throws IOException {
        Path script = Files.writeString(tmp.resolve(name), text);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }

    private String localVersion() {
        return new VersionProvider().getVersion()[0];
    }

    @Test
    void aRemoteRdcpOfTheSameReleaseAndAnOpenDaemonPortPass() throws Exception {
        Path remote = script("rdcp", "#!/bin/sh\necho '" + localVersion() + "'\n");
        try (ServerSocket daemon = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Cli.Result result = Cli.rdcp("doctor", "-e", fakeShell().toString(), "--rdcp-path", remote.toString(),
                    "--port", Integer.toString(daemon.getLocalPort()), "--timeout", "5", "user@127.0.0.1");
            assertTrue(hasLine(result, "ok    ssh user@127.0.0.1: reachable"), result.out());
            assertTrue(hasLine(result, "ok    remote " + remote + ": " + localVersion() + ", the same release"),
                    result.out());
            assertTrue(hasLine(result, "ok    daemon 127.0.0.1:" + daemon.getLocalPort() + ": open"), result.out());
            // Without a device here, the copy over RDMA is not attempted (DoctorCommandVmTest makes one).
            assertTrue(hasLine(result, "warn  RDMA round trip with user@127.0.0.1: not tried"), result.out());
        }
    }

    @Test
    void aRemoteRdcpOfAnotherReleaseFails() throws Exception {
        Path remote = script("rdcp", "#!/bin/sh\necho 'rdcp 0.0.1'\n");
        Cli.Result result = Cli.rdcp("doctor", "-e", fakeShell().toString(), "--rdcp-path", remote.toString(),
                "--port", "1", "--timeout", "5", "127.0.0.1");
        assertTrue(hasLine(result, "FAIL  remote " + remote + ": rdcp 0.0.1, here " + localVersion()), result.out());
        assertTrue(hasLine(result, "      fix: install the same rdcp release on both ends"), result.out());
        assertTrue(hasLine(result, "warn  daemon 127.0.0.1:1: not reachable"), result.out());
    }

    @Test
    void aMissingRemoteRdcpFails() throws Exception {
        Cli.Result result = Cli.rdcp("doctor", "-e", fakeShell().toString(), "--rdcp-path",
                tmp.resolve("nowhere/rdcp").toString(), "--port", "1", "--timeout", "5", "127.0.0.1");
        assertTrue(hasLine(result, "FAIL  remote " + tmp.resolve("nowhere/rdcp") + ": not found on 127.0.0.1"),
                result.out());
    }

    @Test
    void anUnreachableHostFailsWithWhatSshSaid() throws Exception {
        Path shell = script("failing-ssh", "#!/bin/sh\necho 'ssh: connect to host nohost port 22: refused' >&2\n"
                + "exit 255\n");
        Cli.Result result = Cli.rdcp("doctor", "-e", shell.toString(), "--port", "1", "--timeout", "5", "nohost");
        assertTrue(hasLine(result, "FAIL  ssh nohost: ssh: connect to host nohost port 22: refused"), result.out());
        assertTrue(!hasLine(result, "ok    remote") && !hasLine(result, "FAIL  remote"), result.out());
    }

    @Test
    void sshNeverPromptsAndGivesUpInTime() {
        assertEquals(List.of("ssh", "-o", "BatchMode=yes", "-o", "ConnectTimeout=7", "-p", "2222"),
                RemoteChecks.batchMode(List.of("ssh", "-p", "2222"), 7));
        assertEquals(List.of("rsh"), RemoteChecks.batchMode(List.of("rsh"), 7));
    }
}
