package dev.rdcp.posix.jna;

import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;

/**
 * The few libc calls rdcp needs that Java lacks: mapping source files as RDMA can register them
 * (Java's FileChannel.map gives a MAP_SHARED mapping, which a read-only registration refuses),
 * setting a symlink's own modification time to the nanosecond, and symlink targets as raw bytes.
 */
public final class LibC {

    public static final int O_RDONLY = 0;
    public static final int O_CLOEXEC = 0x80000;
    public static final int PROT_READ = 1;
    public static final int MAP_PRIVATE = 2;
    public static final int SEEK_END = 2;
    public static final long MAP_FAILED = -1L;
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

    public static native Pointer mmap(Pointer addr, long length, int prot, int flags, int fd, long offset);

    public static native int munmap(Pointer addr, long length);

    /** Returns the target's length, not NUL-terminated; {@code size} bytes means it may have been cut. */
    public static native long readlink(byte[] path, byte[] buf, long size);

    public static native int symlink(byte[] target, byte[] linkpath);

    /** {@code times} is struct timespec[2] (access, modification) as four longs: LP64 only. */
    public static native int utimensat(int dirfd, byte[] path, long[] times, int flags);
}
