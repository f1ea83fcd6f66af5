package dev.rdcp.cli;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** --stop-after's and --stop-at's deadline, on a timer thread: at it, {@code reached} runs, once. */
final class RunTimeLimit implements AutoCloseable {

    private final ScheduledExecutorService timer;

    private RunTimeLimit(ScheduledExecutorService timer) {
        this.timer = timer;
    }

    /** Runs {@code reached} at {@code deadline} by {@code clock} (at once if it has passed) unless closed first. */
    static RunTimeLimit start(Instant deadline, Clock clock, Runnable reached) {
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "rdcp-run-time-limit");
            thread.setDaemon(true);
            return thread;
        });
        timer.schedule(reached, millisUntil(deadline, clock), TimeUnit.MILLISECONDS);
        return new RunTimeLimit(timer);
    }

    /** A deadline as far as Instant.MAX (--stop-after of millions of years) waits "forever" rather than overflow. */
    private static long millisUntil(Instant deadline, Clock clock) {
        Duration left = Duration.between(clock.instant(), deadline);
        return left.isNegative() ? 0 : left.getSeconds() >= Long.MAX_VALUE / 1000 ? Long.MAX_VALUE : left.toMillis();
    }

    /** The copy ended: the limit no longer applies. */
    @Override
    public void close() {
        timer.shutdownNow();
    }
}
