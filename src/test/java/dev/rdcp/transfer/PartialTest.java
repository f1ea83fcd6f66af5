package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rdcp.protocol.FileDigest;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import dev.rdcp.posix.DirectoryHandle;
import java.io.IOException;

class PartialTest {

    private static final int CHUNK = 4096;

    @TempDir
    Path tmp;

    private static byte[] data(int length) {
        byte[] bytes = new byte[length];
        new Random(42).nextBytes(bytes);
        return bytes;
    }

    /** Partial.examine of {@code partial}, by its name beneath the test directory. */
    private Partial examine(Path partial, int chunk, long size, Heartbeat heartbeat) throws IOException {
        try (DirectoryHandle base = DirectoryHandle.open(tmp, FileNames.absolute(tmp))) {
            return Partial.examine(base, FileNames.lastComponent(partial), ByteBuffer.allocateDirect(chunk), size,
                    heartbeat);
        }
    }

    /** The digest of the first {@code chunks} chunks of {@code data}, computed here, not by Partial. */
    private static int digestOf(byte[] data, int chunks) {
        FileDigest digest = new FileDigest();
        for (int i = 0; i < chunks; i++) {
            CRC32C crc = new CRC32C();
            crc.update(data, i * CHUNK, CHUNK);
            digest.addChunk((int) crc.getValue());
        }
        return digest.finish((long) chunks * CHUNK);
    }

    @Test
    void theOffsetIsRoundedDownToWholeChunksAndTheDigestCoversThem() throws Exception {
        byte[] data = data(2 * CHUNK + 1000);
        Path partial = Files.write(tmp.resolve(".f.rdcp-partial"), data);
        Partial found = examine(partial, CHUNK, 10 * CHUNK, Heartbeat.NONE);
        assertEquals(2L * CHUNK, found.offset());
        assertEquals(digestOf(data, 2), found.digest());
    }

    @Test
    void anExactNumberOfChunksIsAllUsable() throws Exception {
        byte[] data = data(3 * CHUNK);
        Path partial = Files.write(tmp.resolve("p"), data);
        Partial found = examine(partial, CHUNK, 3 * CHUNK + 1, Heartbeat.NONE);
        assertEquals(3L * CHUNK, found.offset());
        assertEquals(digestOf(data, 3), found.digest());
    }

    @Test
    void aPartialFileLongerThanTheSourceIsCutToTheSourceSize() throws Exception {
        byte[] data = data(4 * CHUNK);
        Path partial = Files.write(tmp.resolve("p"), data);
        Partial found = examine(partial, CHUNK, CHUNK + 10, Heartbeat.NONE);
        assertEquals(CHUNK, found.offset());
        assertEquals(digestOf(data, 1), found.digest());
    }

    @Test
    void theDigestDependsOnTheContent() throws Exception {
        byte[] data = data(2 * CHUNK);
        Path a = Files.write(tmp.resolve("a"), data);
        byte[] changed = Arrays.copyOf(data, data.length);
        changed[CHUNK + 5] ^= 1;
        Path b = Files.write(tmp.resolve("b"), changed);
        int first = examine(a, CHUNK, data.length + 1, Heartbeat.NONE).digest();
        int second = examine(b, CHUNK, data.length + 1, Heartbeat.NONE).digest();
        assertEquals(digestOf(changed, 2), second);
        org.junit.jupiter.api.Assertions.assertNotEquals(first, second);
    }

    @Test
    void lessThanOneChunkIsNothingToResume() throws Exception {
        Path partial = Files.write(tmp.resolve("p"), data(CHUNK - 1));
        assertEquals(Partial.NONE, examine(partial, CHUNK, 100 * CHUNK, Heartbeat.NONE));
    }

    @Test
    void noPartialFileIsNone() throws Exception {
        assertEquals(Partial.NONE, examine(tmp.resolve("absent"), CHUNK, CHUNK, Heartbeat.NONE));
        assertEquals(0, Partial.NONE.offset());
    }

    @Test
    void aCompletePartialFileStillLeavesThePieceThatCarriesLast() throws Exception {
        byte[] data = data(3 * CHUNK);
        Path partial = Files.write(tmp.resolve("p"), data);
        Partial found = examine(partial, CHUNK, 3 * CHUNK, Heartbeat.NONE);
        assertEquals(2L * CHUNK, found.offset());
        assertEquals(digestOf(data, 2), found.digest());
    }

    @Test
    void aSymlinkUnderThePartialNameIsNotRead() throws Exception {
        Path target = Files.write(tmp.resolve("target"), data(4 * CHUNK));
        Path partial = Files.createSymbolicLink(tmp.resolve(".f.rdcp-partial"), target);
        assertEquals(Partial.NONE, examine(partial, CHUNK, 10 * CHUNK, Heartbeat.NONE));
    }
}
