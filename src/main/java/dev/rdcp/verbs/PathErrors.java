package dev.rdcp.verbs;

import dev.rdcp.verbs.jna.RdcpShim;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** A failed file call's errno as the exception, and the message, the JDK's own file calls would give. */
final class PathErrors {

    private static final int EPERM = 1;
    private static final int ENOENT = 2;
    private static final int EACCES = 13;

    private PathErrors() {
    }

    static IOException of(Path path, int errno) {
        String reason = RdcpShim.rdcp_strerror(errno);
        return switch (errno) {
            case ENOENT -> new NoSuchFileException(path.toString(), null, reason);
            case EACCES, EPERM -> new AccessDeniedException(path.toString(), null, reason);
            default -> new FileSystemException(path.toString(), null, reason);
        };
    }
}
