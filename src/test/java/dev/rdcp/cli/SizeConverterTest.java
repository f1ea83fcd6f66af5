package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class SizeConverterTest {

    private final SizeConverter converter = new SizeConverter();

    private void assertRejected(String value) {
        assertThrows(CommandLine.TypeConversionException.class, () -> converter.convert(value), value);
    }

    @Test
    void plainBytes() {
        assertEquals(4096, converter.convert("4096"));
        assertEquals(1, converter.convert("1"));
    }

    @Test
    void binarySuffixesInEitherCase() {
        assertEquals(512 * 1024, converter.convert("512K"));
        assertEquals(512 * 1024, converter.convert("512k"));
        assertEquals(1 << 20, converter.convert("1M"));
        assertEquals(64 << 20, converter.convert("64m"));
        assertEquals(1 << 30, converter.convert("1g"));
        assertEquals(1 << 30, converter.convert(" 1G "));
    }

    @Test
    void twoGibibytesDoNotFitAnInt() {
        // 2G is 2^31, one more than Integer.MAX_VALUE.
        assertRejected("2g");
        assertRejected("2G");
        assertEquals(Integer.MAX_VALUE, converter.convert(Integer.toString(Integer.MAX_VALUE)));
    }

    @Test
    void garbageIsRejected() {
        for (String value : new String[] {"", "abc", "K", "1.5M", "1MB", "12Q", "0x1000", "4 K"}) {
            assertRejected(value);
        }
    }

    @Test
    void zeroAndNegativeAreRejected() {
        assertRejected("0");
        assertRejected("0K");
        assertRejected("-1");
        assertRejected("-4K");
    }

    @Test
    void overIntegerMaxIsRejected() {
        assertRejected("2147483648");
        assertRejected("3000000K");
        assertRejected("4096M");
        assertRejected("99999999999999999999");
    }

    @Test
    void overflowingTheMultiplicationIsRejected() {
        // (2^34 + 1) GiB wraps around 2^64 to exactly 1 GiB if the product is not checked.
        assertRejected("17179869185G");
        // (2^54 + 4) KiB wraps to 4 KiB.
        assertRejected("18014398509481988K");
    }
}
