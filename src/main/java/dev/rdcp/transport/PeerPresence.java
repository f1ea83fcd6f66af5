package dev.rdcp.transport;

import java.io.IOException;

/** Where a side learns whether its peer is still there, and tells it that it is: see {@link PeerWatch}. */
public interface PeerPresence {

    /** Looks without waiting. */
    PeerState peerState() throws IOException;

    /** Tells the peer this side is alive but busy, without a control message. */
    void sendKeepalive() throws IOException;

    /**
     * Waits until the peer has closed its end (keepalives may still come), failing with a
     * timeout when it stays silent and open for the session's timeout. Where control messages
     * share the connection (TCP), a message ends the wait too, for the caller to poll.
     */
    void awaitClose() throws IOException;
}
