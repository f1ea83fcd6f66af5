package dev.rdcp.protocol;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The longest prefix of a text whose UTF-8 form fits a byte budget, cut at a character boundary.
 * One encoding pass into a buffer of the budget's size: text a peer sent, decoded with replacement
 * characters, can grow to three times its bytes, and cutting it a character at a time would cost
 * time and memory quadratic in its length.
 */
public final class Utf8Prefix {

    private Utf8Prefix() {
    }

    public static String cut(String text, int maxBytes) {
        if (text.length() * 3L <= maxBytes) {
            return text;
        }
        // The same replacement String.getBytes makes, so the prefix's length is what encode() will send.
        CharsetEncoder encoder = StandardCharsets.UTF_8.newEncoder()
                .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE);
        CharBuffer in = CharBuffer.wrap(text);
        encoder.encode(in, ByteBuffer.allocate(maxBytes), true);
        return in.hasRemaining() ? text.substring(0, in.position()) : text;
    }
}
