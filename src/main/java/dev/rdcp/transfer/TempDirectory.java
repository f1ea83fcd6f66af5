package dev.rdcp.transfer;

import dev.rdcp.posix.DirectoryHandle;
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
 * through the buffer this holds.
 */
final class TempDirectory implements AutoCloseable {

    private final String named;
    private final ScratchBuffer copyMemory = new ScratchBuffer(Backups.COPY_BUFFER);
    private DirectoryHandle directory;

    TempDirectory(TransferOptions options) {
        ExtendedOptions extended = options.receiver().extended();
        this.named = extended.has(ExtendedOptions.TEMP_DIR) ? extended.tempDirectory() : null;
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
                    + FileReceiver.describe(e));
        }
    }

    /** The directory temporary files go in, or null: beside each file. */
    DirectoryHandle directory() {
        return directory;
    }

    /** The buffer a copy across mounts goes through: made at the first, reused, freed by {@link #close}. */
    ByteBuffer copyBuffer() throws IOException {
        return copyMemory.get();
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
