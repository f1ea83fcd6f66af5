package dev.rdcp.posix;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;

/**
 * A failed file call's errno as the exception, and the message, the JDK's own file calls would
 * give; and any file failure as the one reason a line shows.
 */
public final class PathErrors {

    private PathErrors() {
    }

    /**
     * A failure as a line shows it, as rsync names it: the system's error text ("No such file or
     * directory"), without the path the exception also names (the line names it its own way);
     * never null.
     */
    public static String reason(IOException e) {
        if (e instanceof FileSystemException fse && fse.getReason() != null) {
            return fse.getReason();
        }
        if (e instanceof NoSuchFileException) {
            return "No such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "Permission denied";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "File exists";
        }
        if (e instanceof DirectoryNotEmptyException) {
            return "Directory not empty";
        }
        if (e instanceof NotDirectoryException) {
            return "Not a directory";
        }
        if (e instanceof FileSystemException) {
            // The JDK's own, whose message is the path alone.
            return e.getClass().getSimpleName();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
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
