package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class PeerTextTest {

    @Test
    void controlCharactersBecomeOctalEscapes() {
        assertEquals("a\\#033[2Jb\\#012c\\#015\\#007\\#000", PeerText.printable("a\u001b[2Jb\nc\r\u0007\u0000"));
        assertEquals("\\#177", PeerText.printable("\u007f"));
    }

    /** C1 controls: 8-bit terminals take U+009B as CSI, the start of an escape sequence. */
    @Test
    void c1ControlsAreEscapedToo() {
        assertEquals("\\#233" + "31m", PeerText.printable("\u009b31m"));
        assertEquals("\\#200\\#237", PeerText.printable("\u0080\u009f"));
    }

    @Test
    void printableTextIsKeptAsItIs() {
        String text = "dir/été 日本 \\# tab-less ~";
        assertSame(text, PeerText.printable(text));
        assertEquals("\u00a0x", PeerText.printable("\u00a0x"), "U+00A0 is a space, not a control");
    }

    @Test
    void escapingTwiceChangesNothing() {
        String once = PeerText.printable("x\u001b]0;title\u0007\n");
        assertEquals(once, PeerText.printable(once));
    }
}
