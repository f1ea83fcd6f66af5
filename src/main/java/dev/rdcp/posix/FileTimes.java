package dev.rdcp.posix;

import com.sun.jna.Native;
import dev.rdcp.posix.jna.LibC;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A path's modification time to the nanosecond, access time now, in one utimensat(2) and
 * without following a symlink: the JDK takes three calls for a file (open, futimens, close) and
 * keeps only microseconds for a symlink.
 */
public final class FileTimes {

    private FileTimes() {
    }

    /** {@code name} is {@code path} as the raw bytes on disk (for messages, {@code path}). */
    public static void set(Path path, byte[] name, long seconds, int nanos) throws IOException {
        long[] times = {0, LibC.UTIME_NOW, seconds, nanos};
        if (LibC.utimensat(LibC.AT_FDCWD, CStrings.of(name), times, LibC.AT_SYMLINK_NOFOLLOW) != 0) {
            throw PathErrors.of(path, Native.getLastError());
        }
    }
}
