package dev.rdcp.cli;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ProtocolFamily;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.StandardProtocolFamily;
import java.net.UnknownHostException;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Opens the client's TCP connection as rsync's client opens its socket to a daemon: each address
 * of the host in turn until one answers, only IPv4 or IPv6 ones with -4 or -6, each socket bound
 * first to an address of --address in the same family when it is given.
 */
final class Connector {

    private static final Logger LOG = LogManager.getLogger(Connector.class);

    /** How long a connection may take when --contimeout does not say. */
    static final int DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

    private final ProtocolFamily family;
    private final String localAddress;
    private final Integer contimeoutSeconds;

    /**
     * @param family the only address family to use (-4, -6), or null for any
     * @param localAddress --address: the host name or address to bind to, or null
     * @param contimeoutSeconds --contimeout (0: no limit), or null: the default, past which the
     *     failure is a socket error
     */
    Connector(ProtocolFamily family, String localAddress, Integer contimeoutSeconds) {
        this.family = family;
        this.localAddress = localAddress;
        this.contimeoutSeconds = contimeoutSeconds;
    }

    /** No -4, -6 or --address, the default connection timeout. */
    static Connector standard() {
        return new Connector(null, null, null);
    }

    /**
     * For a local copy's connection to its own server on the loopback address: without -4, -6
     * and --address, which rsync's local copy, opening no socket, has no use for either.
     */
    Connector toLoopback() {
        return new Connector(null, null, contimeoutSeconds);
    }

    /** A connected socket, a channel's so that a TCP transfer can read straight into its staging buffers. */
    Socket connect(String host, int port) throws RdcpException {
        IOException last = null;
        for (InetAddress address : addresses(host, port)) {
            Socket socket;
            try {
                socket = SocketChannel.open(familyOf(address)).socket();
            } catch (IOException e) {
                last = e;
                continue;
            }
            try {
                bindLocally(socket, address, host, port);
                socket.connect(new InetSocketAddress(address, port), timeoutMillis());
                LOG.debug("connected to {} ({}) port {}", host, address.getHostAddress(), port);
                return socket;
            } catch (IOException e) {
                close(socket);
                if (e instanceof SocketTimeoutException && contimeoutSeconds != null) {
                    // As rsync: the connection did not come within --contimeout (35).
                    throw new RdcpException(ExitCode.CONNECTION_TIMEOUT, "timed out connecting to " + host + " port "
                            + port + " (--contimeout=" + contimeoutSeconds + ")");
                }
                if (e instanceof RdcpException own) {
                    throw own;
                }
                LOG.debug("cannot connect to {} ({}) port {}: {}", host, address.getHostAddress(), port, e.getMessage());
                last = e;
            }
        }
        throw failure(host, port, last.getMessage());
    }

    /** The host's addresses, in the resolver's order, of the family asked for. */
    private List<InetAddress> addresses(String host, int port) throws RdcpException {
        List<InetAddress> all;
        try {
            all = resolve(host);
        } catch (UnknownHostException e) {
            throw failure(host, port, e.getMessage());
        }
        if (all.isEmpty()) {
            throw failure(host, port, "no " + nameOf(family) + " address for " + host + " ("
                    + (family == StandardProtocolFamily.INET ? "-4" : "-6") + ")");
        }
        return all;
    }

    /**
     * Binds to --address's first address in the family of {@code target} that can be bound; as
     * rsync, when none can, only this target address is ruled out.
     */
    private void bindLocally(Socket socket, InetAddress target, String host, int port) throws IOException {
        if (localAddress == null) {
            return;
        }
        List<InetAddress> locals;
        try {
            locals = resolve(localAddress);
        } catch (UnknownHostException e) {
            throw failure(host, port, "--address " + e.getMessage());
        }
        IOException last = null;
        for (InetAddress local : locals) {
            if (familyOf(local) == familyOf(target)) {
                try {
                    socket.bind(new InetSocketAddress(local, 0));
                    return;
                } catch (IOException e) {
                    last = e;
                }
            }
        }
        throw last == null ? new IOException("--address " + localAddress + " has no " + nameOf(familyOf(target))
                + " address to reach " + target.getHostAddress() + " from")
                : new IOException("cannot bind to --address " + localAddress + ": " + last.getMessage(), last);
    }

    /** {@code name}'s addresses of the family asked for (all with neither -4 nor -6). */
    private List<InetAddress> resolve(String name) throws UnknownHostException {
        List<InetAddress> wanted = new ArrayList<>();
        for (InetAddress address : InetAddress.getAllByName(name)) {
            if (family == null || familyOf(address) == family) {
                wanted.add(address);
            }
        }
        return wanted;
    }

    private int timeoutMillis() {
        return contimeoutSeconds == null ? DEFAULT_CONNECT_TIMEOUT_MS
                : (int) Math.min(Integer.MAX_VALUE, contimeoutSeconds * 1000L);
    }

    private static RdcpException failure(String host, int port, String reason) {
        return new RdcpException(ExitCode.SOCKET_IO, "cannot connect to " + host + " port " + port + ": " + reason);
    }

    private static ProtocolFamily familyOf(InetAddress address) {
        return address instanceof Inet4Address ? StandardProtocolFamily.INET : StandardProtocolFamily.INET6;
    }

    private static String nameOf(ProtocolFamily family) {
        return family == StandardProtocolFamily.INET ? "IPv4" : "IPv6";
    }

    private static void close(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            LOG.debug("closing an unconnected socket: {}", e.getMessage());
        }
    }
}
