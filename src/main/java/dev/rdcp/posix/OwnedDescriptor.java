package dev.rdcp.posix;

import com.sun.jna.Native;
import dev.rdcp.posix.jna.LibC;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One file descriptor and the one object that gives it back: closing is idempotent, and using
 * the descriptor after that is a bug, not a call on whatever the number names by then.
 */
abstract class OwnedDescriptor implements AutoCloseable {

    private final Path path;
    private int fd;

    OwnedDescriptor(Path path, int fd) {
        this.path = path;
        this.fd = fd;
    }

    /** The path it was opened by, for messages only. */
    public Path path() {
        return path;
    }

    /** The path given when it was opened; null where a subclass makes it on demand. */
    final Path givenPath() {
        return path;
    }

    final int fd() {
        if (fd < 0) {
            throw new IllegalStateException(path + " is closed");
        }
        return fd;
    }

    /** The names of the file's extended attributes; none where its file system keeps none. */
    public List<byte[]> xattrNames() throws IOException {
        return XattrCalls.names(this);
    }

    /** The value of extended attribute {@code name}, or null when the file has none by that name. */
    public byte[] xattr(byte[] name) throws IOException {
        return XattrCalls.value(this, name);
    }

    public void setXattr(byte[] name, byte[] value) throws IOException {
        XattrCalls.set(this, name, value);
    }

    /** Removes extended attribute {@code name}, if the file has it. */
    public void removeXattr(byte[] name) throws IOException {
        XattrCalls.remove(this, name);
    }

    /** Gives the descriptor back; a subclass that does not own it (a borrowed one) overrides this. */
    void release(int descriptor) throws IOException {
        if (LibC.close(descriptor) != 0) {
            throw PathErrors.of(path, Native.getLastError());
        }
    }

    @Override
    public void close() throws IOException {
        if (fd >= 0) {
            int descriptor = fd;
            fd = -1;
            release(descriptor);
        }
    }
}
