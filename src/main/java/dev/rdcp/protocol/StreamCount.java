package dev.rdcp.protocol;

import java.nio.ByteBuffer;

/**
 * STREAMS frame payload: {@code u16 streams}, how many RC connections this side wants for the
 * transfer (1 to {@link #MAX}). Each side sends its own before any queue pair is made; the session
 * runs the smaller, further capped by the staging slots. A larger value is refused, so a peer cannot
 * make the other side create more than {@link #MAX} queue pairs.
 */
public record StreamCount(int streams) {

    public static final int SIZE = 2;
    /** The most streams a session may have. */
    public static final int MAX = 16;

    public StreamCount {
        if (streams < 1 || streams > MAX) {
            throw new IllegalArgumentException("streams must be 1 to " + MAX + ", not " + streams);
        }
    }

    public void encode(ByteBuffer out) {
        out.putShort((short) streams);
    }

    public static StreamCount decode(ByteBuffer in) throws ProtocolException {
        if (in.remaining() != SIZE) {
            throw new ProtocolException("STREAMS must carry exactly " + SIZE + " bytes");
        }
        int streams = Short.toUnsignedInt(in.getShort());
        if (streams < 1 || streams > MAX) {
            throw new ProtocolException("the peer asks for " + streams + " streams; at most " + MAX
                    + " are allowed");
        }
        return new StreamCount(streams);
    }
}
