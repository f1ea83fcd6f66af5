package dev.rdcp.transfer;

import dev.rdcp.posix.FileHandle;
import dev.rdcp.protocol.SessionRequest;
import java.io.IOException;

/**
 * How the receiver writes the files it makes (received, copied from a reference directory, or
 * kept as a backup copy): with --fsync each is on disk before it is complete under its name.
 */
record FileWrites(boolean fsync) {

    /** Written and left to the kernel to flush. */
    static final FileWrites PLAIN = new FileWrites(false);

    static FileWrites of(TransferOptions options) {
        return new FileWrites(options.has(SessionRequest.FSYNC));
    }

    /**
     * The file's data and metadata are all written: as rsync's --fsync, the file (not its
     * directory) is synced before it is renamed into place.
     */
    void finish(FileHandle file) throws IOException {
        if (fsync) {
            file.sync();
        }
    }
}
