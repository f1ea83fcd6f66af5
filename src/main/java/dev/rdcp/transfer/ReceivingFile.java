package dev.rdcp.transfer;

import dev.rdcp.posix.FileHandle;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * Where a received file's data goes until its last piece: a temporary file renamed into place
 * ({@link AtomicFile}, the default), or with --inplace the destination file itself ({@link InPlaceFile}).
 */
interface ReceivingFile extends AutoCloseable {

    /** Applies metadata to the finished file, through its descriptor, before it is complete under its name. */
    @FunctionalInterface
    interface Finisher {
        void apply(FileHandle file) throws IOException;
    }

    /** --preallocate: allocates the blocks for the whole file's {@code size} bytes before its data is written. */
    void preallocate(long size) throws IOException;

    /** Writes all of {@code data} at {@code position}. */
    void write(ByteBuffer data, long position) throws IOException;

    /** -S: {@code length} bytes at {@code position} are zeros; leaves a hole there where it can. */
    void zeros(long position, long length) throws IOException;

    /** The whole file arrived: its metadata applied, it is complete under its final name. */
    void commit(Finisher finisher) throws IOException;

    /** Where the data is written, for messages. */
    Path temp();

    @Override
    void close() throws IOException;
}
