package dev.rdcp.protocol;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * STATUS payload: {@code u32 file id, u16 code, u16 message length, UTF-8 message}. Code 0 means
 * the file is in place under its final name; otherwise it is an exit code (docs/exit-codes.md)
 * and nothing was left under the final name.
 */
public record StatusMessage(int fileId, int code, String message) {

    public static final int FIXED_SIZE = 8;
    public static final int MAX_TEXT = 1024;

    public static StatusMessage ok(int fileId) {
        return new StatusMessage(fileId, 0, "");
    }

    public boolean isOk() {
        return code == 0;
    }

    private byte[] text() {
        byte[] text = message.getBytes(StandardCharsets.UTF_8);
        return text.length <= MAX_TEXT ? text : java.util.Arrays.copyOf(text, MAX_TEXT);
    }

    public int encodedSize() {
        return FIXED_SIZE + text().length;
    }

    public void encode(ByteBuffer out) {
        byte[] text = text();
        out.putInt(fileId).putShort((short) code).putShort((short) text.length).put(text);
    }

    public static StatusMessage decode(ByteBuffer in) throws ProtocolException {
        if (in.remaining() < FIXED_SIZE) {
            throw new ProtocolException("STATUS payload too short");
        }
        int fileId = in.getInt();
        int code = Short.toUnsignedInt(in.getShort());
        int length = Short.toUnsignedInt(in.getShort());
        if (length > MAX_TEXT || in.remaining() != length) {
            throw new ProtocolException("malformed STATUS message");
        }
        byte[] text = new byte[length];
        in.get(text);
        return new StatusMessage(fileId, code, new String(text, StandardCharsets.UTF_8));
    }
}
