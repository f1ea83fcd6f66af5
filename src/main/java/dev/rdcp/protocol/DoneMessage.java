package dev.rdcp.protocol;

import java.nio.ByteBuffer;

/** DONE payload (MSG_DONE): {@code u32 file id, u64 size, u32 digest}; see {@link FileDigest}. */
public record DoneMessage(int fileId, long size, int digest) {

    public static final int SIZE = 16;

    public void encode(ByteBuffer out) {
        out.putInt(fileId).putLong(size).putInt(digest);
    }

    public static DoneMessage decode(ByteBuffer in) throws ProtocolException {
        Frames.expectSize(ControlType.DONE, in, SIZE);
        return new DoneMessage(in.getInt(), in.getLong(), in.getInt());
    }
}
