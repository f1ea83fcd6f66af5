package dev.rdcp.cli;

/** A failure the command itself diagnosed, with the exit code it maps to. */
public final class RdcpException extends Exception {

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
