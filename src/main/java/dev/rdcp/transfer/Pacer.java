package dev.rdcp.transfer;

import java.util.function.LongSupplier;

/** --bwlimit: how long to hold the next batch so that the average rate since the start stays under the limit. */
final class Pacer {

    private final long bytesPerSecond;
    private final LongSupplier nanoClock;
    private long startNanos;

    /** @param bytesPerSecond the limit; 0 for none */
    Pacer(long bytesPerSecond, LongSupplier nanoClock) {
        this.bytesPerSecond = bytesPerSecond;
        this.nanoClock = nanoClock;
    }

    void start() {
        startNanos = nanoClock.getAsLong();
    }

    /** Milliseconds until {@code bytesSent} is within the limit: 0 to go now, else at least 1. */
    long delayMillis(long bytesSent) {
        if (bytesPerSecond == 0) {
            return 0;
        }
        long dueNanos = startNanos + (long) (bytesSent * 1e9 / bytesPerSecond);
        long ahead = dueNanos - nanoClock.getAsLong();
        return ahead <= 0 ? 0 : Math.max(1, ahead / 1_000_000);
    }
}
