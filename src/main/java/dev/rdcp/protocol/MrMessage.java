package dev.rdcp.protocol;

import java.nio.ByteBuffer;

/**
 * MR payload: {@code u32 slot, u32 rkey, u64 address, u32 length}: staging buffer
 * {@code slot} may be written, followed by any {@link Report}s. A reusable holder, like
 * {@link ChunkBatch}.
 */
public final class MrMessage {

    public static final int SIZE = 20;

    private int slot;
    private int rkey;
    private long address;
    private int length;

    public static void encode(ByteBuffer out, int slot, int rkey, long address, int length) {
        out.putInt(slot).putInt(rkey).putLong(address).putInt(length);
    }

    public void decode(ByteBuffer in) throws ProtocolException {
        if (in.remaining() < SIZE) {
            throw new ProtocolException("MR payload too short");
        }
        slot = in.getInt();
        rkey = in.getInt();
        address = in.getLong();
        length = in.getInt();
        if (slot < 0 || length <= 0) {
            throw new ProtocolException("MR with invalid slot or length");
        }
    }

    public int slot() {
        return slot;
    }

    public int rkey() {
        return rkey;
    }

    public long address() {
        return address;
    }

    public int length() {
        return length;
    }
}
