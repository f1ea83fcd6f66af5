package dev.rdcp.cli;

import java.util.Locale;
import picocli.CommandLine;

/** rsync's --bwlimit RATE: KiB per second, or with a K, M or G suffix (powers of 1024); 0 means no limit. */
final class BandwidthConverter implements CommandLine.ITypeConverter<Long> {

    @Override
    public Long convert(String value) {
        String text = value.trim().toUpperCase(Locale.ROOT);
        long unit = 1L << 10;
        char last = text.isEmpty() ? ' ' : text.charAt(text.length() - 1);
        if (last == 'K' || last == 'M' || last == 'G') {
            unit = last == 'K' ? 1L << 10 : last == 'M' ? 1L << 20 : 1L << 30;
            text = text.substring(0, text.length() - 1);
        }
        try {
            double amount = Double.parseDouble(text);
            if (amount < 0 || Double.isNaN(amount) || Double.isInfinite(amount)) {
                throw new NumberFormatException();
            }
            return (long) (amount * unit);
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a rate (examples: 500 for 500 KiB/s, 10M)");
        }
    }
}
