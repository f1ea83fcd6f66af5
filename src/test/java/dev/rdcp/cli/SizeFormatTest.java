package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The expected strings are what rsync 3.x prints for these sizes with no -h, -h and -hh. */
class SizeFormatTest {

    @Test
    void withoutHDigitsAreGrouped() {
        assertEquals("3,456,789", SizeFormat.GROUPED.format(3_456_789));
        assertEquals("57", SizeFormat.GROUPED.format(57));
    }

    @Test
    void oneHUsesUnitsOf1000() {
        assertEquals("32.77K", SizeFormat.DECIMAL_UNITS.format(32_768));
        assertEquals("3.46M", SizeFormat.DECIMAL_UNITS.format(3_456_789));
        assertEquals("1.23K", SizeFormat.DECIMAL_UNITS.format(1_234));
        assertEquals("5.00G", SizeFormat.DECIMAL_UNITS.format(5_000_000_000L));
    }

    @Test
    void twoHUseUnitsOf1024() {
        assertEquals("32.00K", SizeFormat.BINARY_UNITS.format(32_768));
        assertEquals("3.30M", SizeFormat.BINARY_UNITS.format(3_456_789));
        assertEquals("1.21K", SizeFormat.BINARY_UNITS.format(1_234));
    }

    @Test
    void belowOneUnitTheCountIsShownAsIs() {
        assertEquals("999", SizeFormat.DECIMAL_UNITS.format(999));
        assertEquals("1,000", SizeFormat.BINARY_UNITS.format(1_000));
        assertEquals("0", SizeFormat.BINARY_UNITS.format(0));
    }

    /** rsync's "%.2f" rounds the double's exact value, ties to even; Java's %.2f would show 3.13K and 103.09K. */
    @Test
    void unitsRoundAsCsPrintfDoes() {
        assertEquals("3.12K", SizeFormat.DECIMAL_UNITS.format(3_125));
        assertEquals("103.08K", SizeFormat.DECIMAL_UNITS.format(103_085));
        assertEquals("2.67", SizeFormat.GROUPED.formatRate(2.675));
        assertEquals("0.12", SizeFormat.GROUPED.formatRate(0.125));
        assertEquals("1,234.57", SizeFormat.GROUPED.formatRate(1_234.565));
    }

    @Test
    void theLargestUnitAbsorbsWhatIsLeft() {
        assertEquals("9.22E", SizeFormat.DECIMAL_UNITS.format(Long.MAX_VALUE));
    }

    @Test
    void theNumberOfHPicksTheFormat() {
        assertEquals(SizeFormat.GROUPED, SizeFormat.ofHumanReadable(0));
        assertEquals(SizeFormat.DECIMAL_UNITS, SizeFormat.ofHumanReadable(1));
        assertEquals(SizeFormat.BINARY_UNITS, SizeFormat.ofHumanReadable(2));
        assertEquals(SizeFormat.BINARY_UNITS, SizeFormat.ofHumanReadable(3));
    }
}
