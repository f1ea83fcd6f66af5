package dev.rdcp.transfer;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A request that the process stop, from a signal (SIGINT, SIGTERM, SIGHUP) or at the run-time
 * limit of --stop-after or --stop-at. Each role looks at it once per turn of its loop and then
 * ends its session as after any other failure: the receiver removes its temporary files (or keeps
 * them as partial files under --partial), and nothing half-written gets a final name.
 * Process-wide, as signals are.
 */
public final class StopRequest {

    /** Why the transfer stops: the exit code and message a stopped role ends with. */
    private record Reason(ExitCode exitCode, String message) {
        RdcpException failure() {
            return new RdcpException(exitCode, message);
        }

        /** Whether {@code failure} is this stop itself (a peer's timeout is 30 too, but not the limit). */
        boolean isThe(IOException failure) {
            return failure instanceof RdcpException own && own.exitCode() == exitCode && message.equals(own.getMessage());
        }
    }

    private static volatile Reason reason;
    private static final AtomicInteger SESSIONS_HELD = new AtomicInteger();

    private StopRequest() {
    }

    /** Asks every role to stop, at SIG{@code signalName}: exit code 20. The first request's reason is the one reported. */
    public static void request(String signalName) {
        request(new Reason(ExitCode.SIGNAL, "received SIG" + signalName + ": the transfer was stopped"));
    }

    /** Asks every role to stop at the run-time limit, with rsync's message and exit code 30. */
    public static void requestAtLimit() {
        request(new Reason(ExitCode.TIMEOUT, "stopping at requested limit"));
    }

    private static synchronized void request(Reason stop) {
        if (reason == null) {
            reason = stop;
        }
    }

    /** Whether a stop was requested. */
    public static boolean requested() {
        return reason != null;
    }

    /** Whether a session is between the start of its roles and the end of their cleanup. */
    public static boolean sessionsHeld() {
        return heldCount() > 0;
    }

    static int heldCount() {
        return SESSIONS_HELD.get();
    }

    /** Held from before a session's roles are made until after they are closed. */
    public static Hold hold() {
        SESSIONS_HELD.incrementAndGet();
        return new Hold();
    }

    /** Throws the stop as the session's failure once one was requested. */
    static void check() throws RdcpException {
        Reason requested = reason;
        if (requested != null) {
            throw requested.failure();
        }
    }

    /**
     * {@code beat}, which also ends long local work (hashing, deleting, copying) once a stop is
     * requested: it throws the stop unchecked, and the role's loop unwraps it.
     */
    static Heartbeat checking(Heartbeat beat) {
        return () -> {
            Reason requested = reason;
            if (requested != null) {
                throw new UncheckedIOException(requested.failure());
            }
            beat.beat();
        };
    }

    /**
     * What a role ends with when {@code failure} came once a stop was requested: the stop, the
     * failure attached to it. The peer may be stopping at the same moment (a hangup or a shutdown
     * reaches both ends), and whichever end leaves first makes the other's next send or wait fail;
     * that failure only echoes the stop, and reporting it instead would make the exit code depend
     * on which end was quicker.
     */
    static IOException afterStop(IOException failure) {
        Reason requested = reason;
        if (requested == null || requested.isThe(failure)) {
            return failure;
        }
        RdcpException stop = requested.failure();
        stop.addSuppressed(failure);
        return stop;
    }

    /** For a test that requested a stop: the next session runs as usual. */
    static synchronized void clear() {
        reason = null;
    }

    /** A session's hold; closing it again does nothing. */
    public static final class Hold implements AutoCloseable {
        private boolean released;

        private Hold() {
        }

        @Override
        public void close() {
            if (!released) {
                released = true;
                SESSIONS_HELD.decrementAndGet();
            }
        }
    }
}
