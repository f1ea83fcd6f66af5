package dev.rdcp.transport;

/** What a look at the peer shows while a transfer waits for it. */
public enum PeerState {
    /** Nothing arrived: alive, or silent. */
    QUIET,
    /** Keepalives arrived: busy, and alive. */
    BUSY,
    /** The peer closed its end: its process is gone. */
    CLOSED
}
