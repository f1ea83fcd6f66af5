package dev.rdcp.posix;

import com.sun.jna.Native;
import dev.rdcp.posix.jna.LibC;
import dev.rdcp.posix.jna.RdcpPosix;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.FileSystemException;
import java.nio.file.Path;

/** A file opened read-only, by descriptor, read a chunk at a time into registered memory. */
public final class ReadOnlyFile implements AutoCloseable {

    /**
     * What O_DIRECT reads keep aligned here (buffer, offset, length): a 4 KiB page, which every
     * logical block size Linux file systems use divides.
     */
    private static final int DIRECT_ALIGNMENT = 4096;

    private final FileHandle handle;
    private final long size;
    /** O_DIRECT is set: reads go from storage into the caller's buffer, past the page cache. */
    private boolean direct;

    private ReadOnlyFile(FileHandle handle, long size) {
        this.handle = handle;
        this.size = size;
    }

    /**
     * Opens {@code path}, whose name as the raw bytes on disk is {@code name} (Java's string form
     * of a name that is not valid in the file-name encoding is lossy).
     */
    public static ReadOnlyFile open(Path path, byte[] name) throws IOException {
        return opened(path, openFlags(path, name, 0));
    }

    /**
     * How a sender opens the files it listed: through a symlink in the last component (-L),
     * without touching the access time (--open-noatime).
     */
    public record Opening(boolean followLink, boolean noAtime) {

        public static final Opening PLAIN = new Opening(false, false);

        int flags() {
            return (followLink ? 0 : LibC.O_NOFOLLOW) | (noAtime ? LibC.O_NOATIME : 0);
        }
    }

    /**
     * Opens the file a list entry was made from by its path (a client's own files), never through a
     * symlink in its last component unless {@code opening} follows one (the list followed it: -L),
     * and only if it is still that file: same device and inode as when it was listed. Its size may
     * have changed since: {@link #size} is what fstat gives at the open. A file swapped meanwhile
     * (for a symlink, or its directory for one) fails with a FileSystemException; one that is gone
     * with NoSuchFileException; with O_NOATIME, one this process may not open so with
     * AccessDeniedException.
     */
    public static ReadOnlyFile openListed(Path path, byte[] name, FileStatus listed, Opening opening)
            throws IOException {
        return checked(new FileHandle(path, openFlags(path, name, opening.flags() | LibC.O_NONBLOCK)), listed);
    }

    /**
     * As {@link #openListed(Path, byte[], FileStatus, Opening)}, for a server's file: {@code name}
     * (several components) is opened beneath {@code top}, the served directory's descriptor, with
     * the symlinks on the way followed only while each stays beneath it. Whatever a local user
     * swaps on the way meanwhile, the open never reaches a node outside the served directory.
     */
    public static ReadOnlyFile openListed(DirectoryHandle top, byte[] name, FileStatus listed, Opening opening)
            throws IOException {
        return checked(top.openReadFollowing(name, opening), listed);
    }

    private static ReadOnlyFile checked(FileHandle handle, FileStatus listed) throws IOException {
        try {
            FileStatus now = handle.status();
            if (now.device() != listed.device() || now.inode() != listed.inode()) {
                throw new FileSystemException(handle.path().toString(), null, "is no longer the file that was listed");
            }
            return new ReadOnlyFile(handle, now.size());
        } catch (IOException | RuntimeException e) {
            handle.close();
            throw e;
        }
    }

    private static int openFlags(Path path, byte[] name, int flags) throws IOException {
        int fd = LibC.open(CStrings.of(name), LibC.O_RDONLY | LibC.O_CLOEXEC | flags);
        if (fd < 0) {
            int errno = Native.getLastError();
            throw PathErrors.of(path, errno);
        }
        return fd;
    }

    /** A file opened beneath a confined directory. */
    public static ReadOnlyFile of(FileHandle handle) throws IOException {
        try {
            return new ReadOnlyFile(handle, handle.status().size());
        } catch (IOException | RuntimeException e) {
            handle.close();
            throw e;
        }
    }

    private static ReadOnlyFile opened(Path path, int fd) throws IOException {
        return of(new FileHandle(path, fd));
    }

    /** The size when opened. */
    public long size() {
        return size;
    }

    /** The file's status now (fstat). */
    public FileStatus status() throws IOException {
        return handle.status();
    }

    /** Reads into {@code data} (direct) at {@code position} until it is full or the file ends; the bytes read. */
    public int read(ByteBuffer data, long position) throws IOException {
        if (direct) {
            stopBypassingCache();
        }
        return handle.read(data, position);
    }

    /**
     * From now on reads past the page cache (O_DIRECT) if most of the {@code window} bytes from
     * {@code offset} (a multiple of 4 KiB) are not cached and the file system allows it. Such a
     * file comes from storage either way: read directly into the caller's registered buffer, none
     * of its bytes is copied by the CPU, where a buffered read copies each from the page cache and
     * fills the cache with a file read once. A file that is mostly cached stays buffered: memory is
     * faster than storage. Returns whether reads now bypass the cache.
     */
    public boolean bypassCacheIfUncached(long offset, long window) {
        if (offset % DIRECT_ALIGNMENT != 0 || window <= 0) {
            return false;
        }
        long cached = RdcpPosix.rdcp_cached_bytes(handle.fd(), offset, window);
        if (cached < 0 || cached * 2 >= window) {
            return false;
        }
        direct = RdcpPosix.rdcp_set_direct(handle.fd(), 1) == 0;
        return direct;
    }

    /** Whether reads bypass the page cache (O_DIRECT). */
    public boolean bypassesCache() {
        return direct;
    }

    /**
     * Reads {@code length} bytes at {@code offset} into {@code buffer} (a direct buffer) from its
     * position on, with pread, so a file that shrinks meanwhile gives a short count rather than a
     * fault. The buffer's position and limit are left alone (the sender's hot path: one native
     * call a chunk, nothing allocated). Returns the bytes read: fewer than {@code length} only
     * where the file now ends. Past the page cache, the read is rounded up to whole 4 KiB blocks
     * (the file's end may fall inside the last), so the buffer needs that room; where it has not,
     * or the file system refuses the alignment, or the file ends early, reads go back to the page
     * cache from there on.
     */
    public int read(ByteBuffer buffer, int length, long offset) throws IOException {
        if (!buffer.isDirect() || length < 0 || length > buffer.capacity() - buffer.position()) {
            throw new IllegalArgumentException("read of " + length + " bytes into " + buffer);
        }
        if (!direct) {
            return readBuffered(buffer, 0, length, offset);
        }
        int read = readDirect(buffer, length, offset);
        if (read == length) {
            return length;
        }
        stopBypassingCache();
        int done = Math.max(read, 0);
        return done + readBuffered(buffer, done, length - done, offset + done);
    }

    /** Bytes an O_DIRECT read got (at most {@code length}), or -1 where the request cannot be aligned or is refused as unaligned. */
    private int readDirect(ByteBuffer buffer, int length, long offset) throws IOException {
        int aligned = (length + DIRECT_ALIGNMENT - 1) & -DIRECT_ALIGNMENT;
        if (aligned > buffer.capacity() - buffer.position()) {
            return -1;
        }
        long read = RdcpPosix.rdcp_read_direct(handle.fd(), buffer, aligned, offset);
        if (read == -Errno.EINVAL) {
            return -1;
        }
        if (read < 0) {
            throw ErrnoException.of("pread of " + handle.path(), (int) -read);
        }
        return (int) Math.min(read, length);
    }

    /** {@code length} bytes through the page cache into {@code buffer} from {@code skip} bytes past its position. */
    private int readBuffered(ByteBuffer buffer, int skip, int length, long offset) throws IOException {
        int position = buffer.position();
        buffer.position(position + skip);
        try {
            long read = RdcpPosix.rdcp_read_at(handle.fd(), buffer, length, offset);
            if (read < 0) {
                throw ErrnoException.of("pread of " + handle.path(), (int) -read);
            }
            return (int) read;
        } finally {
            buffer.position(position);
        }
    }

    private void stopBypassingCache() throws IOException {
        direct = false;
        int rc = RdcpPosix.rdcp_set_direct(handle.fd(), 0);
        if (rc < 0) {
            throw ErrnoException.of("fcntl of " + handle.path(), -rc);
        }
    }

    @Override
    public void close() throws IOException {
        handle.close();
    }
}
