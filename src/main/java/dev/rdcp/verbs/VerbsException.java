package dev.rdcp.verbs;

import dev.rdcp.posix.ErrnoException;
import dev.rdcp.verbs.jna.IbVerbs;

/**
 * A verb failed: names the verb and the errno text, or, for a failed work completion, the
 * {@code ibv_wc_status} string.
 */
public class VerbsException extends ErrnoException {

    private static final long serialVersionUID = 1L;

    /** ibv_wc_status of a failed completion, or -1 for a failed call. */
    private final int completionStatus;

    protected VerbsException(String message, int errno, int completionStatus) {
        super(message, errno);
        this.completionStatus = completionStatus;
    }

    static VerbsException ofErrno(String verb, int errno) {
        return new VerbsException(failed(verb, errno), errno, -1);
    }

    static VerbsException ofCompletion(String operation, int status, int vendorError, long wrId) {
        String text = IbVerbs.ibv_wc_status_str(status);
        return new VerbsException(operation + " completed with error: " + text + " (status " + status
                + ", vendor error 0x" + Integer.toHexString(vendorError) + ", wr_id " + wrId + ")", 0, status);
    }

    public boolean isCompletionError() {
        return completionStatus >= 0;
    }
}
