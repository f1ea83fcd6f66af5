package dev.rdcp.protocol;

import java.nio.ByteBuffer;

/**
 * The receiver's END payload: {@code u64 entries created, u8 more}, then {@link Report}s. With
 * {@code more} set, reports did not all fit: the sender asks for the rest with MORE. The writer
 * appends reports after the fixed part and sets {@code more} last.
 */
public record ReceiverEnd(long created, boolean more) {

    public static final int SIZE = 9;
    private static final int MORE_OFFSET = 8;

    /** Writes the fixed part with {@code more} clear; returns where it starts, for {@link #setMore}. */
    public static int start(ByteBuffer out, long created) {
        if (created < 0) {
            throw new IllegalArgumentException("negative count " + created);
        }
        int at = out.position();
        out.putLong(created).put((byte) 0);
        return at;
    }

    /** Sets the {@code more} flag of the END started at {@code at}. */
    public static void setMore(ByteBuffer out, int at, boolean more) {
        out.put(at + MORE_OFFSET, (byte) (more ? 1 : 0));
    }

    /** Reads the fixed part; {@code in} is left at the reports. */
    public static ReceiverEnd decode(ByteBuffer in) throws ProtocolException {
        if (in.remaining() < SIZE) {
            throw new ProtocolException("END payload too short");
        }
        long created = in.getLong();
        int more = in.get();
        if (created < 0 || (more & ~1) != 0) {
            throw new ProtocolException("malformed END");
        }
        return new ReceiverEnd(created, more == 1);
    }
}
