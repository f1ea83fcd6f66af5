package dev.rdcp.session;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The daemon's log lines for connections that end before their client authenticated: garbage, a
 * wrong secret, a dropped or silent connection. Their number is a stranger's to choose, so each
 * client (an address, an IPv6 /64 as {@link AuthBackoff#client} says) has its first failure of an
 * interval logged in full and the rest counted, then one line says how many there were once the
 * interval is over. At most {@link #MAX_CLIENTS} clients are followed; failures from others, once
 * the table is full, are only counted, with one line for all of them an interval.
 */
final class SetupFailureLog {

    static final int MAX_CLIENTS = 1024;

    /** A client's interval: when it began and the failures not logged since. */
    private static final class Interval {
        private final long startNanos;
        private long unlogged;

        private Interval(long startNanos) {
            this.startNanos = startNanos;
        }
    }

    private final long intervalNanos;
    private final LongSupplier clock;
    private final Consumer<String> log;
    private final Map<InetAddress, Interval> clients = new LinkedHashMap<>();
    /** Failures of clients beyond the table's bound, in the interval since {@link #othersStart}. */
    private long othersUnlogged;
    private long othersStart;

    SetupFailureLog(long intervalNanos, LongSupplier clock, Consumer<String> log) {
        this.intervalNanos = intervalNanos;
        this.clock = clock;
        this.log = log;
    }

    /** A line for each client a minute, at most. */
    static SetupFailureLog standard(Consumer<String> log) {
        return new SetupFailureLog(60_000_000_000L, System::nanoTime, log);
    }

    long intervalNanos() {
        return intervalNanos;
    }

    /** A connection from {@code address} failed before it authenticated, for the reason {@code line} gives. */
    void failed(InetAddress address, String line) {
        List<String> lines;
        synchronized (this) {
            long now = clock.getAsLong();
            lines = ended(now, false);
            InetAddress client = AuthBackoff.client(address);
            Interval interval = clients.get(client);
            if (interval != null) {
                interval.unlogged++;
            } else if (clients.size() >= MAX_CLIENTS) {
                if (othersUnlogged++ == 0) {
                    othersStart = now;
                }
            } else {
                clients.put(client, new Interval(now));
                lines.add(line);
            }
        }
        lines.forEach(log);
    }

    /** Says what the intervals over by now did not log; the daemon calls it every interval. */
    void summarize() {
        summarize(false);
    }

    /** Says what every interval, over or not, did not log: the daemon is closing. */
    void summarizeAll() {
        summarize(true);
    }

    private void summarize(boolean all) {
        List<String> lines;
        synchronized (this) {
            lines = ended(clock.getAsLong(), all);
        }
        lines.forEach(log);
    }

    /** Ends the intervals that are over (all of them with {@code all}), with a line for each that left failures unlogged. */
    private List<String> ended(long now, boolean all) {
        List<String> lines = new ArrayList<>();
        // Insertion order is start order: the first interval still running ends the scan.
        Iterator<Map.Entry<InetAddress, Interval>> oldestFirst = clients.entrySet().iterator();
        while (oldestFirst.hasNext()) {
            Map.Entry<InetAddress, Interval> entry = oldestFirst.next();
            Interval interval = entry.getValue();
            if (!all && now - interval.startNanos < intervalNanos) {
                break;
            }
            oldestFirst.remove();
            if (interval.unlogged > 0) {
                lines.add(entry.getKey().getHostAddress() + ": " + interval.unlogged + " more "
                        + connections(interval.unlogged) + " failed before authenticating within "
                        + seconds() + " s of the one logged (not logged)");
            }
        }
        if (othersUnlogged > 0 && (all || now - othersStart >= intervalNanos)) {
            lines.add(othersUnlogged + " " + connections(othersUnlogged) + " from clients beyond the "
                    + MAX_CLIENTS + " followed failed before authenticating within " + seconds() + " s (not logged)");
            othersUnlogged = 0;
        }
        return lines;
    }

    private long seconds() {
        return intervalNanos / 1_000_000_000L;
    }

    private static String connections(long count) {
        return count == 1 ? "connection" : "connections";
    }
}
