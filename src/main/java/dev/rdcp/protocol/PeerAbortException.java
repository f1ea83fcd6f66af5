package dev.rdcp.protocol;

/**
 * The peer ended the session with an ABORT: its role failed, for the reason and with the exit
 * code it gave. This side ends with the same, and tells the peer nothing back.
 */
public final class PeerAbortException extends RdcpException {

    private static final long serialVersionUID = 1L;

    public PeerAbortException(ExitCode exitCode, String message) {
        super(exitCode, message);
    }
}
