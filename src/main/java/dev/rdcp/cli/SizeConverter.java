package dev.rdcp.cli;

import picocli.CommandLine;

/** Parses sizes such as 4096, 512K, 1M, 1G (powers of 1024). */
final class SizeConverter implements CommandLine.ITypeConverter<Integer> {

    @Override
    public Integer convert(String value) {
        String text = value.trim().toUpperCase(java.util.Locale.ROOT);
        long unit = 1;
        if (text.endsWith("K")) {
            unit = 1L << 10;
        } else if (text.endsWith("M")) {
            unit = 1L << 20;
        } else if (text.endsWith("G")) {
            unit = 1L << 30;
        }
        String digits = unit == 1 ? text : text.substring(0, text.length() - 1);
        long bytes;
        try {
            bytes = Math.multiplyExact(Long.parseLong(digits), unit);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a size (examples: 65536, 512K, 1M)");
        }
        if (bytes <= 0 || bytes > Integer.MAX_VALUE) {
            throw new CommandLine.TypeConversionException("'" + value + "' is out of range");
        }
        return (int) bytes;
    }
}
