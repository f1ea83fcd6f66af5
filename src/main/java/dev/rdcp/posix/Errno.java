package dev.rdcp.posix;

import com.sun.jna.Native;
import dev.rdcp.posix.jna.RdcpPosix;

/**
 * The errno values rdcp tells apart, as the C library defines them (the shim exports them, so
 * no architecture's numbers are written down here), and errno text that any thread may ask for.
 */
public final class Errno {

    public static final int EPERM = RdcpPosix.rdcp_errno_EPERM();
    public static final int ENOENT = RdcpPosix.rdcp_errno_ENOENT();
    public static final int ENOMEM = RdcpPosix.rdcp_errno_ENOMEM();
    public static final int EACCES = RdcpPosix.rdcp_errno_EACCES();
    public static final int ENOSYS = RdcpPosix.rdcp_errno_ENOSYS();
    public static final int ETIMEDOUT = RdcpPosix.rdcp_errno_ETIMEDOUT();
    public static final int EEXIST = RdcpPosix.rdcp_errno_EEXIST();
    public static final int EBADF = RdcpPosix.rdcp_errno_EBADF();
    public static final int ENOTDIR = RdcpPosix.rdcp_errno_ENOTDIR();
    public static final int EISDIR = RdcpPosix.rdcp_errno_EISDIR();
    /** A symlink where confined resolution follows none. */
    public static final int ELOOP = RdcpPosix.rdcp_errno_ELOOP();
    /** A name that would leave the directory it is resolved beneath. */
    public static final int EXDEV = RdcpPosix.rdcp_errno_EXDEV();
    /** An argument the call refuses: for an O_DIRECT read, an alignment the file system does not take. */
    public static final int EINVAL = RdcpPosix.rdcp_errno_EINVAL();
    /** No such extended attribute. */
    public static final int ENODATA = RdcpPosix.rdcp_errno_ENODATA();
    /** The file system keeps no extended attributes (EOPNOTSUPP on Linux). */
    public static final int ENOTSUP = RdcpPosix.rdcp_errno_ENOTSUP();
    /** An extended attribute grew past the buffer sized for it. */
    public static final int ERANGE = RdcpPosix.rdcp_errno_ERANGE();

    /** Longer than any of glibc's messages, "Unknown error -2147483648" included. */
    private static final int TEXT_BYTES = 128;

    private Errno() {
    }

    /** strerror's text for {@code errno}, e.g. "No such file or directory". */
    public static String text(int errno) {
        byte[] buffer = new byte[TEXT_BYTES];
        RdcpPosix.rdcp_strerror(errno, buffer, buffer.length);
        return Native.toString(buffer);
    }

    /** The text and the number, as error messages show them. */
    public static String describe(int errno) {
        return text(errno) + " (errno " + errno + ")";
    }
}
