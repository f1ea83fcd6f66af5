package dev.rdcp.cli;

import java.util.Locale;
import java.util.regex.Pattern;
import picocli.CommandLine;

/** rsync's --bwlimit RATE: KiB per second, or with a K, M or G suffix (powers of 1024); 0 means no limit. */
final class BandwidthConverter implements CommandLine.ITypeConverter<Long> {

    private static final Pattern DECIMAL = Pattern.compile("[0-9]{1,15}(\\.[0-9]{1,6})?");

    @Override
    public Long convert(String value) {
        String text = value.trim().toUpperCase(Locale.ROOT);
        long unit = 1L << 10;
        char last = text.isEmpty() ? ' ' : text.charAt(text.length() - 1);
        if (last == 'K' || last == 'M' || last == 'G') {
            unit = last == 'K' ? 1L << 10 : last == 'M' ? 1L << 20 : 1L << 30;
            text = text.substring(0, text.length() - 1);
        }
        if (!DECIMAL.matcher(text).matches()) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a rate (examples: 500 for 500 KiB/s, 10M)");
        }
        return (long) (Double.parseDouble(text) * unit);
    }
}
