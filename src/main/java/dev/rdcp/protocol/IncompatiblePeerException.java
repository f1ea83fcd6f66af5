package dev.rdcp.protocol;

/** The peer is not an rdcp of a compatible version: rsync's "protocol incompatibility". */
public class IncompatiblePeerException extends ProtocolException {

    private static final long serialVersionUID = 1L;

    public IncompatiblePeerException(String message) {
        super(message);
    }
}
