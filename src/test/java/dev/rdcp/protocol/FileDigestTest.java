package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

class FileDigestTest {

    private static final int[] CHUNKS = {0x12345678, 0x9ABCDEF0, 0x0F0F0F0F, 0xFFFFFFFF};
    private static final long SIZE = 3L * (1 << 20) + 17;

    private static int digest(long size, int... chunkCrcs) {
        FileDigest digest = new FileDigest();
        for (int crc : chunkCrcs) {
            digest.addChunk(crc);
        }
        return digest.finish(size);
    }

    @Test
    void sameChunksAndSizeGiveTheSameDigest() {
        assertEquals(digest(SIZE, CHUNKS), digest(SIZE, CHUNKS.clone()));
    }

    @Test
    void reorderedChunksChangeTheDigest() {
        assertNotEquals(digest(SIZE, CHUNKS), digest(SIZE, CHUNKS[1], CHUNKS[0], CHUNKS[2], CHUNKS[3]));
    }

    @Test
    void aMissingChunkChangesTheDigest() {
        assertNotEquals(digest(SIZE, CHUNKS), digest(SIZE, CHUNKS[0], CHUNKS[1], CHUNKS[3]));
        assertNotEquals(digest(SIZE, CHUNKS), digest(SIZE, CHUNKS[0], CHUNKS[1], CHUNKS[2]));
    }

    @Test
    void aRepeatedChunkChangesTheDigest() {
        assertNotEquals(digest(SIZE, CHUNKS), digest(SIZE, CHUNKS[0], CHUNKS[1], CHUNKS[1], CHUNKS[2], CHUNKS[3]));
    }

    @Test
    void aDifferentSizeChangesTheDigest() {
        assertNotEquals(digest(SIZE, CHUNKS), digest(SIZE + 1, CHUNKS));
        // Bits in the high half of the size count too.
        assertNotEquals(digest(SIZE, CHUNKS), digest(SIZE + (1L << 40), CHUNKS));
    }

    @Test
    void emptyFilesOfDifferentSizesDiffer() {
        assertNotEquals(digest(0), digest(1));
    }

    @Test
    void finishStartsOverForTheNextFile() {
        FileDigest reused = new FileDigest();
        reused.addChunk(0xAAAAAAAA);
        reused.addChunk(0x55555555);
        reused.finish(8192);
        for (int crc : CHUNKS) {
            reused.addChunk(crc);
        }
        assertEquals(digest(SIZE, CHUNKS), reused.finish(SIZE));
        assertEquals(digest(0), reused.finish(0));
    }
}
