package dev.rdcp.protocol;

import java.nio.ByteBuffer;

/**
 * The receiver's answer for one listed regular file, inside WANTS: {@code u32 entry index,
 * u8 kind, u64 offset, u32 prefix digest}. RESUME offers a kept partial file: its first
 * {@code offset} bytes have {@link FileDigest} {@code prefixDigest}; the sender starts there if
 * its own data agrees, else from 0 (version 6: --append-verify offers the whole destination file
 * so). APPEND (version 6, --append) asks for the data from {@code offset}, below the file's size,
 * unchecked; its digest is 0.
 */
public record Decision(int index, Kind kind, long offset, int prefixDigest) {

    /** What the receiver wants of a file. */
    public enum Kind {
        /** The receiver's copy is up to date. */
        SKIP,
        /** Send it whole. */
        SEND,
        /** Send it from {@code offset} if the prefix digests agree. */
        RESUME,
        /** Send it from {@code offset}, which the receiver already has (--append). */
        APPEND
    }

    public static final int SIZE = 17;

    public void encode(ByteBuffer out) {
        out.putInt(index).put((byte) kind.ordinal()).putLong(offset).putInt(prefixDigest);
    }

    public static Decision decode(ByteBuffer in) throws ProtocolException {
        if (in.remaining() < SIZE) {
            throw new ProtocolException("WANTS truncated");
        }
        int index = in.getInt();
        int kind = Byte.toUnsignedInt(in.get());
        long offset = in.getLong();
        int digest = in.getInt();
        if (index < 0 || kind >= Kind.values().length || offset < 0
                || (kind == Kind.APPEND.ordinal() && digest != 0)) {
            throw new ProtocolException("malformed decision in WANTS");
        }
        return new Decision(index, Kind.values()[kind], offset, digest);
    }
}
