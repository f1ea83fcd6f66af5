package dev.rdcp.session;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;

/**
 * The remote shell (ssh, or -e's command) ended before the remote rdcp answered. As rsync, the
 * client then exits with the shell's own status where it is above rsync's IPC error (14): 255
 * for ssh's own failures (connection refused, host key, authentication), 127 when the remote
 * rdcp is not found, 126 when it cannot run. Scripts that retry on 255 keep working.
 */
public final class RemoteShellException extends RdcpException {

    private static final long serialVersionUID = 1L;

    private final int status;

    /** {@code status}: the shell's exit status, or -1 when it did not exit. */
    RemoteShellException(String message, int status) {
        super(ExitCode.IPC, message);
        this.status = status;
    }

    /** The exit status the client ends with: the shell's where it is above 14, else 14. */
    public int clientExitStatus() {
        return Math.max(status, ExitCode.IPC.code());
    }
}
