package dev.rdcp.protocol;

import java.nio.ByteBuffer;

/**
 * CHUNK payload: {@code u32 file id, u32 slot, u64 file offset, u32 length, u32 crc32c}. Sent on
 * the hot path, so it is a reusable holder: decoding fills it in place.
 */
public final class ChunkMessage {

    public static final int SIZE = 24;

    private int fileId;
    private int slot;
    private long offset;
    private int length;
    private int crc;

    public static void encode(ByteBuffer out, int fileId, int slot, long offset, int length, int crc) {
        out.putInt(fileId).putInt(slot).putLong(offset).putInt(length).putInt(crc);
    }

    public void decode(ByteBuffer in) throws ProtocolException {
        Frames.expectSize(ControlType.CHUNK, in, SIZE);
        fileId = in.getInt();
        slot = in.getInt();
        offset = in.getLong();
        length = in.getInt();
        crc = in.getInt();
        if (offset < 0 || length < 0) {
            throw new ProtocolException("CHUNK with negative offset or length");
        }
    }

    public int fileId() {
        return fileId;
    }

    public int slot() {
        return slot;
    }

    public long offset() {
        return offset;
    }

    public int length() {
        return length;
    }

    public int crc() {
        return crc;
    }
}
