package dev.rdcp.protocol;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Something the receiver tells the sender, appended to its answers (MR, WANTS, END) as room
 * allows: {@code u8 kind, u32 entry index (-1: none), u16 exit code, u16 length, text}. A failed
 * file's text is the UTF-8 message; a deleted entry's text is its raw relative name; an entry in
 * place (protocol 5, --remove-source-files) has an index, code 0 and no text.
 */
public record Report(Kind kind, int index, int code, byte[] text) {

    /** What happened. */
    public enum Kind {
        FAILED,
        DELETED,
        /** Version 5: the text is an {@link ItemizedChange}, sent when the REQUEST asked for itemizing. */
        ITEMIZED,
        /** Version 5: the entry is in place under its final name, the same as the sender's: it may remove its source. */
        IN_PLACE
    }

    public static final int FIXED_SIZE = 9;
    public static final int MAX_TEXT = 4096;

    public Report {
        if (text.length > MAX_TEXT) {
            text = Arrays.copyOf(text, MAX_TEXT);
        }
    }

    public int encodedSize() {
        return FIXED_SIZE + text.length;
    }

    public void encode(ByteBuffer out) {
        out.put((byte) kind.ordinal()).putInt(index).putShort((short) code).putShort((short) text.length).put(text);
    }

    public static Report decode(ByteBuffer in) throws ProtocolException {
        if (in.remaining() < FIXED_SIZE) {
            throw new ProtocolException("report truncated");
        }
        int kind = Byte.toUnsignedInt(in.get());
        int index = in.getInt();
        int code = Short.toUnsignedInt(in.getShort());
        int length = Short.toUnsignedInt(in.getShort());
        if (kind >= Kind.values().length || length > MAX_TEXT || in.remaining() < length) {
            throw new ProtocolException("malformed report");
        }
        if (kind == Kind.IN_PLACE.ordinal() && (index < 0 || code != 0 || length != 0)) {
            throw new ProtocolException("malformed IN_PLACE report");
        }
        byte[] text = new byte[length];
        in.get(text);
        return new Report(Kind.values()[kind], index, code, text);
    }
}
