package dev.rdcp.posix;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** A failed file call's errno as the exception, and the message, the JDK's own file calls would give. */
final class PathErrors {

    private PathErrors() {
    }

    static IOException of(Path path, int errno) {
        String reason = Errno.text(errno);
        if (errno == Errno.ENOENT) {
            return new NoSuchFileException(path.toString(), null, reason);
        }
        if (errno == Errno.EACCES || errno == Errno.EPERM) {
            return new AccessDeniedException(path.toString(), null, reason);
        }
        if (errno == Errno.EEXIST) {
            return new FileAlreadyExistsException(path.toString(), null, reason);
        }
        if (errno == Errno.ELOOP) {
            return new FileSystemException(path.toString(), null, "a symlink is in the way (" + reason + ")");
        }
        if (errno == Errno.EXDEV) {
            // openat2's RESOLVE_BENEATH: the sender's served root or the receiver's destination.
            return new FileSystemException(path.toString(), null,
                    "a symlink on the way leads outside the directory being copied from or to");
        }
        return new FileSystemException(path.toString(), null, reason);
    }
}
