package dev.rdcp.transport;

import java.io.IOException;

/** Where a side learns whether its peer is still there, and tells it that it is: see {@link PeerWatch}. */
public interface PeerPresence {

    /** Looks without waiting. */
    PeerState peerState() throws IOException;

    /** Tells the peer this side is alive but busy, without a control message. */
    void sendKeepalive() throws IOException;
}
