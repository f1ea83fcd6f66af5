package dev.rdcp.session;

import dev.rdcp.transport.RdmaSettings;

/** The local RDMA device choice, how long to wait for a silent peer, and (as client) which transport to ask for. */
public record SessionConfig(RdmaSettings rdma, long timeoutSeconds, TransportChoice transport) {

    /** A server's configuration: the client's request picks the transport. */
    public SessionConfig(RdmaSettings rdma, long timeoutSeconds) {
        this(rdma, timeoutSeconds, TransportChoice.AUTO);
    }
}
