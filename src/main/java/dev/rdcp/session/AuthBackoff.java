package dev.rdcp.session;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * Slows secret guessing: after a failed authentication, the client's address is refused for a
 * pause that doubles with each further failure, up to a cap; a success forgets its failures. An
 * IPv6 client is known by its /64 network, not its address: a host is given a /64 and picks any
 * address in it at will, so by address each connection could be a first guess. The
 * table is bounded: past {@link #MAX_ADDRESSES}, the least recently seen address is forgotten.
 * The pause holds where answers are checked, not only where connections are accepted: a client
 * that takes challenges on many connections and then answers them all still gets one guess.
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
    /** Addresses with an answer being checked now; at most one each. */
    private final Set<InetAddress> checking = new HashSet<>();

    AuthBackoff(long firstPauseNanos, long maxPauseNanos, LongSupplier clock) {
        this.firstPauseNanos = firstPauseNanos;
        this.maxPauseNanos = maxPauseNanos;
        this.clock = clock;
    }

    /** One second after the first failure, doubling up to a minute. */
    static AuthBackoff standard() {
        return new AuthBackoff(1_000_000_000L, 60_000_000_000L, System::nanoTime);
    }

    /**
     * Who {@code address} is for the pauses: itself for IPv4, its /64 network for IPv6 (an
     * IPv4-mapped address is its IPv4 address already, as Java decodes it).
     */
    static InetAddress client(InetAddress address) {
        if (!(address instanceof Inet6Address)) {
            return address;
        }
        byte[] network = Arrays.copyOf(address.getAddress(), 16);
        Arrays.fill(network, 8, 16, (byte) 0);
        try {
            return InetAddress.getByAddress(network);
        } catch (UnknownHostException e) {
            throw new IllegalStateException("16 bytes are an IPv6 address", e);
        }
    }

    /** Nanoseconds {@code address} must still wait, 0 when it may try. */
    synchronized long remainingNanos(InetAddress address) {
        address = client(address);
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

    /** What a client is told while its address waits {@code remainingNanos}. */
    static String waitMessage(long remainingNanos) {
        return "authentication failed recently from this address; try again in "
                + TimeUnit.NANOSECONDS.toSeconds(remainingNanos + 999_999_999L) + " s";
    }

    /**
     * Has {@code check} decide on one answer from {@code address} and returns whether it passed.
     * Answers from one address are checked one at a time, and a failure is recorded before the
     * next one's turn, which then finds the address waiting and is refused without a check: so
     * answers sent together on many connections cost one guess per pause, not one each. A turn
     * lasts one comparison, so an answer waits for it rather than be refused (parallel clients
     * that know the secret all pass).
     *
     * @throws RdcpException unchecked, since the address is waiting
     */
    boolean check(InetAddress address, BooleanSupplier check) throws IOException {
        address = client(address);
        synchronized (this) {
            while (checking.contains(address)) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new InterruptedIOException("stopped while waiting to check an answer");
                }
            }
            long wait = remainingNanos(address);
            if (wait > 0) {
                throw new RdcpException(ExitCode.START_CLIENT_SERVER, waitMessage(wait));
            }
            checking.add(address);
        }
        boolean passed = false;
        try {
            passed = check.getAsBoolean();
            return passed;
        } finally {
            synchronized (this) {
                if (!passed) {
                    failed(address);
                }
                checking.remove(address);
                notifyAll();
            }
        }
    }

    synchronized void failed(InetAddress address) {
        address = client(address);
        Failures known = failures.get(address);
        long now = clock.getAsLong();
        int count = known == null || now - known.lastNanos() > 2 * maxPauseNanos ? 1 : known.count() + 1;
        failures.put(address, new Failures(count, now));
    }

    synchronized void succeeded(InetAddress address) {
        failures.remove(client(address));
    }

    private long pause(int count) {
        int doublings = Math.min(count - 1, 62);
        long pause = firstPauseNanos << doublings;
        return pause <= 0 || pause > maxPauseNanos || (pause >> doublings) != firstPauseNanos ? maxPauseNanos : pause;
    }
}
