package dev.rdcp.transfer;

import dev.rdcp.transport.DirectMemory;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A role's direct buffer for reading files it digests or copies locally: allocated at its first
 * use, reused for every file after that and freed when the role closes, so a session holds one
 * whatever its number of files, and a daemon holds none once the session is over.
 */
final class ScratchBuffer implements AutoCloseable {

    private final int bytes;
    private DirectMemory memory;

    ScratchBuffer(int bytes) {
        this.bytes = bytes;
    }

    /** The buffer, allocated on the first call; not to be kept past {@link #close}. */
    ByteBuffer get() throws IOException {
        if (memory == null) {
            memory = DirectMemory.allocate(bytes);
        }
        return memory.buffer();
    }

    /** Frees the buffer, if one was allocated; idempotent. */
    @Override
    public void close() {
        if (memory != null) {
            memory.close();
            memory = null;
        }
    }
}
