package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.rdcp.protocol.ProtocolException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Which names from the peer {@link Destination#validate} lets through. */
class DestinationValidateTest {

    private static byte[] name(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void theTopAndRelativePathsOfNormalComponentsAreValid() {
        for (String good : new String[] {".", "a", "a/b", "a/b/c.txt", ".hidden", "..x", "x..", "a/.b/...",
            "with space/\u65e5\u672c"}) {
            assertDoesNotThrow(() -> Destination.validate(name(good)), good);
        }
    }

    @Test
    void rawNonUtf8BytesAreValid() {
        assertDoesNotThrow(() -> Destination.validate(new byte[] {'a', (byte) 0xff, '/', (byte) 0xfe}));
    }

    @Test
    void emptyAbsoluteAndEmptyComponentsAreRejected() {
        for (String bad : new String[] {"", "/", "/a", "a//b", "a/", "//"}) {
            assertThrows(ProtocolException.class, () -> Destination.validate(name(bad)), "'" + bad + "'");
        }
    }

    @Test
    void dotAndDotDotComponentsAreRejected() {
        for (String bad : new String[] {"..", "../x", "a/..", "a/../b", "a/./b", "./a", "a/.", "x/../../etc"}) {
            assertThrows(ProtocolException.class, () -> Destination.validate(name(bad)), bad);
        }
    }

    @Test
    void aNulByteAnywhereIsRejected() {
        for (byte[] bad : new byte[][] {{0}, {'a', 0}, {0, 'a'}, {'a', 0, 'b'}, {'a', '/', 0}}) {
            assertThrows(ProtocolException.class, () -> Destination.validate(bad));
        }
    }

    @Test
    void theMessageShowsTheNameWithControlCharactersEscaped() {
        ProtocolException e = assertThrows(ProtocolException.class, () -> Destination.validate(name("../a\nb")));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("../a\\#012b"), e.getMessage());
    }
}
