package dev.rdcp.verbs;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** A failed file call's errno as the exception the JDK's own file calls would throw. */
final class PathErrors {

    private static final int EPERM = 1;
    private static final int ENOENT = 2;
    private static final int EACCES = 13;
    private static final int ENOTDIR = 20;

    private PathErrors() {
    }

    static IOException of(Path path, int errno) {
        String reason = VerbsException.errnoText(errno);
        return switch (errno) {
            case ENOENT, ENOTDIR -> new NoSuchFileException(path.toString(), null, reason);
            case EACCES, EPERM -> new AccessDeniedException(path.toString(), null, reason);
            default -> new FileSystemException(path.toString(), null, reason);
        };
    }
}
