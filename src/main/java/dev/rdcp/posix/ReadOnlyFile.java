package dev.rdcp.posix;

import com.sun.jna.Native;
import dev.rdcp.posix.jna.LibC;
import java.io.IOException;
import java.nio.file.Path;

/** A file opened read-only, by descriptor, so that parts of it can be mapped for registration. */
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

    /** A private read-only mapping of {@code length} bytes at {@code offset} (a multiple of the page size). */
    public FileMapping map(long offset, long length) throws IOException {
        if (fd < 0) {
            throw new IllegalStateException(path + " is closed");
        }
        return FileMapping.map(path, fd, offset, length);
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
