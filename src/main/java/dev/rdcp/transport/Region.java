package dev.rdcp.transport;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Memory a {@link Transport} allocated and registered: the sender writes from it, or (when
 * peer-writable) the peer writes into it. The peer names a byte of it by {@code address() +
 * offset} and {@code key()}, which the receiver advertises in MR messages.
 */
public interface Region extends AutoCloseable {

    /** The memory, page-aligned; the transport frees it when it closes, so not to be touched after. */
    ByteBuffer buffer();

    /** The address the peer gives for this region's first byte in a write. */
    long address();

    /** The key the peer gives in a write into this region. */
    int key();

    /** Unregisters; call it only once the transport is disconnected or no write can touch the region. */
    @Override
    void close() throws IOException;
}
