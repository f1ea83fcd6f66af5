package dev.rdcp.posix;

import com.sun.jna.Native;
import dev.rdcp.posix.jna.LibC;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Symlink targets as the raw bytes the kernel stores: the JDK hands them over as paths, which
 * lose bytes that are not valid in the file-name encoding and normalise slashes.
 */
public final class Symlinks {

    /** Linux's PATH_MAX: no symlink target is longer. */
    static final int MAX_TARGET = 4096;

    private Symlinks() {
    }

    /** The target of symlink {@code path}, whose raw name is {@code name}. */
    public static byte[] read(Path path, byte[] name) throws IOException {
        byte[] buffer = new byte[MAX_TARGET];
        long length = LibC.readlink(CStrings.of(name), buffer, buffer.length);
        if (length < 0) {
            throw PathErrors.of(path, Native.getLastError());
        }
        return Arrays.copyOf(buffer, (int) length);
    }

    /** A target symlink(2) can store: 1 to 4095 bytes, no NUL. */
    static void checkTarget(Path link, byte[] target) throws FileSystemException {
        if (target.length == 0 || target.length >= MAX_TARGET) {
            throw new FileSystemException(link.toString(), null, "symlink target of " + target.length + " bytes");
        }
        for (byte b : target) {
            if (b == 0) {
                throw new FileSystemException(link.toString(), null, "symlink target holds a NUL byte");
            }
        }
    }
}
