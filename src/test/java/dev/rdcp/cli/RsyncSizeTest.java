package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** rsync's SIZE values, each checked against what rsync 3.5's --max-size makes of it. */
class RsyncSizeTest {

    @ParameterizedTest
    @CsvSource({"0, 0", "5, 5", "5b, 5", "1bb, 1", "1k, 1024", "1K, 1024", "1kib, 1024", "1KiB, 1024", "1kb, 1000",
        "1kB-1, 999", "1.5k-1, 1535", "1.5mb-1, 1499999", "2g+1, 2147483649", "10t, 10995116277760", "1p, 1125899906842624",
        ".5k, 512", "1.k, 1024", "1.5, 1", "k, 0", "99+1, 100"})
    void parsesAsRsync(String text, long bytes) {
        assertEquals(bytes, RsyncSize.parse(text));
    }

    @ParameterizedTest
    @CsvSource({"x, invalid", "1q, invalid", "1e3, invalid", "1k+2, invalid", "1ki, invalid", "+1, invalid",
        "1kb+1000, invalid", "-1, too large", "0-1, too large", "8192P, too large", "8192P-1, too large"})
    void refusesAsRsync(String text, String reason) {
        assertEquals(reason, assertThrows(IllegalArgumentException.class, () -> RsyncSize.parse(text)).getMessage());
    }
}
