package dev.rdcp.cli;

import java.util.Arrays;
import java.util.List;
import picocli.CommandLine.Option;

/** How rdcp reaches the other host over ssh, shared by the copy and doctor commands. */
final class RemoteShellOptions {

    @Option(names = {"-e", "--rsh"}, paramLabel = "COMMAND", defaultValue = "ssh",
            description = "Remote shell for HOST:PATH (default: ${DEFAULT-VALUE}).")
    String rsh;

    @Option(names = "--rdcp-path", paramLabel = "PROGRAM", defaultValue = "rdcp",
            description = "rdcp on the remote host (default: ${DEFAULT-VALUE}).")
    String rdcpPath;

    /** The remote shell command and its own arguments, split at white space as rsync splits -e. */
    List<String> shell() {
        return Arrays.asList(rsh.trim().split("\\s+"));
    }
}
