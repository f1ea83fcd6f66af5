package dev.rdcp.protocol;

import java.nio.ByteBuffer;

/**
 * Header of every control message sent over RDMA SEND/RECV: {@code u8 type, u8 zero,
 * u16 payload length}. Flow control needs no credits: every message but END is answered one for
 * one, which bounds how many each side can have outstanding, and each side posts that many
 * receive buffers.
 */
public final class ControlHeader {

    public static final int SIZE = 4;
    /** Receive buffer size: a header plus the largest payload (an ENTRIES message with a long name and symlink target). */
    public static final int MAX_MESSAGE = 8192;

    private ControlHeader() {
    }

    public static void write(ByteBuffer out, ControlType type, int payloadLength) {
        out.put((byte) type.code()).put((byte) 0).putShort((short) payloadLength);
    }

    /** Checks the header of a received message against its byte count; leaves {@code in} at the payload. */
    public static ControlType read(ByteBuffer in, int byteLength) throws ProtocolException {
        if (byteLength < SIZE || byteLength > MAX_MESSAGE) {
            throw new ProtocolException("control message of " + byteLength + " bytes");
        }
        ControlType type = ControlType.ofCode(Byte.toUnsignedInt(in.get()));
        if (in.get() != 0) {
            throw new ProtocolException(type + " header's reserved byte is not zero");
        }
        int payloadLength = Short.toUnsignedInt(in.getShort());
        if (SIZE + payloadLength != byteLength) {
            throw new ProtocolException(type + " says " + payloadLength + " payload bytes but " + (byteLength - SIZE)
                    + " arrived");
        }
        return type;
    }
}
