package dev.rdcp.session;

import dev.rdcp.transfer.TransferReport;
import dev.rdcp.transport.BootstrapChannel;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;

/**
 * {@code rdcp --server}, started by a client over ssh: listens on an ephemeral port for one
 * connection, tells the client the port and a one-time token on stdout (through ssh), serves
 * that one client authenticated by the token, and exits. Nothing listens before or after.
 */
public final class SshServerMode {

    /** The line the client waits for: {@code RDCP-SERVER <port> <token>}. */
    public static final String GREETING = "RDCP-SERVER";
    private static final SecureRandom RANDOM = new SecureRandom();

    private SshServerMode() {
    }

    public static TransferReport run(SessionConfig config, PrintWriter out) throws IOException {
        byte[] tokenBytes = new byte[24];
        RANDOM.nextBytes(tokenBytes);
        String token = HexFormat.of().formatHex(tokenBytes);
        Socket client;
        // A channel's socket: the accepted connection has a channel, which a TCP transfer reads from.
        try (ServerSocket listener = ServerSocketChannel.open().socket()) {
            listener.bind(new InetSocketAddress(listenAddress(), 0), 1);
            listener.setSoTimeout((int) Duration.ofSeconds(config.timeoutSeconds()).toMillis());
            out.println(GREETING + " " + listener.getLocalPort() + " " + token);
            out.flush();
            client = listener.accept();
        }
        ServerPolicy policy = ServerPolicy.ssh(Path.of("").toAbsolutePath(), token.getBytes(StandardCharsets.US_ASCII));
        try (BootstrapChannel channel = new BootstrapChannel(client, Duration.ofSeconds(config.timeoutSeconds()))) {
            return new ServerSession(policy, config).serve(channel);
        }
    }

    /** The address the ssh connection arrived on, so the port is reachable where ssh was; else all. */
    private static InetAddress listenAddress() throws IOException {
        String connection = System.getenv("SSH_CONNECTION");
        if (connection != null) {
            String[] fields = connection.trim().split("\\s+");
            if (fields.length == 4) {
                return InetAddress.getByName(fields[2]);
            }
        }
        return null;
    }
}
