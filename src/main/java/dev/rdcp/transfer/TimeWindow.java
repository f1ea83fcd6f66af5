package dev.rdcp.transfer;

/**
 * How rsync compares two modification times (--modify-window): by default in whole seconds; with
 * a window of N seconds, as equal when they are at most N apart (for file systems that keep
 * coarser times, FAT's two seconds); with a negative window, to the nanosecond.
 */
record TimeWindow(int seconds) {

    static final TimeWindow WHOLE_SECONDS = new TimeWindow(0);

    boolean exact() {
        return seconds < 0;
    }

    boolean same(long secondsA, int nanosA, long secondsB, int nanosB) {
        return compare(secondsA, nanosA, secondsB, nanosB) == 0;
    }

    /** Negative, zero or positive as time A is before, the same as, or after time B under this window. */
    int compare(long secondsA, int nanosA, long secondsB, int nanosB) {
        if (exact()) {
            int bySeconds = Long.compare(secondsA, secondsB);
            return bySeconds != 0 ? bySeconds : Integer.compare(nanosA, nanosB);
        }
        // A gap that overflows (a peer's time may be anything) wraps negative: far apart.
        long gap = Math.max(secondsA, secondsB) - Math.min(secondsA, secondsB);
        return gap >= 0 && gap <= seconds ? 0 : Long.compare(secondsA, secondsB);
    }
}
