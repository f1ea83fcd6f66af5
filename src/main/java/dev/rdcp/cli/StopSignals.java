package dev.rdcp.cli;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.transfer.StopRequest;
import java.io.PrintWriter;
import java.util.concurrent.TimeUnit;
import sun.misc.Signal;

/**
 * SIGINT, SIGTERM and SIGHUP, as rsync takes them: the transfer stops, the receiver removes its
 * temporary files, and rdcp exits with 20. A session in progress is given a few seconds to clean
 * up; with none in progress, or at a signal more than a second after the first, the process ends
 * at once (a closing terminal sends SIGHUP twice in a row, which must not cut the cleanup short).
 * A signal that was ignored when rdcp started (nohup, a background job) stays ignored: the JVM
 * installs no handler for it.
 */
final class StopSignals {

    private static final String[] STOPPING = {"INT", "TERM", "HUP"};
    /** What a client's session needs at most to notice the request (a poll tick) and clean up. */
    private static final long CLIENT_GRACE_SECONDS = 5;
    private static final long REPEAT_NANOS = 1_000_000_000L;

    /** What else a stop does; null for a client, which has only its session to stop. */
    private static volatile Runnable onStop;
    private static volatile long graceSeconds = CLIENT_GRACE_SECONDS;
    private static boolean signalled;
    private static long firstSignalNanos;
    private static PrintWriter err;

    private StopSignals() {
    }

    /** Handles the stopping signals for the rest of the process, reporting on {@code errors}. */
    static void install(PrintWriter errors) {
        err = errors;
        for (String name : STOPPING) {
            try {
                Signal.handle(new Signal(name), StopSignals::received);
            } catch (IllegalArgumentException e) {
                // The JVM keeps this signal (-Xrs): its default, ending the process, stays.
            }
        }
    }

    /**
     * A daemon: a stop also runs {@code action} (which stops accepting and waits for the
     * sessions), and the process ends anyway, with 20, after {@code seconds}.
     */
    static void serving(Runnable action, long seconds) {
        graceSeconds = seconds;
        onStop = action;
    }

    /** No longer serving: a stop is a client's again. */
    static void notServing() {
        onStop = null;
        graceSeconds = CLIENT_GRACE_SECONDS;
    }

    private static void received(Signal signal) {
        boolean first;
        boolean endNow;
        synchronized (StopSignals.class) {
            long now = System.nanoTime();
            first = !signalled;
            endNow = first ? onStop == null && !StopRequest.sessionsHeld() : now - firstSignalNanos > REPEAT_NANOS;
            if (first) {
                signalled = true;
                firstSignalNanos = now;
            }
        }
        if (endNow) {
            end(signal);
        }
        if (!first) {
            return;
        }
        StopRequest.request(signal.getName());
        Thread deadline = new Thread(() -> {
            try {
                TimeUnit.SECONDS.sleep(graceSeconds);
            } catch (InterruptedException e) {
                return;
            }
            end(signal);
        }, "rdcp-stop-deadline");
        deadline.setDaemon(true);
        deadline.start();
        Runnable action = onStop;
        if (action != null) {
            action.run();
        }
    }

    private static void end(Signal signal) {
        err.println("rdcp: received SIG" + signal.getName() + ": stopped");
        err.flush();
        Runtime.getRuntime().halt(ExitCode.SIGNAL.code());
    }
}
