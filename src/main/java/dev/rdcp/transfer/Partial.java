package dev.rdcp.transfer;

import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.posix.FileHandle;
import dev.rdcp.posix.FileStatus;
import dev.rdcp.protocol.FileDigest;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * What a kept --partial file offers: its whole chunks (the last, possibly torn, one is dropped)
 * and their {@link FileDigest}, which the sender compares with its own before resuming there.
 */
record Partial(long offset, int digest) {

    static final Partial NONE = new Partial(0, 0);

    /**
     * The --partial file {@code name} beneath {@code base}; a symlink there offers nothing.
     * {@code chunk} is the session's chunk-sized scratch buffer, read into a chunk at a time.
     */
    static Partial examine(DirectoryHandle base, byte[] name, ByteBuffer chunk, long fileSize, Heartbeat heartbeat) {
        try (FileHandle partial = base.openRead(name)) {
            FileStatus status = partial.status();
            if (FileModes.type(status.mode()) != FileModes.S_IFREG) {
                return NONE;
            }
            long size = status.size();
            // Never the whole file: at least one piece must still come, to carry LAST.
            long usable = Math.min(size, fileSize - 1);
            long offset = usable - usable % chunk.capacity();
            if (offset <= 0) {
                return NONE;
            }
            return prefix(partial, offset, chunk, heartbeat);
        } catch (IOException e) {
            // No partial file, or an unreadable one: nothing to resume.
            return NONE;
        }
    }

    /**
     * --append-verify: all {@code length} bytes of the destination file {@code name}, which the
     * sender is to check before it sends only what follows them.
     */
    static Partial whole(DirectoryHandle base, byte[] name, long length, ByteBuffer chunk, Heartbeat heartbeat) {
        try (FileHandle file = base.openRead(name)) {
            return prefix(file, length, chunk, heartbeat);
        } catch (IOException e) {
            return NONE;
        }
    }

    /** The first {@code length} bytes' digest, chunk by chunk as the sender computes it; NONE if they cannot be read. */
    private static Partial prefix(FileHandle file, long length, ByteBuffer buffer, Heartbeat heartbeat)
            throws IOException {
        FileDigest digest = new FileDigest();
        CRC32C crc = new CRC32C();
        for (long at = 0; at < length; ) {
            int piece = (int) Math.min(buffer.capacity(), length - at);
            buffer.clear().limit(piece);
            if (file.read(buffer, at) < piece) {
                return NONE;
            }
            crc.reset();
            crc.update(buffer.flip());
            digest.addChunk((int) crc.getValue());
            heartbeat.beat();
            at += piece;
        }
        return new Partial(length, digest.finish(length));
    }
}
