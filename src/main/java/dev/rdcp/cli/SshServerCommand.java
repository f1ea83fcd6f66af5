package dev.rdcp.cli;

import dev.rdcp.protocol.PeerText;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.session.SshServerMode;
import java.io.IOException;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rdcp --server}: serve one client over ssh; the client's rdcp starts it through the remote
 * shell. A hidden option of the root command rather than a subcommand, because clients of every
 * release start it by that spelling.
 */
final class SshServerCommand {

    private static final Logger LOG = LogManager.getLogger(SshServerCommand.class);

    @Option(names = "--server", hidden = true, description = "Serve one client over ssh (started by rdcp itself).")
    boolean requested;

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    /**
     * Serves the one client and returns the session's exit code. This process's stderr is the
     * user's terminal, where the client already prints what the session refused or failed (it
     * reaches the client in the session): printed here as well, every such error showed twice.
     * That no client came at all is this side's alone to say. {@code fakeSuper}: the client's
     * -M--fake-super.
     */
    int run(RdmaOptions rdma, boolean fakeSuper) throws IOException {
        try {
            return SshServerMode.run(rdma.sessionConfig(), spec.commandLine().getOut(), fakeSuper).exitCode();
        } catch (SshServerMode.NoClientException e) {
            throw e;
        } catch (RdcpException e) {
            LOG.debug("session failed: {}", PeerText.printable(e.getMessage()));
            return e.exitCode().code();
        }
    }
}
