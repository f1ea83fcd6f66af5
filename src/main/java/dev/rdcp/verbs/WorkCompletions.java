package dev.rdcp.verbs;

import com.sun.jna.Memory;
import dev.rdcp.verbs.jna.IbvConstants;
import dev.rdcp.verbs.jna.ibv_wc;

/**
 * A reusable batch of work completions in native memory, read by offset: polling into it
 * allocates nothing and syncs no JNA Structure.
 */
public final class WorkCompletions implements AutoCloseable {

    private static final int SIZE;
    private static final int WR_ID;
    private static final int STATUS;
    private static final int OPCODE;
    private static final int VENDOR_ERR;
    private static final int BYTE_LEN;

    static {
        ibv_wc layout = new ibv_wc();
        SIZE = layout.size();
        WR_ID = layout.offsetOf("wr_id");
        STATUS = layout.offsetOf("status");
        OPCODE = layout.offsetOf("opcode");
        VENDOR_ERR = layout.offsetOf("vendor_err");
        BYTE_LEN = layout.offsetOf("byte_len");
    }

    private final Memory memory;
    private final int capacity;
    private int count;

    public WorkCompletions(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive");
        }
        this.capacity = capacity;
        this.memory = new Memory((long) capacity * SIZE);
    }

    Memory memory() {
        return memory;
    }

    /** Frees the native batch now rather than when the collector finds it. Idempotent. */
    @Override
    public void close() {
        memory.close();
    }

    public int capacity() {
        return capacity;
    }

    void setCount(int count) {
        this.count = count;
    }

    /** Completions filled by the last poll. */
    public int count() {
        return count;
    }

    private long base(int i) {
        if (i < 0 || i >= count) {
            throw new IndexOutOfBoundsException(i);
        }
        return (long) i * SIZE;
    }

    public long wrId(int i) {
        return memory.getLong(base(i) + WR_ID);
    }

    public int status(int i) {
        return memory.getInt(base(i) + STATUS);
    }

    public boolean isSuccess(int i) {
        return status(i) == IbvConstants.IBV_WC_SUCCESS;
    }

    /** Valid only on success, as the verbs specification says. */
    public int opcode(int i) {
        return memory.getInt(base(i) + OPCODE);
    }

    public boolean isReceive(int i) {
        return (opcode(i) & IbvConstants.IBV_WC_RECV) != 0;
    }

    public int byteLength(int i) {
        return memory.getInt(base(i) + BYTE_LEN);
    }

    /** The error of a failed completion, naming what it was for and its ibv_wc_status. */
    public VerbsException failure(int i, String operation) {
        return VerbsException.ofCompletion(operation, status(i), memory.getInt(base(i) + VENDOR_ERR), wrId(i));
    }
}
