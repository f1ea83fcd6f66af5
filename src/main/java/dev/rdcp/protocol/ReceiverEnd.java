package dev.rdcp.protocol;

import java.nio.ByteBuffer;

/**
 * The receiver's END payload: {@code u64 entries created, u8 more}, then, in a session with
 * {@link ExtendedOptions#RECEIVER_COUNTS}, the {@link ReceiverCounts} (whose created counts add
 * up to the first field), then {@link Report}s. With {@code more} set, reports did not all fit:
 * the sender asks for the rest with MORE. The writer appends reports after the fixed part and
 * sets {@code more} last. {@code counts} is null where the session does not carry them.
 */
public record ReceiverEnd(long created, boolean more, ReceiverCounts counts) {

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

    /** As {@link #start(ByteBuffer, long)}, the counts by kind after the fixed part. */
    public static int start(ByteBuffer out, ReceiverCounts counts) {
        int at = start(out, counts.created().total());
        counts.encode(out);
        return at;
    }

    /** Sets the {@code more} flag of the END started at {@code at}. */
    public static void setMore(ByteBuffer out, int at, boolean more) {
        out.put(at + MORE_OFFSET, (byte) (more ? 1 : 0));
    }

    /** Reads the fixed part, and the counts by kind {@code withCounts}; {@code in} is left at the reports. */
    public static ReceiverEnd decode(ByteBuffer in, boolean withCounts) throws ProtocolException {
        if (in.remaining() < SIZE) {
            throw new ProtocolException("END payload too short");
        }
        long created = in.getLong();
        int more = in.get();
        if (created < 0 || (more & ~1) != 0) {
            throw new ProtocolException("malformed END");
        }
        ReceiverCounts counts = null;
        if (withCounts) {
            counts = ReceiverCounts.decode(in);
            if (counts.created().total() != created) {
                throw new ProtocolException("malformed END: " + created + " entries created, but "
                        + counts.created().total() + " by kind");
            }
        }
        return new ReceiverEnd(created, more == 1, counts);
    }
}
