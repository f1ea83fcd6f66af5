package dev.rdcp.posix;

import com.sun.jna.Native;
import dev.rdcp.posix.jna.LibC;
import dev.rdcp.posix.jna.RdcpPosix;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/** A file opened read-only, by descriptor, read a chunk at a time into registered memory. */
public final class ReadOnlyFile implements AutoCloseable {


    private final Path path;
    private final long size;
    private int fd;

    private ReadOnlyFile(Path path, int fd, long size) {
        this.path = path;
        this.fd = fd;
        this.size = size;
    }

    /**
     * Opens {@code path}, whose name as the raw bytes on disk is {@code name} (Java's string form
     * of a name that is not valid in the file-name encoding is lossy).
     */
    public static ReadOnlyFile open(Path path, byte[] name) throws IOException {
        byte[] cName = CStrings.of(name);
        int fd = LibC.open(cName, LibC.O_RDONLY | LibC.O_CLOEXEC);
        if (fd < 0) {
            throw PathErrors.of(path, Native.getLastError());
        }
        long size = LibC.lseek(fd, 0, LibC.SEEK_END);
        if (size < 0) {
            int errno = Native.getLastError();
            LibC.close(fd);
            throw PathErrors.of(path, errno);
        }
        return new ReadOnlyFile(path, fd, size);
    }

    /** The size when opened. */
    public long size() {
        return size;
    }

    /**
     * Reads {@code length} bytes at {@code offset} into {@code buffer} (a direct buffer) from its
     * position on, with pread, so a file that shrinks meanwhile gives a short count rather than a
     * fault. The buffer's position and limit are left alone. Returns the bytes read: fewer than
     * {@code length} only where the file now ends.
     */
    public int read(ByteBuffer buffer, int length, long offset) throws IOException {
        if (fd < 0) {
            throw new IllegalStateException(path + " is closed");
        }
        if (!buffer.isDirect() || length < 0 || length > buffer.capacity() - buffer.position()) {
            throw new IllegalArgumentException("read of " + length + " bytes into " + buffer);
        }
        long read = RdcpPosix.rdcp_read_at(fd, buffer, length, offset);
        if (read < 0) {
            throw ErrnoException.of("pread of " + path, (int) -read);
        }
        return (int) read;
    }

    @Override
    public void close() throws IOException {
        if (fd >= 0) {
            int rc = LibC.close(fd);
            fd = -1;
            if (rc != 0) {
                throw PathErrors.of(path, Native.getLastError());
            }
        }
    }
}
