package dev.rdcp.cli;

/**
 * rsync's SIZE argument (--min-size, --max-size): a number with an optional fraction, then an
 * optional unit B, K, M, G, T or P (K alone or KiB: 1024; KB: 1000; any case), then optionally
 * "+1" or "-1" to move it by one byte. The fraction is applied before the one byte, and the
 * product truncated, as rsync computes it.
 */
final class RsyncSize {

    private static final String UNITS = "bkmgtp";
    private static final double LIMIT = 0x1p63;

    private RsyncSize() {
    }

    /** The bytes {@code text} means; an IllegalArgumentException says "invalid" or "too large". */
    static long parse(String text) {
        int at = numberEnd(text, 0);
        int powers = 0;
        if (at < text.length() && !isOffset(text, at)) {
            powers = UNITS.indexOf(Character.toLowerCase(text.charAt(at++)));
            if (powers < 0) {
                throw invalid();
            }
        }
        double base = 1024;
        if (at < text.length() && Character.toLowerCase(text.charAt(at)) == 'b') {
            base = 1000;
            at++;
        } else if (text.regionMatches(true, at, "ib", 0, 2)) {
            at += 2;
        } else if (at < text.length() && !isOffset(text, at)) {
            throw invalid();
        }
        int offset = 0;
        if (at > 0 && isOffset(text, at) && at + 2 <= text.length() && text.charAt(at + 1) == '1') {
            offset = text.charAt(at) == '+' ? 1 : -1;
            at += 2;
        }
        double size = Math.floor(Math.pow(base, powers) * leadingNumber(text));
        if (size >= LIMIT || size + offset < 0) {
            throw new IllegalArgumentException("too large");
        }
        if (at != text.length()) {
            throw invalid();
        }
        return (long) size + offset;
    }

    /** What C's atof reads from the start of {@code text}: a sign, digits, a fraction; 0 for none. */
    private static double leadingNumber(String text) {
        int start = text.startsWith("-") || text.startsWith("+") ? 1 : 0;
        String number = text.substring(start, numberEnd(text, start));
        double value = number.isEmpty() || number.equals(".") ? 0 : Double.parseDouble(number);
        return text.startsWith("-") ? -value : value;
    }

    /** Where the digits, an optional '.' and more digits starting at {@code from} end. */
    private static int numberEnd(String text, int from) {
        int at = from;
        while (at < text.length() && isDigit(text.charAt(at))) {
            at++;
        }
        if (at < text.length() && text.charAt(at) == '.') {
            at++;
            while (at < text.length() && isDigit(text.charAt(at))) {
                at++;
            }
        }
        return at;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isOffset(String text, int at) {
        return at < text.length() && (text.charAt(at) == '+' || text.charAt(at) == '-');
    }

    private static IllegalArgumentException invalid() {
        return new IllegalArgumentException("invalid");
    }
}
