package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** rsync's unsafe_symlink(): the cases rsync 3.5's --safe-links and --copy-unsafe-links were seen to decide. */
class SymlinkSafetyTest {

    @ParameterizedTest(name = "{0} -> {1}: unsafe {2}")
    @CsvSource({
        "lf, f, false",
        "d/lsub, sub, false",
        "d/up1, ../f, false",
        "d/up2, ../../f, true",
        "d/sub/up3, ../../../outside.txt, true",
        "esc, ../outside.txt, true",
        "src/esc, ../outside.txt, false",
        "abs, /etc/hostname, true",
        "a, x/../../y, true",
        "a, x/.., false",
        "a, .., true",
        "d/a, .., false",
        "d/a, ./../../y, true",
        "d/./a, ../y, false",
        "x/../a, ../y, true",
        "a, x//y/../.., false",
    })
    void asRsyncDecides(String name, String target, boolean unsafe) {
        assertEquals(unsafe, SymlinkSafety.unsafe(target.getBytes(StandardCharsets.UTF_8),
                name.getBytes(StandardCharsets.UTF_8)));
    }

    @ParameterizedTest
    @CsvSource({"a", "d/a"})
    void anEmptyTargetIsUnsafe(String name) {
        assertEquals(true, SymlinkSafety.unsafe(new byte[0], name.getBytes(StandardCharsets.UTF_8)));
    }
}
