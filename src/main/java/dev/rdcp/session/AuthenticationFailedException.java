package dev.rdcp.session;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;

/** The client did not prove it knows the secret: the daemon makes its address wait before the next try. */
final class AuthenticationFailedException extends RdcpException {

    private static final long serialVersionUID = 1L;

    AuthenticationFailedException() {
        super(ExitCode.START_CLIENT_SERVER, "authentication failed");
    }
}
