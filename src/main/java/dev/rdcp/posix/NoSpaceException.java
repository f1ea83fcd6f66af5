package dev.rdcp.posix;

import java.nio.file.FileSystemException;

/**
 * The file system is full (ENOSPC) or the user's quota is (EDQUOT): no later file will fare
 * better, so a receiver ends the transfer on it, as rsync does, rather than fail file after file.
 */
public final class NoSpaceException extends FileSystemException {

    private static final long serialVersionUID = 1L;

    NoSpaceException(String path, String reason) {
        super(path, null, reason);
    }
}
