package dev.rdcp.protocol;

import java.io.IOException;

/** A failure rdcp itself diagnosed, with the exit code it maps to (see {@link ExitCode}). */
public class RdcpException extends IOException {

    private static final long serialVersionUID = 1L;

    private final transient ExitCode exitCode;

    public RdcpException(ExitCode exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    public ExitCode exitCode() {
        return exitCode;
    }
}
