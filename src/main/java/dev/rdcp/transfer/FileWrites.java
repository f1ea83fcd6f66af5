package dev.rdcp.transfer;

import dev.rdcp.posix.FileHandle;
import dev.rdcp.protocol.SessionRequest;
import java.io.IOException;

/**
 * How the receiver writes the files it makes (received, copied from a reference directory, or
 * kept as a backup copy): with --preallocate each file's blocks are allocated before its data
 * is written, and with --fsync it is on disk before it is complete under its name.
 *
 * @param sparse -S: zeros will be punched out as holes, so a preallocation must not reach past
 *     the file's size, where a hole cannot be punched
 */
record FileWrites(boolean fsync, boolean preallocate, boolean sparse) {

    /** Written and left to the kernel to allocate and flush. */
    static final FileWrites PLAIN = new FileWrites(false, false, false);

    static FileWrites of(TransferOptions options) {
        return new FileWrites(options.has(SessionRequest.FSYNC), options.has(SessionRequest.PREALLOCATE),
                options.has(SessionRequest.SPARSE));
    }

    /**
     * --preallocate: allocates the blocks of {@code file}, to hold {@code size} bytes, as rsync's
     * does (not for an empty file, nor for one written in place that already {@code holds} as
     * many). Without -S beyond its size, which the writes then take up; with -S at its full
     * size, the zeros to be punched out. True if blocks were allocated; false also where the
     * file system cannot allocate ahead, and the file is written as without --preallocate.
     */
    boolean preallocate(FileHandle file, long size, long holds) throws IOException {
        return preallocate && size > holds && file.allocate(size, !sparse);
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
