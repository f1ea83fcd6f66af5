package dev.rdcp.transfer;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A request that the process stop, from a signal (SIGINT, SIGTERM, SIGHUP). Each role looks at
 * it once per turn of its loop and then ends its session as after any other failure: the
 * receiver removes its temporary files (or keeps them as partial files under --partial), and
 * nothing half-written gets a final name. Process-wide, as signals are.
 */
public final class StopRequest {

    private static volatile String signal;
    private static final AtomicInteger SESSIONS_HELD = new AtomicInteger();

    private StopRequest() {
    }

    /** Asks every role to stop; the first signal's name is the one reported. */
    public static synchronized void request(String signalName) {
        if (signal == null) {
            signal = signalName;
        }
    }

    /** Whether a stop was requested. */
    public static boolean requested() {
        return signal != null;
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
        String requested = signal;
        if (requested != null) {
            throw stopped(requested);
        }
    }

    /**
     * {@code beat}, which also ends long local work (hashing, deleting, copying) once a stop is
     * requested: it throws the stop unchecked, and the role's loop unwraps it.
     */
    static Heartbeat checking(Heartbeat beat) {
        return () -> {
            String requested = signal;
            if (requested != null) {
                throw new UncheckedIOException(stopped(requested));
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
        String requested = signal;
        if (requested == null || failure instanceof RdcpException own && own.exitCode() == ExitCode.SIGNAL) {
            return failure;
        }
        RdcpException stop = stopped(requested);
        stop.addSuppressed(failure);
        return stop;
    }

    private static RdcpException stopped(String signalName) {
        return new RdcpException(ExitCode.SIGNAL, "received SIG" + signalName + ": the transfer was stopped");
    }

    /** For a test that requested a stop: the next session runs as usual. */
    static synchronized void clear() {
        signal = null;
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
