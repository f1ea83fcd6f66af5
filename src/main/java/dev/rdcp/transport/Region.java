package dev.rdcp.transport;

import java.io.IOException;

/**
 * Memory registered with a {@link Transport}: the sender writes from it, or (when registered
 * peer-writable) the peer writes into it. The peer names a byte of it by {@code address() +
 * offset} and {@code key()}, which the receiver advertises in MR messages.
 */
public interface Region extends AutoCloseable {

    /** The address the peer gives for this region's first byte in a write. */
    long address();

    /** The key the peer gives in a write into this region. */
    int key();

    /** Unregisters; call it only once the transport is disconnected or no write can touch the region. */
    @Override
    void close() throws IOException;
}
