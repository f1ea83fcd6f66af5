package dev.rdcp.cli;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * A double cut to a number of decimals as C's printf cuts it for rsync's "%.2f": from the
 * double's exact binary value, an exact tie to the even digit. Java's own %.2f rounds the
 * shortest decimal that reads back as the double, half up, so 103.085 (stored as
 * 103.08499...) would show 103.09 where rsync shows 103.08.
 */
final class PrintfRounding {

    private PrintfRounding() {
    }

    /** {@code value} with {@code decimals} digits after the point, ready for %f or %s. */
    static BigDecimal rounded(double value, int decimals) {
        return new BigDecimal(value).setScale(decimals, RoundingMode.HALF_EVEN);
    }
}
