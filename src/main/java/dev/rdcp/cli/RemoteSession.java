package dev.rdcp.cli;

import dev.rdcp.session.ClientSession;
import dev.rdcp.session.LocalServer;
import dev.rdcp.transport.DeviceOpening;
import dev.rdcp.session.SessionConfig;
import dev.rdcp.session.SshServerProcess;
import dev.rdcp.transport.BootstrapChannel;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A copy's one session with the other end: a daemon reached directly, an rdcp started over ssh,
 * or for a local copy a server in this process.
 */
final class RemoteSession {

    /** What the copy does with the session once it is open. */
    @FunctionalInterface
    interface Action {
        void run(ClientSession session) throws IOException;
    }

    private final SessionConfig config;
    private final Path secretFile;
    private final List<String> shell;
    private final String rdcpPath;
    /** -M: arguments for the rdcp the remote shell starts, after its --server. */
    private final List<String> remoteOptions;
    private final Connector connector;
    /** --no-super: a local copy's receiver, in this process, acts as a user even as root. */
    private final boolean noSuper;

    /**
     * @param shell the remote shell command and its arguments
     * @param connector how the connection to a daemon or to the rdcp ssh started is made
     */
    RemoteSession(SessionConfig config, Path secretFile, List<String> shell, String rdcpPath, Connector connector) {
        this(config, secretFile, shell, rdcpPath, List.of(), connector, false);
    }

    /**
     * @param remoteOptions -M's arguments for the rdcp a remote shell starts
     * @param noSuper whether a local copy's receiver acts as a user even as root (--no-super)
     */
    RemoteSession(SessionConfig config, Path secretFile, List<String> shell, String rdcpPath,
            List<String> remoteOptions, Connector connector, boolean noSuper) {
        this.config = config;
        this.secretFile = secretFile;
        this.shell = shell;
        this.rdcpPath = rdcpPath;
        this.remoteOptions = List.copyOf(remoteOptions);
        this.connector = connector;
        this.noSuper = noSuper;
    }

    /** Connects (to the daemon, or through ssh to an rdcp it starts there) and runs {@code action}. */
    void run(Location remote, Action action) throws IOException, InterruptedException {
        Duration timeout = Duration.ofSeconds(config.timeoutSeconds());
        // Opened while ssh starts and the connection is made; closed after the session (by then the
        // transport has taken it, unless TCP carried the session).
        try (DeviceOpening device = ClientSession.openDevice(config)) {
            if (remote.kind() == Location.Kind.LOCAL) {
                try (LocalServer server = LocalServer.start(config, noSuper);
                        BootstrapChannel channel = new BootstrapChannel(connector.toLoopback().connect(
                                server.host().getHostAddress(), server.port()), timeout)) {
                    action.run(new ClientSession(channel, config, server.token(), device, true));
                }
                return;
            }
            if (remote.kind() == Location.Kind.DAEMON) {
                byte[] secret = secretFile == null ? null : Secrets.read(secretFile);
                try (BootstrapChannel channel = new BootstrapChannel(connector.connect(remote.host(), remote.port()),
                        timeout)) {
                    action.run(new ClientSession(channel, config, secret, device));
                }
                return;
            }
            try (SshServerProcess ssh = SshServerProcess.start(shell, remote.userAtHost(), rdcpPath, remoteOptions,
                    config.timeoutSeconds())) {
                try (BootstrapChannel channel = new BootstrapChannel(connector.connect(remote.host(), ssh.port()),
                        timeout)) {
                    ssh.connected();
                    action.run(new ClientSession(channel, config, ssh.token(), device));
                }
                // The session already reported every failure; this only lets the remote rdcp exit cleanly.
                ssh.waitFor(config.timeoutSeconds());
            }
        }
    }
}
