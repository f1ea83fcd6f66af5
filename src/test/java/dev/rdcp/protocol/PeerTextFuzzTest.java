package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;

/** Fuzzes PeerText with any bytes a peer could send as text: the result holds no control character and is stable. */
class PeerTextFuzzTest {

    @FuzzTest(maxDuration = "5s")
    void printable(byte[] utf8) {
        String text = new String(utf8, StandardCharsets.UTF_8);
        String shown = PeerText.printable(text);
        assertFalse(shown.chars().anyMatch(c -> c < 0x20 || (c >= 0x7f && c <= 0x9f)), "no control character survives");
        assertEquals(shown, PeerText.printable(shown), "escaping twice changes nothing");
    }
}
