package dev.rdcp.transfer;

import dev.rdcp.protocol.ControlType;
import dev.rdcp.protocol.ErrorMessage;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.PeerAbortException;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.transport.Transport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * A role that fails tells its peer why, with an ABORT control message, before its transport
 * closes: the peer's user then sees the reason and the exit code (a daemon's malformed filter
 * file, a stop by signal) instead of a lost connection, and a daemon's log says why a client
 * left. Best effort and bounded: a peer that is gone, or never closes, costs at most
 * {@link #WAIT_MILLIS}.
 */
final class SessionAbort {

    private static final Logger LOG = LogManager.getLogger(SessionAbort.class);

    /** How long a failed side waits for its ABORT to leave and the peer to close: short, since a user may have pressed ^C. */
    static final long WAIT_MILLIS = 2_000;
    /** A look at the peer between polls; over RDMA nothing wakes a poll when the peer closes. */
    private static final long POLL_MILLIS = 10;

    /** A role's whole run. */
    @FunctionalInterface
    interface Role {
        void run() throws IOException;
    }

    private SessionAbort() {
    }

    /**
     * Runs {@code role}; if it fails, tells the peer why and throws the failure: a stop requested
     * meanwhile (a signal, a time limit) in place of what it caused, long local work's unchecked
     * failure unwrapped, and a lost connection (or an undiagnosed failure, an RDMA SEND's among
     * them) as the ABORT the peer left before it, if it did.
     *
     * @param peerRole the peer's role ("sender", "receiver"), which marks its ABORT's reason
     */
    static void runTellingPeer(Transport transport, String peerRole, Role role) throws IOException {
        try {
            role.run();
        } catch (UncheckedIOException e) {
            throw ended(transport, peerRole, StopRequest.afterStop(e.getCause()));
        } catch (IOException e) {
            throw ended(transport, peerRole, StopRequest.afterStop(e));
        } catch (RuntimeException e) {
            tellPeer(transport, e);
            throw e;
        }
    }

    private static IOException ended(Transport transport, String peerRole, IOException failure) {
        if (mayEchoThePeer(failure)) {
            PeerAbortException heard = abortLeftBy(transport, peerRole);
            if (heard != null) {
                heard.addSuppressed(failure);
                return heard;
            }
        }
        if (!(failure instanceof RdcpException lost && lost.exitCode() == ExitCode.SOCKET_IO)) {
            tellPeer(transport, failure);
        }
        return failure;
    }

    /**
     * Whether {@code failure} may only echo the peer's leaving: a lost connection, or a failure
     * rdcp did not diagnose itself, such as an RDMA SEND the adapter gave up on (retry counter
     * exceeded) because the peer, having sent its ABORT, destroyed its queue pair.
     */
    private static boolean mayEchoThePeer(IOException failure) {
        if (failure instanceof RdcpException diagnosed) {
            return diagnosed.exitCode() == ExitCode.SOCKET_IO;
        }
        return !(failure instanceof ProtocolException);
    }

    /**
     * The peer's ABORT still waiting to be read, or null. A peer that failed closes once it gives
     * up waiting for this side's close; if this side was busy meanwhile, its next send finds the
     * connection closed before its next poll would have found the ABORT that came first.
     */
    private static PeerAbortException abortLeftBy(Transport transport, String peerRole) {
        PeerAbortException[] heard = {null};
        Transport.Handler abortOnly = (type, payload) -> {
            if (type == ControlType.ABORT && heard[0] == null) {
                heard[0] = ErrorMessage.decode(payload).toPeerAbort(peerRole);
            }
        };
        try {
            int taken;
            do {
                taken = transport.poll(abortOnly, 0);
            } while (heard[0] == null && taken > 0);
        } catch (IOException | RuntimeException e) {
            LOG.debug("nothing more from the peer after the lost connection: {}", e.toString());
        }
        return heard[0];
    }

    /** Sends {@code failure}'s ABORT, unless the peer cannot hear it or sent its own; never throws. */
    private static void tellPeer(Transport transport, Throwable failure) {
        ErrorMessage message = messageFor(failure);
        if (message == null) {
            return;
        }
        try {
            transport.discardMessage();
            message.encode(transport.startMessage(ControlType.ABORT));
            transport.send();
            awaitPeerClose(transport);
        } catch (IOException | RuntimeException e) {
            LOG.debug("could not tell the peer why the session ends: {}", e.toString());
        }
    }

    /**
     * What the peer is told: rdcp's own diagnosis as it is (written for users, and naming files as
     * the transfer names them), a protocol error with its cause; of any other failure only its
     * kind, since its text may hold this host's paths. Null where nothing can or need be said:
     * the connection is lost, or the failure is the peer's ABORT.
     */
    static ErrorMessage messageFor(Throwable failure) {
        if (failure instanceof PeerAbortException) {
            return null;
        }
        if (failure instanceof RdcpException diagnosed) {
            return diagnosed.exitCode() == ExitCode.SOCKET_IO ? null
                    : new ErrorMessage(diagnosed.exitCode().code(), diagnosed.getMessage());
        }
        if (failure instanceof ProtocolException protocol) {
            return new ErrorMessage(ExitCode.DATA_STREAM.code(), "protocol error: " + protocol.getMessage());
        }
        if (failure instanceof FileSystemException file && file.getReason() != null) {
            return new ErrorMessage(ExitCode.FILE_IO.code(), "an I/O error ended the session: " + file.getReason());
        }
        if (failure instanceof IOException) {
            return new ErrorMessage(ExitCode.FILE_IO.code(), "an I/O error ended the session ("
                    + failure.getClass().getSimpleName() + ")");
        }
        return new ErrorMessage(ExitCode.INTERNAL.code(), "an internal error ended the session (its log has it)");
    }

    /**
     * Takes in what the peer still sends, unread, until the ABORT has left and the peer has closed
     * its end. Closing first would race the message: a peer busy with local work could see the
     * bootstrap connection close, and report a lost connection, before it polls for the ABORT. A
     * peer whose own ABORT comes meanwhile failed too and waits for this side's close in turn:
     * waiting for its close would hold both ends for the whole wait.
     */
    private static void awaitPeerClose(Transport transport) throws IOException {
        boolean[] peerAborted = {false};
        Transport.Handler unread = (type, payload) -> peerAborted[0] |= type == ControlType.ABORT;
        long deadline = System.nanoTime() + WAIT_MILLIS * 1_000_000L;
        while (!(transport.idle() && (peerAborted[0] || transport.watch().peerGone()))) {
            if (System.nanoTime() - deadline >= 0) {
                LOG.debug("the peer did not close within {} ms of this side's ABORT", WAIT_MILLIS);
                return;
            }
            transport.poll(unread, POLL_MILLIS);
        }
    }
}
