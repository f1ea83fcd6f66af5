package dev.rdcp.transport;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.io.IOException;

/**
 * Notices a peer that is gone or stuck while the transfer waits for it: its connection closing
 * (the peer process died) or no message for longer than the timeout.
 */
public final class PeerWatch {

    private final PeerPresence channel;
    private final long timeoutNanos;
    private long lastActivity = System.nanoTime();
    private long lastKeepalive = System.nanoTime();

    public PeerWatch(PeerPresence channel, long timeoutSeconds) {
        this.channel = channel;
        this.timeoutNanos = timeoutSeconds * 1_000_000_000L;
    }

    public void activity() {
        lastActivity = System.nanoTime();
    }

    private PeerState look() throws IOException {
        PeerState state = channel.peerState();
        if (state == PeerState.BUSY) {
            activity();
        }
        return state;
    }

    /**
     * This side is busy without messages: sends a keepalive at most
     * every third of the timeout. A failure to send is left for the next wait to notice.
     */
    public void busy() {
        long now = System.nanoTime();
        if (now - lastKeepalive < timeoutNanos / 3) {
            return;
        }
        lastKeepalive = now;
        try {
            channel.sendKeepalive();
        } catch (IOException e) {
            // The peer is gone or the connection broke: the next check() says so.
        }
    }

    /** True when the peer has closed its connection. */
    public boolean peerGone() throws IOException {
        return look() == PeerState.CLOSED;
    }

    /** The session is over for this side: waits for the peer to close its end. */
    public void awaitPeerClose() throws IOException {
        channel.awaitClose();
    }

    /** Called when a wait for the peer came back empty. */
    public void check() throws IOException {
        if (look() == PeerState.CLOSED) {
            throw new RdcpException(ExitCode.SOCKET_IO, "the peer closed the connection in the middle of the transfer");
        }
        if (System.nanoTime() - lastActivity > timeoutNanos) {
            throw new RdcpException(ExitCode.TIMEOUT, "no word from the peer for " + timeoutNanos / 1_000_000_000L
                    + " s (--timeout)");
        }
    }
}
