package dev.rdcp.protocol;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Bootstrap framing: {@code u8 type, u32 length, length bytes of payload}, big-endian, with the
 * length capped so a garbage or hostile peer cannot make us allocate much.
 */
public final class Frames {

    public static final int HEADER_SIZE = 5;
    public static final int MAX_PAYLOAD = 64 * 1024;

    private Frames() {
    }

    /** One received frame. */
    public record Frame(MessageType type, ByteBuffer payload) {
    }

    public static void write(DataOutputStream out, MessageType type, ByteBuffer payload) throws IOException {
        out.writeByte(type.code());
        out.writeInt(payload.remaining());
        out.write(payload.array(), payload.arrayOffset() + payload.position(), payload.remaining());
        out.flush();
    }

    public static Frame read(DataInputStream in) throws IOException {
        int code;
        int length;
        try {
            code = in.readUnsignedByte();
            length = in.readInt();
        } catch (EOFException e) {
            throw new ProtocolException("connection closed by the peer");
        }
        MessageType type = MessageType.ofCode(code);
        if (length < 0 || length > MAX_PAYLOAD) {
            throw new ProtocolException("frame length " + Integer.toUnsignedString(length) + " out of range");
        }
        byte[] payload = new byte[length];
        try {
            in.readFully(payload);
        } catch (EOFException e) {
            throw new ProtocolException("connection closed by the peer in the middle of a frame");
        }
        return new Frame(type, ByteBuffer.wrap(payload));
    }

    /** {@code what} names the frame or control message type in the error. */
    static void expectSize(Object what, ByteBuffer payload, int size) throws ProtocolException {
        if (payload.remaining() != size) {
            throw new ProtocolException(what + " payload is " + payload.remaining() + " bytes, expected " + size);
        }
    }
}
