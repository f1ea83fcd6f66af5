package dev.rdcp.protocol;

import java.nio.ByteBuffer;

/**
 * The sender's END payload: {@code u32 CHUNKS messages sent}. Streams are not ordered among
 * themselves, so the END (on stream 0) may overtake CHUNKS on another stream: the receiver acts on
 * it only once it has handled that many CHUNKS.
 */
public record SenderEnd(int chunksMessages) {

    public static final int SIZE = 4;

    public SenderEnd {
        if (chunksMessages < 0) {
            throw new IllegalArgumentException("negative count " + chunksMessages);
        }
    }

    public void encode(ByteBuffer out) {
        out.putInt(chunksMessages);
    }

    public static SenderEnd decode(ByteBuffer in) throws ProtocolException {
        if (in.remaining() != SIZE) {
            throw new ProtocolException("the sender's END must carry exactly " + SIZE + " bytes");
        }
        int count = in.getInt();
        if (count < 0) {
            throw new ProtocolException("malformed END: negative CHUNKS count");
        }
        return new SenderEnd(count);
    }
}
