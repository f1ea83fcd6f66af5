package dev.rdcp.session;

import dev.rdcp.transport.RdmaSettings;

/** The local RDMA device choice and how long to wait for a silent peer. */
public record SessionConfig(RdmaSettings rdma, long timeoutSeconds) {
}
