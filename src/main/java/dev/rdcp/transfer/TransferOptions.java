package dev.rdcp.transfer;

/**
 * How a transfer runs. {@code chunkSize} bytes move per RDMA WRITE; the receiver stages
 * {@code slots} chunks at once, which is how many WRITEs can be in flight; the sender registers its
 * mmap of a source {@code windowChunks} chunks at a time.
 */
public record TransferOptions(int chunkSize, int slots, int windowChunks, boolean preserveTimes,
        boolean preservePermissions) {

    public static final int MIN_CHUNK = 4096;
    public static final int MAX_CHUNK = 64 << 20;
    public static final int DEFAULT_CHUNK = 1 << 20;
    public static final int DEFAULT_SLOTS = 8;
    public static final int DEFAULT_WINDOW_CHUNKS = 16;
    /** Files the sender may have announced whose STATUS has not come back yet. */
    public static final int FILES_IN_FLIGHT = 16;

    public TransferOptions {
        if (chunkSize < MIN_CHUNK || chunkSize > MAX_CHUNK || chunkSize % MIN_CHUNK != 0) {
            throw new IllegalArgumentException("chunk size must be a multiple of 4 KiB between 4 KiB and 64 MiB");
        }
        if (slots < 1 || windowChunks < 1) {
            throw new IllegalArgumentException("slots and window must be positive");
        }
    }

    /** Receive buffers each side posts: more than the most messages its peer can have outstanding. */
    public int receiveBuffers() {
        return slots + 2 * FILES_IN_FLIGHT + 4;
    }

    /** Send buffers: the same bound, the other way. */
    public int sendBuffers() {
        return receiveBuffers();
    }

    /** Send queue depth: a WRITE and a SEND per chunk in flight, plus the control messages. */
    public int queueDepth() {
        return 2 * slots + 2 * FILES_IN_FLIGHT + 8;
    }
}
