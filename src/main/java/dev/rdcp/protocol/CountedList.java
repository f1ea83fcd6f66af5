package dev.rdcp.protocol;

import java.nio.ByteBuffer;

/**
 * The count that starts an ENTRIES payload (then that many entries) and a WANTS payload (then
 * that many decisions, then reports): {@code u16}. The writer learns the count only as items
 * fit, so it reserves the field first and fills it in last.
 */
public final class CountedList {

    public static final int SIZE = 2;
    public static final int MAX_COUNT = 0xFFFF;

    private CountedList() {
    }

    /** Reserves the count at the current position; returns where it is, for {@link #finish}. */
    public static int start(ByteBuffer out) {
        int at = out.position();
        out.putShort((short) 0);
        return at;
    }

    /** Writes {@code count} into the field {@link #start} reserved. */
    public static void finish(ByteBuffer out, int at, int count) {
        if (count < 0 || count > MAX_COUNT) {
            throw new IllegalArgumentException("a list of " + count + " items does not fit its u16 count");
        }
        out.putShort(at, (short) count);
    }

    /** Reads the count of a {@code type} payload. */
    public static int read(ByteBuffer in, ControlType type) throws ProtocolException {
        if (in.remaining() < SIZE) {
            throw new ProtocolException(type + " payload too short");
        }
        return Short.toUnsignedInt(in.getShort());
    }
}
