package dev.rdcp.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

/**
 * ssh mode on the host: a stand-in for ssh that runs the remote command here ({@link #rsh}, for
 * rsync's and rdcp's -e), and a "remote" rdcp that is this build's classes in a JVM of its own.
 */
record FakeSsh(String rsh, String remoteRdcp) {

    /** Writes both scripts into {@code directory}. */
    static FakeSsh in(Path directory) throws IOException {
        Path ssh = Files.writeString(directory.resolve("fake-ssh"), "#!/bin/sh\nshift\nexec \"$@\"\n");
        Path rdcp = Files.writeString(directory.resolve("rdcp"), "#!/bin/sh\nexec '"
                + Path.of(System.getProperty("java.home"), "bin", "java") + "' -cp '"
                + System.getProperty("java.class.path") + "' dev.rdcp.cli.Main \"$@\"\n");
        for (Path script : List.of(ssh, rdcp)) {
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        }
        return new FakeSsh(ssh.toString(), rdcp.toString());
    }

    /** rdcp's options for a host reached through it, over TCP. */
    List<String> rdcpOptions() {
        return List.of("--transport", "tcp", "-e", rsh, "--rdcp-path", remoteRdcp);
    }
}
