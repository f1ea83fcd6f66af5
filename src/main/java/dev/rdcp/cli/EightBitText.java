package dev.rdcp.cli;

import java.io.IOException;
import java.io.Writer;

/**
 * rsync's -8 for the lines rdcp prints: each escape {@code \#ooo} of a byte from 0xA0 to 0xFF,
 * which is how a name's byte that is not UTF-8 is shown ({@code FileNames.display}), becomes that
 * byte again, in the form {@link RawByteOutput} writes as the byte. Escapes of control characters
 * stay, C1's (0x80 to 0x9F) among them: on an 8-bit terminal they are commands. A literal
 * backslash of a name reads {@code \#134}, so no escape is taken for another.
 */
final class EightBitText extends Writer {

    /** "\#ooo": a backslash, a hash and three octal digits. */
    private static final int ESCAPE_LENGTH = 5;
    private static final int FIRST_BYTE = 0xA0;
    private static final int LAST_BYTE = 0xFF;
    /** What {@link #escapedByte} says where the text ends inside what may be an escape. */
    private static final int INCOMPLETE = -2;

    private final Writer target;
    /** The end of the last write, when it may be the start of an escape the next one completes. */
    private final StringBuilder held = new StringBuilder(ESCAPE_LENGTH);

    EightBitText(Writer target) {
        this.target = target;
    }

    @Override
    public void write(char[] chars, int offset, int length) throws IOException {
        StringBuilder text = held.append(chars, offset, length);
        StringBuilder out = new StringBuilder(text.length());
        int i = 0;
        while (i < text.length()) {
            int value = escapedByte(text, i);
            if (value >= FIRST_BYTE && value <= LAST_BYTE) {
                out.append((char) (0xDC00 | value));
                i += ESCAPE_LENGTH;
            } else if (value == INCOMPLETE) {
                break;
            } else {
                out.append(text.charAt(i++));
            }
        }
        String rest = text.substring(i);
        held.setLength(0);
        held.append(rest);
        target.write(out.toString());
    }

    /** The byte the escape at {@code at} stands for; -1 for none there, INCOMPLETE where the text ends inside one. */
    private static int escapedByte(CharSequence text, int at) {
        String pattern = "\\#";
        int value = 0;
        for (int i = 0; i < ESCAPE_LENGTH; i++) {
            if (at + i == text.length()) {
                return INCOMPLETE;
            }
            char c = text.charAt(at + i);
            if (i < 2 ? c != pattern.charAt(i) : c < '0' || c > '7') {
                return -1;
            }
            value = i < 2 ? 0 : value * 8 + (c - '0');
        }
        return value;
    }

    @Override
    public void flush() throws IOException {
        target.write(held.toString());
        held.setLength(0);
        target.flush();
    }

    @Override
    public void close() throws IOException {
        flush();
    }
}
