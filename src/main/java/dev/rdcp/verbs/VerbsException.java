package dev.rdcp.verbs;

import dev.rdcp.verbs.jna.IbVerbs;
import dev.rdcp.verbs.jna.RdcpShim;
import java.io.IOException;

/**
 * A verb failed: names the verb and the errno text, or, for a failed work completion, the
 * {@code ibv_wc_status} string.
 */
public class VerbsException extends IOException {

    private static final long serialVersionUID = 1L;

    /** errno of a failed call, or 0 for a failed completion. */
    private final int errno;
    /** ibv_wc_status of a failed completion, or -1 for a failed call. */
    private final int completionStatus;

    protected VerbsException(String message, int errno, int completionStatus) {
        super(message);
        this.errno = errno;
        this.completionStatus = completionStatus;
    }

    static VerbsException ofErrno(String verb, int errno) {
        return new VerbsException(verb + " failed: " + errnoText(errno), errno, -1);
    }

    static VerbsException ofCompletion(String operation, int status, int vendorError, long wrId) {
        String text = IbVerbs.ibv_wc_status_str(status);
        return new VerbsException(operation + " completed with error: " + text + " (status " + status
                + ", vendor error 0x" + Integer.toHexString(vendorError) + ", wr_id " + wrId + ")", 0, status);
    }

    static String errnoText(int errno) {
        return RdcpShim.rdcp_strerror(errno) + " (errno " + errno + ")";
    }

    public int errno() {
        return errno;
    }

    public boolean isCompletionError() {
        return completionStatus >= 0;
    }
}
