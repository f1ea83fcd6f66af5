package dev.rdcp.posix;

import dev.rdcp.posix.jna.RdcpPosix;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The extended attributes of one open descriptor's file, through the shim's f*xattr calls (an
 * O_PATH descriptor through its /proc/self/fd link): never a path a later rename could redirect.
 * Buffers are sized by Linux's own limits, so a file cannot make them grow past 64 KiB.
 */
final class XattrCalls {

    /** XATTR_LIST_MAX and XATTR_SIZE_MAX. */
    private static final int MAX_BYTES = 65536;

    private XattrCalls() {
    }

    /** The names, in the order the file system lists them; none where it keeps no attributes. */
    static List<byte[]> names(OwnedDescriptor file) throws IOException {
        byte[] buffer = sized(RdcpPosix.rdcp_xattr_list(file.fd(), null, 0), file);
        if (buffer == null) {
            return List.of();
        }
        long n = RdcpPosix.rdcp_xattr_list(file.fd(), buffer, buffer.length);
        if (n == -Errno.ERANGE) {
            buffer = new byte[MAX_BYTES];
            n = RdcpPosix.rdcp_xattr_list(file.fd(), buffer, buffer.length);
        }
        if (n == -Errno.ENOTSUP) {
            return List.of();
        }
        check(n, file);
        List<byte[]> names = new ArrayList<>();
        for (int start = 0, i = 0; i < n; i++) {
            if (buffer[i] == 0) {
                if (i > start) {
                    names.add(Arrays.copyOfRange(buffer, start, i));
                }
                start = i + 1;
            }
        }
        return names;
    }

    /** The value of {@code name}, or null when the file has no such attribute (any more). */
    static byte[] value(OwnedDescriptor file, byte[] name) throws IOException {
        byte[] cName = CStrings.of(name);
        long needed = RdcpPosix.rdcp_xattr_get(file.fd(), cName, null, 0);
        if (needed == -Errno.ENODATA) {
            return null;
        }
        if (needed == 0) {
            return new byte[0];
        }
        check(needed, file);
        byte[] buffer = new byte[(int) Math.min(needed, MAX_BYTES)];
        long n = RdcpPosix.rdcp_xattr_get(file.fd(), cName, buffer, buffer.length);
        if (n == -Errno.ERANGE) {
            buffer = new byte[MAX_BYTES];
            n = RdcpPosix.rdcp_xattr_get(file.fd(), cName, buffer, buffer.length);
        }
        if (n == -Errno.ENODATA) {
            return null;
        }
        check(n, file);
        return n == buffer.length ? buffer : Arrays.copyOf(buffer, (int) n);
    }

    static void set(OwnedDescriptor file, byte[] name, byte[] value) throws IOException {
        int rc = RdcpPosix.rdcp_xattr_set(file.fd(), CStrings.of(name), value, value.length);
        if (rc < 0) {
            throw failed(file, "setxattr", name, -rc);
        }
    }

    /** Removes {@code name}; one already gone is no failure. */
    static void remove(OwnedDescriptor file, byte[] name) throws IOException {
        int rc = RdcpPosix.rdcp_xattr_remove(file.fd(), CStrings.of(name));
        if (rc < 0 && rc != -Errno.ENODATA) {
            throw failed(file, "removexattr", name, -rc);
        }
    }

    /** A buffer for {@code needed} bytes (as a size query answered), or null when there is nothing to read. */
    private static byte[] sized(long needed, OwnedDescriptor file) throws IOException {
        if (needed == -Errno.ENOTSUP || needed == 0) {
            return null;
        }
        check(needed, file);
        return new byte[(int) Math.min(needed, MAX_BYTES)];
    }

    private static void check(long rc, OwnedDescriptor file) throws IOException {
        if (rc < 0) {
            throw PathErrors.of(file.path(), (int) -rc);
        }
    }

    /** rsync's wording: the call, the file and the attribute, then the error. */
    private static IOException failed(OwnedDescriptor file, String call, byte[] name, int errno) {
        return new java.nio.file.FileSystemException(file.path().toString(), null, call + "(\""
                + new String(name, java.nio.charset.StandardCharsets.UTF_8) + "\") failed: " + Errno.text(errno)
                + " (" + errno + ")");
    }
}
