package dev.rdcp.session;

import dev.rdcp.protocol.StreamCount;
import dev.rdcp.transport.RdmaSettings;

/**
 * The local RDMA device choice, how long to wait for a silent peer, (as client) which transport to
 * ask for, and whether the peer's keepalives hold that wait off: a client's do not for a server,
 * so an idle client ends after the timeout instead of holding its session slot.
 */
public record SessionConfig(RdmaSettings rdma, long timeoutSeconds, TransportChoice transport,
        boolean keepalivesHoldOff) {

    /** A client's configuration: a busy server's keepalives hold the timeout off. */
    public SessionConfig(RdmaSettings rdma, long timeoutSeconds, TransportChoice transport) {
        this(rdma, timeoutSeconds, transport, true);
    }

    /** A server's configuration: the client's request picks the transport, and only its messages count. */
    public SessionConfig(RdmaSettings rdma, long timeoutSeconds) {
        this(rdma, timeoutSeconds, TransportChoice.AUTO, false);
    }

    /**
     * This configuration as a server's: it grants the client the streams it asks for, up to
     * {@link StreamCount#MAX} unless {@code rdma} sets a lower cap.
     */
    SessionConfig serving() {
        return rdma.streams() == 0
                ? new SessionConfig(rdma.withStreams(StreamCount.MAX), timeoutSeconds, transport, keepalivesHoldOff)
                : this;
    }

    /** This configuration waiting {@code seconds} for a silent peer. */
    SessionConfig withTimeout(long seconds) {
        return new SessionConfig(rdma, seconds, transport, keepalivesHoldOff);
    }
}
