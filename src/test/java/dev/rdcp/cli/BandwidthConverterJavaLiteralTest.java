package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** A rate is digits, an optional fraction and an optional K/M/G: not any Java floating-point literal. */
class BandwidthConverterJavaLiteralTest {

    @Test
    void javaLiteralSuffixesExponentsAndHexAreRejected() {
        for (String bad : new String[] {"10d", "10f", "1e3", "0x10p0"}) {
            assertThrows(CommandLine.TypeConversionException.class, () -> new BandwidthConverter().convert(bad), bad);
        }
    }
}
