package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.NoSuchFileException;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.impl.Log4jLogEvent;
import org.apache.logging.log4j.core.layout.PatternLayout;
import org.apache.logging.log4j.message.SimpleMessage;
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

    /**
     * A debug stack trace of a failure whose messages quote peer paths, rendered by rdcp's own
     * log pattern: every message of the chain escaped, class names and frames kept.
     */
    @Test
    void aStackTraceShowsPeerTextEscaped() {
        NoSuchFileException cause = new NoSuchFileException("/dst/\u001b]0;owned\u0007\nrdcp: ERROR forged");
        IllegalStateException thrown = new IllegalStateException("receiving \u009b2J failed", cause);
        thrown.addSuppressed(new RuntimeException("\r\n"));
        String rendered = PatternLayout.newBuilder().withPattern("%msg%n%throwable").build()
                .toSerializable(Log4jLogEvent.newBuilder().setLevel(Level.DEBUG).setMessage(new SimpleMessage("failed"))
                        .setThrown(PeerText.printable(thrown)).build());
        assertTrue(rendered.chars().noneMatch(c -> c < 0x20 && c != '\n' && c != '\t' || c >= 0x7f && c <= 0x9f), rendered);
        assertTrue(rendered.lines().noneMatch(line -> line.startsWith("rdcp: ERROR")), rendered);
        assertTrue(rendered.contains("java.lang.IllegalStateException: receiving \\#2332J failed"), rendered);
        assertTrue(rendered.contains("Caused by: java.nio.file.NoSuchFileException: /dst/\\#033]0;owned\\#007\\#012rdcp"),
                rendered);
        assertTrue(rendered.contains("Suppressed: java.lang.RuntimeException: \\#015\\#012"), rendered);
        assertTrue(rendered.contains("at dev.rdcp.protocol.PeerTextTest.aStackTraceShowsPeerTextEscaped"), rendered);
    }
}
