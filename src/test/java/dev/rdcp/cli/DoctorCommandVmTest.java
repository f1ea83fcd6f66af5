package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ExitCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** In the Soft-RoCE VM (rxe0 on dummy0, memlock unlimited) every local check passes. */
@Tag("vm")
class DoctorCommandVmTest {

    @TempDir
    Path tmp;

    @Test
    void allIsWellOnSoftRoce() {
        Cli.Result result = Cli.rdcp("doctor");
        List<String> lines = result.out().lines().toList();
        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(lines.contains("ok    rxe0 port 1: PORT_ACTIVE, link layer Ethernet"), result.out());
        assertTrue(lines.stream().anyMatch(l -> l.matches("ok    GID: would use GID\\[\\d+\\] \\S+ RoCE v2 .*")),
                result.out());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("ok    MTU: active ")), result.out());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("ok    memlock: ")), result.out());
        assertEquals("rdcp doctor: all is well", lines.get(lines.size() - 1));
    }

    /**
     * "fake-ssh HOST COMMAND" runs COMMAND here, so HOST's rdcp is this build, started as ssh
     * would; HOST's temporary files go to {@code remote-tmp}.
     */
    private Path fakeShell() throws IOException {
        Files.createDirectories(tmp.resolve("remote-tmp"));
        return script("fake-ssh", "#!/bin/sh\nshift\nexport TMPDIR=" + tmp.resolve("remote-tmp")
                + "\nexec sh -c \"$*\"\n");
    }

    private Path script(String name, String text) throws IOException {
        Path script = Files.writeString(tmp.resolve(name), text);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }

    /** HOST's rdcp: this release for --version (the in-process build has no jar version), else {@code then}. */
    private Path remoteRdcp(String then) throws IOException {
        return script("rdcp", "#!/bin/sh\n[ \"$1\" = --version ] && { echo '" + new VersionProvider().getVersion()[0]
                + "'; exit 0; }\n" + then + "\n");
    }

    @Test
    void withAHostItCopiesThereAndBackOverRdma() throws Exception {
        Path remote = remoteRdcp("exec " + Path.of("dist/rdcp").toAbsolutePath() + " \"$@\"");
        Cli.Result result = Cli.rdcp("doctor", "-e", fakeShell().toString(), "--rdcp-path", remote.toString(),
                "--port", "1", "--timeout", "120", "user@127.0.0.1");
        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(result.out().lines().anyMatch(l -> l.matches(
                "ok    RDMA round trip with user@127.0.0.1: 1 MiB there and back over RDMA, identical \\(\\d+ ms\\)")),
                result.toString());
        try (Stream<Path> left = Files.list(tmp.resolve("remote-tmp"))) {
            assertEquals(List.of(), left.toList(), "the scratch directory on HOST is left behind");
        }
    }

    @Test
    void aRemoteEndThatCannotServeFailsTheRoundTripWithTheCopysExitCode() throws Exception {
        Path remote = remoteRdcp("echo broken >&2\nexit 1");
        Cli.Result result = Cli.rdcp("doctor", "-e", fakeShell().toString(), "--rdcp-path", remote.toString(),
                "--port", "1", "--timeout", "60", "user@127.0.0.1");
        assertTrue(result.out().contains("FAIL  RDMA round trip with user@127.0.0.1: "), result.toString());
        assertEquals(ExitCode.IPC.code(), result.exitCode(), result.toString());
    }
}
