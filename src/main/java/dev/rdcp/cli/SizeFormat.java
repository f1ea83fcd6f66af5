package dev.rdcp.cli;

import java.util.Locale;

/**
 * How byte counts are shown, as rsync's --human-readable levels: digits grouped by commas
 * (8,192,000); with -h units of 1000 (8.19M); with -hh units of 1024 (7.81M). Below one unit
 * the count is shown grouped, as rsync does.
 */
enum SizeFormat {
    GROUPED(0),
    DECIMAL_UNITS(1000),
    BINARY_UNITS(1024);

    private static final String UNITS = "KMGTPE";

    private final int unit;

    SizeFormat(int unit) {
        this.unit = unit;
    }

    /** The format for -h given {@code count} times. */
    static SizeFormat ofHumanReadable(int count) {
        return switch (count) {
            case 0 -> GROUPED;
            case 1 -> DECIMAL_UNITS;
            default -> BINARY_UNITS;
        };
    }

    String format(long bytes) {
        if (unit == 0 || bytes < unit) {
            return String.format(Locale.ROOT, "%,d", bytes);
        }
        return withUnit(bytes);
    }

    /** A rate with two decimals, as rsync shows "bytes/sec": 1,234.50, or with -h 1.23K. */
    String formatRate(double bytesPerSecond) {
        if (unit == 0 || bytesPerSecond < unit) {
            return String.format(Locale.ROOT, "%,.2f", PrintfRounding.rounded(bytesPerSecond, 2));
        }
        return withUnit(bytesPerSecond);
    }

    private String withUnit(double value) {
        value /= unit;
        int index = 0;
        while (value >= unit && index < UNITS.length() - 1) {
            value /= unit;
            index++;
        }
        return PrintfRounding.rounded(value, 2).toPlainString() + UNITS.charAt(index);
    }
}
