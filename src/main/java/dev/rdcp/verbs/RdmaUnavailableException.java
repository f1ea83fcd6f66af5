package dev.rdcp.verbs;

import java.io.IOException;

/** RDMA cannot be used here: no libibverbs, no native shim, no device, or no such device or port. */
public final class RdmaUnavailableException extends IOException {

    private static final long serialVersionUID = 1L;

    public RdmaUnavailableException(String message) {
        super(message);
    }
}
