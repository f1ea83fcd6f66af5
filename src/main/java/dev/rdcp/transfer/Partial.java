package dev.rdcp.transfer;

import dev.rdcp.protocol.FileDigest;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * What a kept --partial file offers: its whole chunks (the last, possibly torn, one is dropped)
 * and their {@link FileDigest}, which the sender compares with its own before resuming there.
 */
record Partial(long offset, int digest) {

    static final Partial NONE = new Partial(0, 0);

    static Partial examine(Path partial, int chunkSize, long fileSize, Heartbeat heartbeat) {
        if (!Files.isRegularFile(partial, LinkOption.NOFOLLOW_LINKS)) {
            return NONE;
        }
        try (FileChannel channel = FileChannel.open(partial, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            // Never the whole file: at least one piece must still come, to carry LAST.
            long usable = Math.min(channel.size(), fileSize - 1);
            long offset = usable - usable % chunkSize;
            if (offset == 0) {
                return NONE;
            }
            FileDigest digest = new FileDigest();
            CRC32C crc = new CRC32C();
            ByteBuffer buffer = ByteBuffer.allocate(chunkSize);
            for (long at = 0; at < offset; at += chunkSize) {
                buffer.clear();
                while (buffer.hasRemaining()) {
                    if (channel.read(buffer, at + buffer.position()) < 0) {
                        return NONE;
                    }
                }
                crc.reset();
                crc.update(buffer.flip());
                digest.addChunk((int) crc.getValue());
                heartbeat.beat();
            }
            return new Partial(offset, digest.finish(offset));
        } catch (IOException e) {
            // No partial file, or an unreadable one: nothing to resume.
            return NONE;
        }
    }
}
