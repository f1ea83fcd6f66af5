package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SparseWritesTest {

    private static final int BLOCK = SparseWrites.BLOCK;

    /** Records what was written and what was left as zeros, as "w OFFSET LENGTH" and "z OFFSET LENGTH". */
    private static final class Recording implements ReceivingFile {
        final List<String> calls = new ArrayList<>();
        final byte[] content;

        Recording(int size) {
            content = new byte[size];
            java.util.Arrays.fill(content, (byte) 0x77);
        }

        @Override
        public void preallocate(long size) {
        }

        @Override
        public void write(ByteBuffer data, long position) {
            calls.add("w " + position + " " + data.remaining());
            data.get(content, (int) position, data.remaining());
        }

        @Override
        public void zeros(long position, long length) {
            calls.add("z " + position + " " + length);
            java.util.Arrays.fill(content, (int) position, (int) (position + length), (byte) 0);
        }

        @Override
        public void commit(Finisher finisher) {
        }

        @Override
        public Path temp() {
            return Path.of("recording");
        }

        @Override
        public void close() {
        }
    }

    private static ByteBuffer piece(byte[] bytes) {
        return ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
    }

    @Test
    void zeroBlocksBecomeOneHoleAndDataIsWrittenWhole() {
        byte[] bytes = new byte[6 * BLOCK];
        bytes[5] = 1;
        bytes[5 * BLOCK + 7] = 2;
        Recording file = new Recording(bytes.length);
        ByteBuffer data = piece(bytes);
        assertDoesNotThrowIo(() -> SparseWrites.write(file, data, 0));
        assertEquals(List.of("w 0 " + BLOCK, "z " + BLOCK + " " + 4 * BLOCK, "w " + 5 * BLOCK + " " + BLOCK), file.calls);
        assertArrayEquals(bytes, file.content);
        assertEquals(data.limit(), data.position(), "the piece is consumed");
    }

    @Test
    void blocksFollowFileOffsetsNotThePiece() {
        byte[] bytes = new byte[3 * BLOCK];
        int position = 1000;
        Recording file = new Recording(position + bytes.length);
        assertDoesNotThrowIo(() -> SparseWrites.write(file, piece(bytes), position));
        int head = BLOCK - position;
        assertEquals(List.of("w " + position + " " + head, "z " + BLOCK + " " + 2 * BLOCK,
                "w " + 3 * BLOCK + " " + (bytes.length - head - 2 * BLOCK)), file.calls,
                "the part blocks at either end are written: a hole there would free nothing");
    }

    @Test
    void aPieceShorterThanABlockIsWritten() {
        Recording file = new Recording(100);
        assertDoesNotThrowIo(() -> SparseWrites.write(file, piece(new byte[100]), 0));
        assertEquals(List.of("w 0 100"), file.calls);
    }

    @Test
    void onlyTheBufferBetweenPositionAndLimitCounts() {
        byte[] bytes = new byte[4 * BLOCK];
        java.util.Arrays.fill(bytes, 0, BLOCK, (byte) 9);
        ByteBuffer data = piece(bytes).position(BLOCK).limit(3 * BLOCK);
        Recording file = new Recording(8 * BLOCK);
        assertDoesNotThrowIo(() -> SparseWrites.write(file, data, 4 * BLOCK));
        assertEquals(List.of("z " + 4 * BLOCK + " " + 2 * BLOCK), file.calls);
        assertEquals(3 * BLOCK, data.position());
        assertEquals(3 * BLOCK, data.limit(), "the limit is put back");
    }

    @FunctionalInterface
    private interface IoAction {
        void run() throws java.io.IOException;
    }

    private static void assertDoesNotThrowIo(IoAction action) {
        try {
            action.run();
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }
}
