package dev.rdcp.transport;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.io.IOException;
import java.util.function.LongSupplier;

/**
 * Notices a peer that is gone or stuck while the transfer waits for it: its connection closing
 * (the peer process died) or no message for longer than the timeout. Keepalives (a peer busy
 * with long local work) hold the timeout off, except for a daemon's session: there a client
 * that sends nothing but keepalives would hold its slot for ever, so only messages count.
 */
public final class PeerWatch {

    /**
     * How often an empty wait looks at the connection. A look blocks for up to a millisecond (a
     * socket read with a timeout; a timer tick or two in a guest), and a wait comes back empty
     * after every SEND completion, about once per chunk: looking each time would spend that
     * millisecond per chunk.
     */
    static final long LOOK_INTERVAL_NANOS = 100_000_000L;

    private final PeerPresence channel;
    /** Long.MAX_VALUE for --timeout 0: none, as rsync's. */
    private static final long NO_TIMEOUT_KEEPALIVE_NANOS = 10_000_000_000L;
    private final long timeoutNanos;
    /**
     * How often a busy side tells the peer it is alive: a third of the timeout, or, with none,
     * every 10 s, a third of the default, for a peer that keeps its own.
     */
    private final long keepaliveNanos;
    private final boolean keepalivesHoldOff;
    private final LongSupplier nanoClock;
    private long lastActivity;
    private long lastKeepalive;
    private boolean keepaliveSinceActivity;
    private long lastLook;

    public PeerWatch(PeerPresence channel, long timeoutSeconds) {
        this(channel, timeoutSeconds, true);
    }

    /** @param keepalivesHoldOff whether the peer's keepalives count as word from it (not for a daemon) */
    public PeerWatch(PeerPresence channel, long timeoutSeconds, boolean keepalivesHoldOff) {
        this(channel, timeoutSeconds, keepalivesHoldOff, System::nanoTime);
    }

    /** As above, reading the time from {@code nanoClock} (a test's clock). */
    PeerWatch(PeerPresence channel, long timeoutSeconds, boolean keepalivesHoldOff, LongSupplier nanoClock) {
        this.channel = channel;
        this.timeoutNanos = timeoutSeconds == 0 ? Long.MAX_VALUE : timeoutSeconds * 1_000_000_000L;
        this.keepaliveNanos = timeoutSeconds == 0 ? NO_TIMEOUT_KEEPALIVE_NANOS : timeoutNanos / 3;
        this.keepalivesHoldOff = keepalivesHoldOff;
        this.nanoClock = nanoClock;
        this.lastActivity = nanoClock.getAsLong();
        this.lastKeepalive = lastActivity;
        this.lastLook = lastActivity - LOOK_INTERVAL_NANOS;
    }

    public void activity() {
        lastActivity = nanoClock.getAsLong();
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
        long now = nanoClock.getAsLong();
        if (now - lastKeepalive < keepaliveNanos) {
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

    /**
     * Called when a wait for the peer came back empty: fails when the peer's connection is closed
     * (looked at no more than every {@link #LOOK_INTERVAL_NANOS}) or it said nothing for longer
     * than the timeout.
     */
    public void check() throws IOException {
        long now = nanoClock.getAsLong();
        if (now - lastLook >= LOOK_INTERVAL_NANOS) {
            lastLook = now;
            if (look() == PeerState.CLOSED) {
                throw new RdcpException(ExitCode.SOCKET_IO, "the peer closed the connection in the middle of the transfer");
            }
        }
        if (nanoClock.getAsLong() - lastActivity > timeoutNanos) {
            throw new RdcpException(ExitCode.TIMEOUT, (keepaliveSinceActivity ? "nothing but keepalives"
                    : "no word") + " from the peer for " + timeoutNanos / 1_000_000_000L + " s (--timeout)");
        }
    }
}
