package dev.rdcp.protocol;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Something the receiver tells the sender, appended to its answers (MR, WANTS, END) as room
 * allows: {@code u8 kind, u32 entry index (-1: none), u16 exit code, u16 length, text}. A failed
 * file's text is the UTF-8 message; a deleted entry's text is its raw relative name; an entry in
 * place (protocol 5, --remove-source-files) has an index, code 0 and no text; a backup (protocol
 * 7, extended flag {@link ExtendedOptions#INFO_BACKUP}) has no index, code 0 and the two raw
 * names with a NUL between them.
 */
public record Report(Kind kind, int index, int code, byte[] text) {

    /** What happened. */
    public enum Kind {
        FAILED,
        DELETED,
        /** Version 5: the text is an {@link ItemizedChange}, sent when the REQUEST asked for itemizing. */
        ITEMIZED,
        /** Version 5: the entry is in place under its final name, the same as the sender's: it may remove its source. */
        IN_PLACE,
        /** Version 7, with {@link ExtendedOptions#INFO_BACKUP}: what stood at a name was kept under its backup name. */
        BACKED_UP
    }

    public static final int FIXED_SIZE = 9;
    public static final int MAX_TEXT = 4096;

    public Report {
        if (text.length > MAX_TEXT) {
            text = Arrays.copyOf(text, MAX_TEXT);
        }
    }

    /**
     * -b: what stood at {@code name} was kept as {@code backupName} (raw names beneath the
     * destination, neither empty nor holding NUL). Where both do not fit in {@link #MAX_TEXT}
     * bytes, the backup name is cut first, then the name (a byte of each kept): what is told is
     * a line for the user.
     */
    public static Report backedUp(byte[] name, byte[] backupName) {
        int nameLength = Math.min(name.length, MAX_TEXT - 2);
        int backupLength = Math.min(backupName.length, MAX_TEXT - 1 - nameLength);
        byte[] text = new byte[nameLength + 1 + backupLength];
        System.arraycopy(name, 0, text, 0, nameLength);
        System.arraycopy(backupName, 0, text, nameLength + 1, backupLength);
        return new Report(Kind.BACKED_UP, -1, 0, text);
    }

    /** A {@link Kind#BACKED_UP} report's name, what stood there before. */
    public byte[] backedUpName() {
        return Arrays.copyOf(text, nul());
    }

    /** A {@link Kind#BACKED_UP} report's backup name. */
    public byte[] backupName() {
        return Arrays.copyOfRange(text, nul() + 1, text.length);
    }

    private int nul() {
        for (int i = 0; i < text.length; i++) {
            if (text[i] == 0) {
                return i;
            }
        }
        throw new IllegalStateException("not a BACKED_UP report");
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
        if (kind == Kind.BACKED_UP.ordinal() && (index != -1 || code != 0 || !twoNames(text))) {
            throw new ProtocolException("malformed BACKED_UP report");
        }
        return new Report(Kind.values()[kind], index, code, text);
    }

    /** A name, one NUL and a backup name, neither empty. */
    private static boolean twoNames(byte[] text) {
        int nuls = 0;
        int at = -1;
        for (int i = 0; i < text.length; i++) {
            if (text[i] == 0) {
                nuls++;
                at = i;
            }
        }
        return nuls == 1 && at > 0 && at < text.length - 1;
    }
}
