package dev.rdcp.protocol;

import java.util.zip.CRC32C;

/**
 * The whole-file check carried by DONE: CRC32C over the sequence of per-chunk CRC32C values
 * (each as 4 big-endian bytes) followed by the size. Each chunk's data is verified by its own
 * CRC; this catches a chunk that went missing, was repeated, or arrived out of place, without
 * a second pass over the data.
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
