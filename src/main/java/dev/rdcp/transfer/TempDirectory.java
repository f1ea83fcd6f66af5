package dev.rdcp.transfer;

import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.posix.FileHandle;
import dev.rdcp.posix.PathErrors;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ExtendedOptions;
import dev.rdcp.protocol.RdcpException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/**
 * rsync's --temp-dir on the receiving side: the directory each received file is written in before
 * it is renamed into place, opened once as {@link Destination#openReference} opens a reference
 * directory (a daemon's beneath its root). Where the rename crosses mounts, the file is copied
 * through the buffer this holds, as is the prefix of a --partial file a file resumes from.
 */
final class TempDirectory implements AutoCloseable {

    /** Where {@link #copy} writes what it reads. */
    @FunctionalInterface
    interface Sink {
        void write(ByteBuffer data, long position) throws IOException;
    }

    private final String named;
    private final ScratchBuffer copyMemory = new ScratchBuffer(Backups.COPY_BUFFER);
    /** Called between the blocks of a resumed prefix, a copy as long as the file kept. */
    private final Heartbeat busy;
    private DirectoryHandle directory;

    /** @param busy called during a long copy that the receiver's loop waits for */
    TempDirectory(TransferOptions options, Heartbeat busy) {
        ExtendedOptions extended = options.receiver().extended();
        this.named = extended.has(ExtendedOptions.TEMP_DIR) ? extended.tempDirectory() : null;
        this.busy = busy;
    }

    /**
     * Opens the directory, if one is named: as rsync's receiver, one that is missing, or cannot be
     * opened as a directory, ends the transfer with exit code 1, a dry run's too.
     */
    void open(Destination destination) throws IOException {
        if (named == null) {
            return;
        }
        try {
            directory = destination.openReference(named, "--temp-dir");
        } catch (NoSuchFileException e) {
            throw new RdcpException(ExitCode.USAGE, "The temp-dir does not exist: " + named);
        } catch (FileSystemException e) {
            throw new RdcpException(ExitCode.USAGE, "The temp-dir cannot be used: " + named + ": "
                    + PathErrors.reason(e));
        }
    }

    /** The directory temporary files go in, or null: beside each file. */
    DirectoryHandle directory() {
        return directory;
    }

    /**
     * Copies up to {@code length} bytes from the start of {@code from} to {@code to}, through a
     * buffer made at the first copy and reused; returns how many it copied, fewer where
     * {@code from} is shorter. No heartbeat, whose check would end it at a stop: a copy to the
     * partial name runs while the transfer stops, and one into place after the file has left the
     * receiver's list, with nothing left to remove it if cut short.
     */
    long copy(FileHandle from, long length, Sink to) throws IOException {
        return copy(from, length, to, Heartbeat.NONE);
    }

    /**
     * As {@link #copy}, for the prefix of the --partial file a file resumes from, copied before
     * its first piece is written: the receiver is busy, and a stop requested meanwhile ends it.
     */
    long copyResumed(FileHandle partial, long length, Sink to) throws IOException {
        return copy(partial, length, to, busy);
    }

    private long copy(FileHandle from, long length, Sink to, Heartbeat heartbeat) throws IOException {
        ByteBuffer buffer = copyMemory.get();
        long position = 0;
        while (position < length) {
            buffer.clear().limit((int) Math.min(buffer.capacity(), length - position));
            int read = from.read(buffer, position);
            if (read <= 0) {
                break;
            }
            to.write(buffer.flip(), position);
            position += read;
            heartbeat.beat();
        }
        return position;
    }

    @Override
    public void close() throws IOException {
        copyMemory.close();
        if (directory != null) {
            directory.close();
            directory = null;
        }
    }
}
