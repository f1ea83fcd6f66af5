package dev.rdcp.posix.jna;

import com.sun.jna.Native;
import com.sun.jna.Platform;
import java.nio.ByteBuffer;

/**
 * The few libc calls rdcp needs that Java lacks: opening a source by its raw name bytes for the
 * sender's reads into registered memory, setting a symlink's own modification time to the
 * nanosecond, symlink targets as raw bytes, and the descriptor-relative calls ({@code *at},
 * {@code f*}) every session's file access goes through.
 */
public final class LibC {

    public static final int O_RDONLY = 0;
    public static final int O_WRONLY = 1;
    public static final int O_CREAT = 0x40;
    public static final int O_EXCL = 0x80;
    public static final int O_NONBLOCK = 0x800;
    public static final int O_DIRECTORY = 0x10000;
    public static final int O_NOFOLLOW = 0x20000;
    public static final int O_CLOEXEC = 0x80000;
    public static final int O_PATH = 0x200000;
    public static final int O_NOATIME = 0x40000;
    public static final int AT_REMOVEDIR = 0x200;
    public static final int AT_EMPTY_PATH = 0x1000;
    public static final int SEEK_SET = 0;
    public static final int SEEK_END = 2;
    public static final int AT_FDCWD = -100;
    public static final int AT_SYMLINK_NOFOLLOW = 0x100;
    /** tv_nsec value meaning "the current time". */
    public static final long UTIME_NOW = (1L << 30) - 1;
    public static final long UTIME_OMIT = (1L << 30) - 2;

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

    public static native int mkdirat(int dirfd, byte[] path, int mode);

    public static native int mknodat(int dirfd, byte[] path, int mode, long dev);

    public static native int symlinkat(byte[] target, int newdirfd, byte[] linkpath);

    public static native long readlinkat(int dirfd, byte[] path, byte[] buf, long size);

    public static native int linkat(int olddirfd, byte[] oldpath, int newdirfd, byte[] newpath, int flags);

    public static native int renameat(int olddirfd, byte[] oldpath, int newdirfd, byte[] newpath);

    public static native int unlinkat(int dirfd, byte[] path, int flags);

    public static native int fchmod(int fd, int mode);

    /** Follows the path: rdcp passes only /proc/self/fd/N, which names one open descriptor's file. */
    public static native int chmod(byte[] path, int mode);

    public static native int fchownat(int dirfd, byte[] path, int owner, int group, int flags);

    /** {@code buf} a direct buffer: JNA passes its address at its position, allocating nothing. */
    public static native long pread(int fd, ByteBuffer buf, long count, long offset);

    /** {@code buf} a direct buffer: JNA passes its address at its position, allocating nothing. */
    public static native long pwrite(int fd, ByteBuffer buf, long count, long offset);

    public static native int ftruncate(int fd, long length);

    public static native int fsync(int fd);

    public static final int FALLOC_FL_KEEP_SIZE = 1;
    public static final int FALLOC_FL_PUNCH_HOLE = 2;

    public static native int fallocate(int fd, int mode, long offset, long length);

    /** {@code times} as for utimensat. */
    public static native int futimens(int fd, long[] times);

    /** {@code times} is struct timespec[2] (access, modification) as four longs: LP64 only. */
    public static native int utimensat(int dirfd, byte[] path, long[] times, int flags);
}
