package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class BandwidthConverterTest {

    private final BandwidthConverter converter = new BandwidthConverter();

    @Test
    void aPlainNumberIsKibibytesPerSecond() {
        assertEquals(512_000L, converter.convert("500"));
        assertEquals(1024L, converter.convert("1"));
    }

    @Test
    void zeroMeansNoLimit() {
        assertEquals(0L, converter.convert("0"));
    }

    @Test
    void suffixesArePowersOf1024InEitherCase() {
        assertEquals(10L << 20, converter.convert("10M"));
        assertEquals(10L << 20, converter.convert("10m"));
        assertEquals(2L << 30, converter.convert("2G"));
        assertEquals(4096L, converter.convert("4k"));
    }

    @Test
    void fractionsAreAllowed() {
        assertEquals(1536L, converter.convert("1.5K"));
        assertEquals(512L, converter.convert("0.5"));
    }

    @Test
    void surroundingSpacesAreIgnored() {
        assertEquals(1L << 20, converter.convert(" 1M "));
    }

    @Test
    void badInputIsATypeConversionErrorNamingTheValue() {
        for (String bad : new String[] {"", "fast", "M", "-1", "10X", "1..5", "NaN", "Infinity", "5MB"}) {
            CommandLine.TypeConversionException e = assertThrows(CommandLine.TypeConversionException.class,
                    () -> converter.convert(bad), "'" + bad + "'");
            assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
        }
    }
}
