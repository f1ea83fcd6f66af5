package dev.rdcp.cli;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.session.ClientSession;
import dev.rdcp.session.LocalServer;
import dev.rdcp.transport.DeviceOpening;
import dev.rdcp.session.SessionConfig;
import dev.rdcp.session.SshServerProcess;
import dev.rdcp.transport.BootstrapChannel;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * A copy's one session with the other end: a daemon reached directly, an rdcp started over ssh,
 * or for a local copy a server in this process.
 */
final class RemoteSession {

    private static final Logger LOG = LogManager.getLogger(RemoteSession.class);

    /** How long a connection may take when --contimeout does not say. */
    static final int DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

    /** What the copy does with the session once it is open. */
    @FunctionalInterface
    interface Action {
        void run(ClientSession session) throws IOException;
    }

    private final SessionConfig config;
    private final Path secretFile;
    private final RemoteShellOptions remoteShell;
    /** --contimeout in seconds (0: no limit), or null: the default, past which the failure is a socket error. */
    private final Integer contimeoutSeconds;

    RemoteSession(SessionConfig config, Path secretFile, RemoteShellOptions remoteShell, Integer contimeoutSeconds) {
        this.config = config;
        this.secretFile = secretFile;
        this.remoteShell = remoteShell;
        this.contimeoutSeconds = contimeoutSeconds;
    }

    /** Connects (to the daemon, or through ssh to an rdcp it starts there) and runs {@code action}. */
    void run(Location remote, Action action) throws IOException, InterruptedException {
        Duration timeout = Duration.ofSeconds(config.timeoutSeconds());
        // Opened while ssh starts and the connection is made; closed after the session (by then the
        // transport has taken it, unless TCP carried the session).
        try (DeviceOpening device = ClientSession.openDevice(config)) {
            if (remote.kind() == Location.Kind.LOCAL) {
                try (LocalServer server = LocalServer.start(config);
                        BootstrapChannel channel = new BootstrapChannel(connect(server.host().getHostAddress(),
                                server.port()), timeout)) {
                    action.run(new ClientSession(channel, config, server.token(), device));
                }
                return;
            }
            if (remote.kind() == Location.Kind.DAEMON) {
                byte[] secret = secretFile == null ? null : Secrets.read(secretFile);
                try (BootstrapChannel channel = new BootstrapChannel(connect(remote.host(), remote.port()), timeout)) {
                    action.run(new ClientSession(channel, config, secret, device));
                }
                return;
            }
            try (SshServerProcess ssh = SshServerProcess.start(remoteShell.shell(), remote.userAtHost(),
                    remoteShell.rdcpPath, List.of(), config.timeoutSeconds())) {
                try (BootstrapChannel channel = new BootstrapChannel(connect(remote.host(), ssh.port()), timeout)) {
                    ssh.connected();
                    action.run(new ClientSession(channel, config, ssh.token(), device));
                }
                // The session already reported every failure; this only lets the remote rdcp exit cleanly.
                ssh.waitFor(config.timeoutSeconds());
            }
        }
    }

    private Socket connect(String host, int port) throws IOException {
        // A channel's socket, so a TCP transfer can read straight into its staging buffers.
        Socket socket = SocketChannel.open().socket();
        try {
            socket.connect(new InetSocketAddress(host, port), contimeoutSeconds == null ? DEFAULT_CONNECT_TIMEOUT_MS
                    : (int) Math.min(Integer.MAX_VALUE, contimeoutSeconds * 1000L));
            LOG.debug("connected to {} port {}", host, port);
        } catch (IOException e) {
            socket.close();
            if (e instanceof SocketTimeoutException && contimeoutSeconds != null) {
                // As rsync: the connection did not come within --contimeout (35).
                throw new RdcpException(ExitCode.CONNECTION_TIMEOUT, "timed out connecting to " + host + " port "
                        + port + " (--contimeout=" + contimeoutSeconds + ")");
            }
            throw new RdcpException(ExitCode.SOCKET_IO, "cannot connect to " + host + " port " + port + ": "
                    + e.getMessage());
        }
        return socket;
    }
}
