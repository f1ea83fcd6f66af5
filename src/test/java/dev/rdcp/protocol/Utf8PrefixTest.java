package dev.rdcp.protocol;

import static dev.rdcp.protocol.DecoderContract.decodeOrRefuse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class Utf8PrefixTest {

    private static int utf8Length(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }

    @Test
    void textThatFitsIsKept() {
        String text = "données";
        assertSame(text, Utf8Prefix.cut(text, utf8Length(text)));
        assertEquals("", Utf8Prefix.cut("", 0));
    }

    @Test
    void cutsAtTheLastWholeCharacterWithinTheBudget() {
        assertEquals("ab", Utf8Prefix.cut("abcdef", 2));
        assertEquals("éé", Utf8Prefix.cut("ééé", 5), "a two-byte character is not split");
        assertEquals("a", Utf8Prefix.cut("a\uD83D\uDE00", 4), "a surrogate pair (4 bytes) is not split");
        assertEquals("a\uD83D\uDE00", Utf8Prefix.cut("a\uD83D\uDE00b", 5));
    }

    @Test
    void anUnpairedSurrogateCountsAsTheOneByteStringGetBytesSends() {
        String cut = Utf8Prefix.cut("\uD800" + "x".repeat(10), 4);
        assertEquals(4, utf8Length(cut));
        assertEquals("\uD800xxx", cut);
    }

    @Test
    void replacementCharactersFromInvalidBytesAreCutToTheBudget() {
        byte[] invalid = new byte[300];
        Arrays.fill(invalid, (byte) 0xff);
        String decoded = new String(invalid, StandardCharsets.UTF_8);
        assertEquals(900, utf8Length(decoded), "each invalid byte decodes to U+FFFD, three bytes");
        assertEquals(255, utf8Length(Utf8Prefix.cut(decoded, 255)));
    }

    @Test
    void aModuleOfInvalidBytesDecodesWithinTheDecoderBound() {
        // The fuzzer's finding: invalid UTF-8 grows threefold as replacement characters, and was
        // cut a character at a time, allocating over 256 KiB for a 274-byte payload.
        ByteBuffer payload = ByteBuffer.allocate(3 + 1 + ModuleList.MAX_NAME + 2 + ModuleList.MAX_COMMENT);
        payload.put((byte) 0).putShort((short) 1).put((byte) ModuleList.MAX_NAME);
        while (payload.position() < 4 + ModuleList.MAX_NAME) {
            payload.put((byte) 0xff);
        }
        payload.putShort((short) ModuleList.MAX_COMMENT);
        while (payload.hasRemaining()) {
            payload.put((byte) 0xff);
        }
        byte[] bytes = payload.array();
        ModuleList list = decodeOrRefuse(bytes.length, 0, () -> ModuleList.decode(ByteBuffer.wrap(bytes)));
        assertEquals(ModuleList.MAX_NAME, utf8Length(list.modules().get(0).name()));
        assertEquals(ModuleList.MAX_COMMENT - 1, utf8Length(list.modules().get(0).comment()));
    }
}
