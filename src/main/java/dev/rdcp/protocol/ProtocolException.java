package dev.rdcp.protocol;

import java.io.IOException;

/** The peer sent something this protocol does not allow: a bad frame, length, field or sequence. */
public class ProtocolException extends IOException {

    private static final long serialVersionUID = 1L;

    public ProtocolException(String message) {
        super(message);
    }
}
