package dev.rdcp.posix;

import com.sun.jna.Native;
import dev.rdcp.posix.jna.LibC;
import dev.rdcp.posix.jna.RdcpPosix;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * One open descriptor of a file or directory reached beneath a {@link DirectoryHandle}: its
 * data, status, mode, owner and times are read and set through the descriptor, so nothing a
 * peer or a local user renames or replaces meanwhile is touched instead.
 */
public final class FileHandle extends OwnedDescriptor {

    FileHandle(Path path, int fd) {
        super(path, fd);
    }

    /**
     * {@code path} itself to read its metadata (O_PATH; a link in its last component followed
     * unless it was listed as the link itself), only if it is still the file listed as
     * {@code listed}: same device and inode.
     */
    public static FileHandle openListed(Path path, byte[] name, FileStatus listed) throws IOException {
        int fd = LibC.open(CStrings.of(name), LibC.O_PATH | LibC.O_CLOEXEC | (isLink(listed) ? LibC.O_NOFOLLOW : 0));
        if (fd < 0) {
            throw PathErrors.of(path, Native.getLastError());
        }
        return checked(new FileHandle(path, fd), listed);
    }

    /**
     * As {@link #openListed(Path, byte[], FileStatus)}, for a server's file: {@code name} (several
     * components) is opened beneath {@code top}, the served directory's descriptor, with the
     * symlinks on the way followed only while each stays beneath it.
     */
    public static FileHandle openListed(DirectoryHandle top, byte[] name, FileStatus listed) throws IOException {
        return checked(top.openNodeFollowing(name, !isLink(listed)), listed);
    }

    private static boolean isLink(FileStatus listed) {
        return (listed.mode() & 0170000) == 0120000;
    }

    private static FileHandle checked(FileHandle handle, FileStatus listed) throws IOException {
        try {
            FileStatus now = handle.status();
            if (now.device() != listed.device() || now.inode() != listed.inode()) {
                throw new java.nio.file.FileSystemException(handle.path().toString(), null,
                        "is no longer the file that was listed");
            }
            return handle;
        } catch (IOException | RuntimeException e) {
            handle.close();
            throw e;
        }
    }

    /** fstat(2). */
    public FileStatus status() throws IOException {
        long[] fields = new long[RdcpPosix.RDCP_STATUS_FIELDS];
        int rc = RdcpPosix.rdcp_status_at(fd(), new byte[1], fields);
        if (rc < 0) {
            throw PathErrors.of(path(), -rc);
        }
        return FileStatus.of(fields);
    }

    /** Writes all of {@code data} at {@code position}; a heap buffer is copied first (not on the data path). */
    public void write(ByteBuffer data, long position) throws IOException {
        if (!data.isDirect()) {
            ByteBuffer direct = ByteBuffer.allocateDirect(data.remaining()).put(data.duplicate()).flip();
            write(direct, position);
            data.position(data.limit());
            return;
        }
        long at = position;
        while (data.hasRemaining()) {
            long n = LibC.pwrite(fd(), data, data.remaining(), at);
            if (n < 0) {
                throw PathErrors.of(path(), Native.getLastError());
            }
            data.position(data.position() + (int) n);
            at += n;
        }
    }

    /**
     * Reads into {@code data} (a direct buffer) from {@code position} until it is full or the file
     * ends; returns the bytes read.
     */
    public int read(ByteBuffer data, long position) throws IOException {
        if (!data.isDirect()) {
            throw new IllegalArgumentException("pread into a heap buffer");
        }
        int total = 0;
        while (data.hasRemaining()) {
            long n = LibC.pread(fd(), data, data.remaining(), position + total);
            if (n < 0) {
                throw PathErrors.of(path(), Native.getLastError());
            }
            if (n == 0) {
                break;
            }
            data.position(data.position() + (int) n);
            total += (int) n;
        }
        return total;
    }

    /**
     * Deallocates {@code length} bytes at {@code position}, which then read as zeros, the size
     * unchanged; false where the file system cannot (EOPNOTSUPP).
     */
    public boolean punchHole(long position, long length) throws IOException {
        if (LibC.fallocate(fd(), LibC.FALLOC_FL_PUNCH_HOLE | LibC.FALLOC_FL_KEEP_SIZE, position, length) == 0) {
            return true;
        }
        int errno = Native.getLastError();
        if (errno == Errno.ENOTSUP) {
            return false;
        }
        throw PathErrors.of(path(), errno);
    }

    /**
     * Allocates the file's blocks for its first {@code length} bytes, which then read as zeros
     * where nothing was written: beyond the size without changing it ({@code keepSize}), or
     * extending the size to {@code length}. False where the file system cannot (EOPNOTSUPP).
     */
    public boolean allocate(long length, boolean keepSize) throws IOException {
        if (LibC.fallocate(fd(), keepSize ? LibC.FALLOC_FL_KEEP_SIZE : 0, 0, length) == 0) {
            return true;
        }
        int errno = Native.getLastError();
        if (errno == Errno.ENOTSUP) {
            return false;
        }
        throw PathErrors.of(path(), errno);
    }

    public void truncate(long length) throws IOException {
        if (LibC.ftruncate(fd(), length) != 0) {
            throw PathErrors.of(path(), Native.getLastError());
        }
    }

    /** fsync(2): the file's data and metadata reach the disk before this returns. */
    public void sync() throws IOException {
        if (LibC.fsync(fd()) != 0) {
            throw PathErrors.of(path(), Native.getLastError());
        }
    }

    /**
     * The permission bits. A descriptor opened only to name the file (O_PATH) cannot fchmod; its
     * /proc/self/fd link names the same open file, whatever happened to the path since.
     */
    public void setMode(int mode) throws IOException {
        if (LibC.fchmod(fd(), mode & 07777) == 0) {
            return;
        }
        int errno = Native.getLastError();
        if (errno != Errno.EBADF || LibC.chmod(procPath(), mode & 07777) != 0) {
            throw PathErrors.of(path(), errno == Errno.EBADF ? Native.getLastError() : errno);
        }
    }

    public void setOwner(int uid, int gid) throws IOException {
        if (LibC.fchownat(fd(), new byte[1], uid, gid, LibC.AT_EMPTY_PATH) != 0) {
            throw PathErrors.of(path(), Native.getLastError());
        }
    }

    /** For a time's nanoseconds in {@link #setTimes(long, long, long, long)}: now, or left as it is. */
    public static final long NOW = LibC.UTIME_NOW;
    public static final long OMIT = LibC.UTIME_OMIT;

    /** The modification time to the nanosecond, the access time now. */
    public void setTimes(long seconds, int nanos) throws IOException {
        setTimes(0, NOW, seconds, nanos);
    }

    /** The access and modification times, each to the nanosecond, or {@link #NOW} or {@link #OMIT} as its nanoseconds. */
    public void setTimes(long atimeSeconds, long atimeNanos, long mtimeSeconds, long mtimeNanos) throws IOException {
        long[] times = {atimeSeconds, atimeNanos, mtimeSeconds, mtimeNanos};
        if (LibC.futimens(fd(), times) == 0) {
            return;
        }
        int errno = Native.getLastError();
        if (errno != Errno.EBADF || LibC.utimensat(LibC.AT_FDCWD, procPath(), times, 0) != 0) {
            throw PathErrors.of(path(), errno == Errno.EBADF ? Native.getLastError() : errno);
        }
    }

    private byte[] procPath() {
        return CStrings.of(("/proc/self/fd/" + fd()).getBytes(StandardCharsets.US_ASCII));
    }
}
