package dev.rdcp.protocol;

import java.nio.ByteBuffer;

/**
 * Protocol 5's numeric limits of a REQUEST, all applied by the receiving side (rsync's generator):
 * {@code i64 min size} (--min-size; 0: none), {@code i64 max size} (--max-size; −1: none) and
 * {@code i64 max delete} (--max-delete; −1: none, 0: delete nothing but say what would go).
 */
public record TransferLimits(long minSize, long maxSize, long maxDelete) {

    public static final int SIZE = 24;
    public static final TransferLimits NONE = new TransferLimits(0, -1, -1);

    public TransferLimits {
        if (minSize < 0 || maxSize < -1 || maxDelete < -1) {
            throw new IllegalArgumentException("limits must be non-negative, or -1 for none");
        }
    }

    /** True when a regular file of {@code size} bytes is outside --min-size and --max-size, so it is skipped. */
    public boolean skipsSize(long size) {
        return size < minSize || (maxSize >= 0 && size > maxSize);
    }

    void encode(ByteBuffer out) {
        out.putLong(minSize).putLong(maxSize).putLong(maxDelete);
    }

    static TransferLimits decode(ByteBuffer in) throws ProtocolException {
        if (in.remaining() < SIZE) {
            throw new ProtocolException("REQUEST truncated in its limits");
        }
        long minSize = in.getLong();
        long maxSize = in.getLong();
        long maxDelete = in.getLong();
        if (minSize < 0 || maxSize < -1 || maxDelete < -1) {
            throw new ProtocolException("malformed REQUEST limits");
        }
        return new TransferLimits(minSize, maxSize, maxDelete);
    }
}
