package dev.rdcp.session;

import java.net.InetAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Slows secret guessing: after a failed authentication, the client's address is refused for a
 * pause that doubles with each further failure, up to a cap; a success forgets its failures. The
 * table is bounded: past {@link #MAX_ADDRESSES}, the least recently seen address is forgotten.
 */
final class AuthBackoff {

    static final int MAX_ADDRESSES = 4096;

    private record Failures(int count, long lastNanos) {
    }

    private final long firstPauseNanos;
    private final long maxPauseNanos;
    private final LongSupplier clock;
    private final Map<InetAddress, Failures> failures = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<InetAddress, Failures> eldest) {
            return size() > MAX_ADDRESSES;
        }
    };

    AuthBackoff(long firstPauseNanos, long maxPauseNanos, LongSupplier clock) {
        this.firstPauseNanos = firstPauseNanos;
        this.maxPauseNanos = maxPauseNanos;
        this.clock = clock;
    }

    /** One second after the first failure, doubling up to a minute. */
    static AuthBackoff standard() {
        return new AuthBackoff(1_000_000_000L, 60_000_000_000L, System::nanoTime);
    }

    /** Nanoseconds {@code address} must still wait, 0 when it may try. */
    synchronized long remainingNanos(InetAddress address) {
        Failures known = failures.get(address);
        if (known == null) {
            return 0;
        }
        long elapsed = clock.getAsLong() - known.lastNanos();
        if (elapsed > 2 * maxPauseNanos) {
            // Long quiet: the next failure starts the doubling again.
            failures.remove(address);
            return 0;
        }
        return Math.max(0, pause(known.count()) - elapsed);
    }

    synchronized void failed(InetAddress address) {
        Failures known = failures.get(address);
        long now = clock.getAsLong();
        int count = known == null || now - known.lastNanos() > 2 * maxPauseNanos ? 1 : known.count() + 1;
        failures.put(address, new Failures(count, now));
    }

    synchronized void succeeded(InetAddress address) {
        failures.remove(address);
    }

    private long pause(int count) {
        int doublings = Math.min(count - 1, 62);
        long pause = firstPauseNanos << doublings;
        return pause <= 0 || pause > maxPauseNanos || (pause >> doublings) != firstPauseNanos ? maxPauseNanos : pause;
    }
}
