package dev.rdcp.posix.jna;

import com.sun.jna.Native;
import com.sun.jna.Platform;

/**
 * The few libc calls rdcp needs that Java lacks: opening a source by its raw name bytes for the
 * sender's reads into registered memory, setting a symlink's own modification time to the
 * nanosecond, and symlink targets as raw bytes.
 */
public final class LibC {

    public static final int O_RDONLY = 0;
    public static final int O_CLOEXEC = 0x80000;
    public static final int SEEK_END = 2;
    public static final int AT_FDCWD = -100;
    public static final int AT_SYMLINK_NOFOLLOW = 0x100;
    /** tv_nsec value meaning "the current time". */
    public static final long UTIME_NOW = (1L << 30) - 1;

    static {
        Native.register(LibC.class, Platform.C_LIBRARY_NAME);
    }

    private LibC() {
    }

    public static native int open(byte[] path, int flags);

    public static native int close(int fd);

    public static native long lseek(int fd, long offset, int whence);

    /** Returns the target's length, not NUL-terminated; {@code size} bytes means it may have been cut. */
    public static native long readlink(byte[] path, byte[] buf, long size);

    public static native int symlink(byte[] target, byte[] linkpath);

    /** {@code times} is struct timespec[2] (access, modification) as four longs: LP64 only. */
    public static native int utimensat(int dirfd, byte[] path, long[] times, int flags);
}
