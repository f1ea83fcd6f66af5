package dev.rdcp.posix;

import java.io.IOException;

/** A native call failed with an errno: names the call and the errno text. */
public class ErrnoException extends IOException {

    private static final long serialVersionUID = 1L;

    /** errno of the failed call; 0 when a subclass reports a failure that has none. */
    private final int errno;

    protected ErrnoException(String message, int errno) {
        super(message);
        this.errno = errno;
    }

    static ErrnoException of(String call, int errno) {
        return new ErrnoException(failed(call, errno), errno);
    }

    /** "{@code call} failed: text (errno N)". */
    public static String failed(String call, int errno) {
        return call + " failed: " + Errno.describe(errno);
    }

    public int errno() {
        return errno;
    }
}
