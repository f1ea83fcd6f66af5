package dev.rdcp.transport;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.io.IOException;

/**
 * Notices a peer that is gone or stuck while the transfer waits on RDMA: the bootstrap TCP
 * connection closing (the peer process died) or no message for longer than the timeout.
 */
public final class PeerWatch {

    private final BootstrapChannel channel;
    private final long timeoutNanos;
    private long lastActivity = System.nanoTime();

    public PeerWatch(BootstrapChannel channel, long timeoutSeconds) {
        this.channel = channel;
        this.timeoutNanos = timeoutSeconds * 1_000_000_000L;
    }

    public void activity() {
        lastActivity = System.nanoTime();
    }

    /** True when the peer has closed the bootstrap connection. */
    public boolean peerGone() throws IOException {
        return channel.peerClosed();
    }

    /** Called when a wait for the peer came back empty. */
    public void check() throws IOException {
        if (channel.peerClosed()) {
            throw new RdcpException(ExitCode.SOCKET_IO, "the peer closed the connection in the middle of the transfer");
        }
        if (System.nanoTime() - lastActivity > timeoutNanos) {
            throw new RdcpException(ExitCode.TIMEOUT, "no word from the peer for " + timeoutNanos / 1_000_000_000L
                    + " s (--timeout)");
        }
    }
}
