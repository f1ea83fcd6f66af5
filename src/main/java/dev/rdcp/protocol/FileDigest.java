package dev.rdcp.protocol;

import java.util.zip.CRC32C;

/**
 * The digest of a kept --partial prefix, carried by a RESUME decision: CRC32C over the sequence
 * of per-chunk CRC32C values (each as 4 big-endian bytes) followed by the size. The sender
 * resumes only if its own data gives the same digest.
 */
public final class FileDigest {

    private final CRC32C crc = new CRC32C();

    public void addChunk(int chunkCrc) {
        crc.update(chunkCrc >>> 24);
        crc.update(chunkCrc >>> 16);
        crc.update(chunkCrc >>> 8);
        crc.update(chunkCrc);
    }

    /** The digest of the chunks added so far and {@code size}; starts over for the next file. */
    public int finish(long size) {
        for (int shift = 56; shift >= 0; shift -= 8) {
            crc.update((int) (size >>> shift));
        }
        int digest = (int) crc.getValue();
        crc.reset();
        return digest;
    }
}
