package dev.rdcp.transport;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.io.IOException;

/**
 * Notices a peer that is gone or stuck while the transfer waits for it: its connection closing
 * (the peer process died) or no message for longer than the timeout. Keepalives (a peer busy
 * with long local work) hold the timeout off, except for a daemon's session: there a client
 * that sends nothing but keepalives would hold its slot for ever, so only messages count.
 */
public final class PeerWatch {

    private final PeerPresence channel;
    private final long timeoutNanos;
    private final boolean keepalivesHoldOff;
    private long lastActivity = System.nanoTime();
    private long lastKeepalive = System.nanoTime();
    private boolean keepaliveSinceActivity;

    public PeerWatch(PeerPresence channel, long timeoutSeconds) {
        this(channel, timeoutSeconds, true);
    }

    /** @param keepalivesHoldOff whether the peer's keepalives count as word from it (not for a daemon) */
    public PeerWatch(PeerPresence channel, long timeoutSeconds, boolean keepalivesHoldOff) {
        this.channel = channel;
        this.timeoutNanos = timeoutSeconds * 1_000_000_000L;
        this.keepalivesHoldOff = keepalivesHoldOff;
    }

    public void activity() {
        lastActivity = System.nanoTime();
        keepaliveSinceActivity = false;
    }

    private PeerState look() throws IOException {
        PeerState state = channel.peerState();
        if (state == PeerState.BUSY) {
            if (keepalivesHoldOff) {
                activity();
            } else {
                keepaliveSinceActivity = true;
            }
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
            throw new RdcpException(ExitCode.TIMEOUT, (keepaliveSinceActivity ? "nothing but keepalives"
                    : "no word") + " from the peer for " + timeoutNanos / 1_000_000_000L + " s (--timeout)");
        }
    }
}
