package dev.rdcp.protocol;

/** The peer speaks another version of the rdcp protocol. */
public final class VersionMismatchException extends IncompatiblePeerException {

    private static final long serialVersionUID = 1L;

    public VersionMismatchException(int ours, int theirs) {
        super("protocol version mismatch: this rdcp speaks version " + ours + ", the peer speaks version "
                + theirs + " (install the same rdcp release on both ends)");
    }
}
