package dev.rdcp.protocol;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * ACCEPT payload: {@code u8 flags, u8 transport, u16 length, UTF-8 reason}. Flag bit 0 (a pull
 * only): a tree or several files are coming, so the client's destination is a directory. The
 * transport is the one the transfer will use; the reason, empty unless the server fell back to
 * TCP on an auto request, says why (at most {@link #MAX_REASON} bytes).
 */
public record Accept(boolean tree, TransportKind transport, String fallbackReason) {

    public static final int TREE = 1;
    public static final int MAX_REASON = 1024;
    private static final int FIXED_SIZE = 4;

    /** A longer reason is cut, at a character boundary, to fit. */
    public Accept {
        fallbackReason = Utf8Prefix.cut(fallbackReason, MAX_REASON);
    }

    /** The payload, positioned at its end as the bootstrap channel's send expects. */
    public ByteBuffer encode() {
        byte[] reason = fallbackReason.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(FIXED_SIZE + reason.length).put((byte) (tree ? TREE : 0))
                .put((byte) transport.code()).putShort((short) reason.length).put(reason);
    }

    public static Accept decode(ByteBuffer in) throws ProtocolException {
        if (in.remaining() < FIXED_SIZE) {
            throw new ProtocolException("ACCEPT too short");
        }
        int flags = Byte.toUnsignedInt(in.get());
        if ((flags & ~TREE) != 0) {
            throw new ProtocolException("ACCEPT has unknown flags " + flags);
        }
        TransportKind transport = TransportKind.ofCode(Byte.toUnsignedInt(in.get()));
        int length = Short.toUnsignedInt(in.getShort());
        if (length > MAX_REASON || in.remaining() != length) {
            throw new ProtocolException("ACCEPT reason of " + length + " bytes in " + in.remaining());
        }
        byte[] reason = new byte[length];
        in.get(reason);
        return new Accept((flags & TREE) != 0, transport, new String(reason, StandardCharsets.UTF_8));
    }
}
