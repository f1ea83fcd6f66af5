package dev.rdcp.cli;

import dev.rdcp.session.SshServerMode;
import java.io.IOException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rdcp --server}: serve one client over ssh; the client's rdcp starts it through the remote
 * shell. A hidden option of the root command rather than a subcommand, because clients of every
 * release start it by that spelling.
 */
final class SshServerCommand {

    @Option(names = "--server", hidden = true, description = "Serve one client over ssh (started by rdcp itself).")
    boolean requested;

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    /** Serves the one client and returns the session's exit code. */
    int run(RdmaOptions rdma) throws IOException {
        return SshServerMode.run(rdma.sessionConfig(), spec.commandLine().getOut()).exitCode();
    }
}
