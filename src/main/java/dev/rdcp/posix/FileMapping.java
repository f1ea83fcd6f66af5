package dev.rdcp.posix;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import dev.rdcp.posix.jna.LibC;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.FileSystemException;
import java.nio.file.Path;

/**
 * A {@code MAP_PRIVATE, PROT_READ} mapping of part of a file. Unlike a shared mapping (what
 * FileChannel.map makes), it can be registered without write access: the kernel's long-term pin
 * of a read-only shared file mapping fails with EFAULT. Nothing writes to it, so its pages stay
 * the page cache's own.
 */
public final class FileMapping implements AutoCloseable {

    private final long length;
    private final ByteBuffer view;
    private Pointer address;

    private FileMapping(Pointer address, long length) {
        this.address = address;
        this.length = length;
        this.view = address.getByteBuffer(0, length);
    }

    static FileMapping map(Path path, int fd, long offset, long length) throws IOException {
        if (length <= 0 || length > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("mapping length " + length);
        }
        Pointer address = LibC.mmap(null, length, LibC.PROT_READ, LibC.MAP_PRIVATE, fd, offset);
        if (address == null || Pointer.nativeValue(address) == LibC.MAP_FAILED) {
            throw new FileSystemException(path.toString(), null, "mmap: " + Errno.describe(Native.getLastError()));
        }
        return new FileMapping(address, length);
    }

    public long length() {
        return length;
    }

    /** The mapped bytes as a direct buffer; the same object on every call, valid until close. */
    public ByteBuffer buffer() {
        return view;
    }

    @Override
    public void close() throws IOException {
        if (address != null) {
            int rc = LibC.munmap(address, length);
            address = null;
            if (rc != 0) {
                throw new IOException("munmap: " + Errno.describe(Native.getLastError()));
            }
        }
    }
}
