package dev.rdcp.protocol;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;

/**
 * A text field of a REQUEST (a directory, an owner map): {@code u16 length}, then that many
 * bytes of strict UTF-8, so that two byte strings never decode to one text.
 */
final class RequestText {

    private RequestText() {
    }

    static int encodedSize(String text) {
        return 2 + text.getBytes(StandardCharsets.UTF_8).length;
    }

    static void encode(ByteBuffer out, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        out.putShort((short) bytes.length).put(bytes);
    }

    /**
     * The field's bytes: 1 to {@code maxLength} of them, or 0 too if {@code mayBeEmpty}.
     * {@code what} names the field in the error.
     */
    static byte[] read(ByteBuffer in, int maxLength, boolean mayBeEmpty, String what) throws ProtocolException {
        if (in.remaining() < 2) {
            throw new ProtocolException("REQUEST truncated in its " + what);
        }
        int length = Short.toUnsignedInt(in.getShort());
        if ((length == 0 && !mayBeEmpty) || length > maxLength || in.remaining() < length) {
            throw new ProtocolException("REQUEST " + what + " empty, too long or truncated");
        }
        byte[] bytes = new byte[length];
        in.get(bytes);
        return bytes;
    }

    static String decode(byte[] bytes, String what) throws ProtocolException {
        try {
            return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new ProtocolException("malformed REQUEST " + what + ": not UTF-8");
        }
    }

    /** Whether the bytes hold a NUL, which no Linux name, nor a text that becomes one, may. */
    static boolean holdsNul(byte[] bytes) {
        for (byte b : bytes) {
            if (b == 0) {
                return true;
            }
        }
        return false;
    }
}
