package dev.rdcp.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.Charset;

/**
 * rdcp's stdout or stderr: text in the platform's charset, as System.out writes it, except that
 * a lone surrogate from U+DC80 to U+DCFF is written as the one byte it stands for (its low eight
 * bits). That is how a line carries a byte of a name that is not UTF-8 when -8 lets it through
 * ({@link EightBitText}); without -8 no line holds one.
 */
final class RawByteOutput extends Writer {

    private static final char FIRST_RAW = '\uDC80';
    private static final char LAST_RAW = '\uDCFF';

    private final OutputStream bytes;
    private final Writer text;
    /** Whether the last character written was the first half of a surrogate pair, whose second half is no byte. */
    private boolean pairOpen;

    RawByteOutput(OutputStream bytes) {
        this.bytes = bytes;
        this.text = new OutputStreamWriter(bytes, Charset.defaultCharset());
    }

    @Override
    public void write(char[] chars, int offset, int length) throws IOException {
        int start = offset;
        for (int i = offset; i < offset + length; i++) {
            char c = chars[i];
            if (c >= FIRST_RAW && c <= LAST_RAW && !pairOpen) {
                text.write(chars, start, i - start);
                text.flush();
                bytes.write(c & 0xff);
                start = i + 1;
            }
            pairOpen = Character.isHighSurrogate(c);
        }
        text.write(chars, start, offset + length - start);
    }

    @Override
    public void flush() throws IOException {
        text.flush();
        bytes.flush();
    }

    /** Flushes; the stream itself stays open, as System.out must. */
    @Override
    public void close() throws IOException {
        flush();
    }
}
