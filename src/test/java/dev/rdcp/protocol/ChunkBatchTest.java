package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class ChunkBatchTest {

    private static final int PIECE = 25;

    private static ByteBuffer encode(ChunkBatch batch) {
        ByteBuffer out = ByteBuffer.allocate(10 + batch.count() * PIECE);
        batch.encode(out);
        assertFalse(out.hasRemaining(), "10 bytes and 25 per piece");
        return out.flip();
    }

    /** A CHUNKS payload with one piece of the given fields. */
    private static ByteBuffer onePiece(int slot, int index, int slotOffset, long fileOffset, int length, int flags) {
        return ByteBuffer.allocate(10 + PIECE).putInt(slot).putInt(0).putShort((short) 1).putInt(index).putInt(slotOffset)
                .putLong(fileOffset).putInt(length).putInt(0x1234).put((byte) flags).flip();
    }

    @Test
    void severalPiecesRoundTripWithTheirFlags() throws Exception {
        ChunkBatch sent = new ChunkBatch();
        sent.start(3, 77);
        sent.add(10, 0, 0, 100, 0xdeadbeef, ChunkBatch.LAST);
        sent.add(11, 100, 0, 4000, 0x01020304, 0);
        sent.add(11, 4100, 1L << 40, 7, -1, ChunkBatch.LAST);
        sent.add(12, 4107, 0, 0, ExitCode.VANISHED.code(), ChunkBatch.ABANDON);

        ChunkBatch received = new ChunkBatch();
        received.decode(encode(sent));
        assertEquals(3, received.slot());
        assertEquals(77, received.sequence());
        assertEquals(4, received.count());
        assertEquals(10, received.index(0));
        assertEquals(0xdeadbeef, received.crc(0));
        assertTrue(received.isLast(0));
        assertFalse(received.isAbandoned(0));
        assertEquals(100, received.slotOffset(1));
        assertEquals(4000, received.length(1));
        assertFalse(received.isLast(1));
        assertEquals(1L << 40, received.fileOffset(2));
        assertEquals(-1, received.crc(2));
        assertTrue(received.isLast(2));
        assertTrue(received.isAbandoned(3));
        assertFalse(received.isLast(3));
        assertEquals(ExitCode.VANISHED.code(), received.crc(3), "an abandoned piece carries the exit code");
    }

    @Test
    void anEmptyBatchRoundTrips() throws Exception {
        ChunkBatch sent = new ChunkBatch();
        sent.start(0, 0);
        ChunkBatch received = new ChunkBatch();
        received.decode(encode(sent));
        assertEquals(0, received.count());
    }

    @Test
    void startEmptiesABatchForReuse() throws Exception {
        ChunkBatch batch = new ChunkBatch();
        batch.start(1, 5);
        batch.add(1, 0, 0, 1, 0, 0);
        batch.start(2, 6);
        assertEquals(0, batch.count());
        assertEquals(2, batch.slot());
    }

    @Test
    void aBatchIsFullAtMaxPiecesAndAFullOneRoundTrips() throws Exception {
        ChunkBatch batch = new ChunkBatch();
        batch.start(0, Integer.MAX_VALUE);
        for (int i = 0; i < ChunkBatch.MAX_PIECES; i++) {
            assertFalse(batch.isFull(), "after " + i);
            batch.add(i, i * 16, 0, 16, i, ChunkBatch.LAST);
        }
        assertTrue(batch.isFull());
        ChunkBatch received = new ChunkBatch();
        received.decode(encode(batch));
        assertEquals(ChunkBatch.MAX_PIECES, received.count());
        assertEquals(255, received.index(255));
        assertEquals(255 * 16, received.slotOffset(255));
    }

    @Test
    void aCountOverMaxPiecesIsRejected() {
        int n = ChunkBatch.MAX_PIECES + 1;
        ByteBuffer in = ByteBuffer.allocate(10 + n * PIECE).putInt(0).putInt(0).putShort((short) n);
        in.position(in.capacity()).flip();
        assertThrows(ProtocolException.class, () -> new ChunkBatch().decode(in));
    }

    @Test
    void aCountDisagreeingWithTheBytesIsRejected() {
        ByteBuffer more = ByteBuffer.allocate(10 + 2 * PIECE).putInt(0).putInt(0).putShort((short) 1);
        more.position(more.capacity()).flip();
        assertThrows(ProtocolException.class, () -> new ChunkBatch().decode(more));
        ByteBuffer fewer = ByteBuffer.allocate(10 + PIECE).putInt(0).putInt(0).putShort((short) 2);
        fewer.position(fewer.capacity()).flip();
        assertThrows(ProtocolException.class, () -> new ChunkBatch().decode(fewer));
    }

    @Test
    void aShortPayloadIsRejected() {
        assertThrows(ProtocolException.class, () -> new ChunkBatch().decode(ByteBuffer.allocate(9)));
    }

    @Test
    void negativeFieldsAreRejected() {
        ByteBuffer[] bad = {onePiece(-1, 0, 0, 0, 1, 0), onePiece(0, 0, -1, 0, 1, 0), onePiece(0, 0, 0, -1, 1, 0),
            onePiece(0, 0, 0, 0, -1, 0)};
        for (int i = 0; i < bad.length; i++) {
            ByteBuffer in = bad[i];
            assertThrows(ProtocolException.class, () -> new ChunkBatch().decode(in), "case " + i);
        }
    }

    @Test
    void theSequenceIsTheSecondFieldAndCanBeReadAlone() throws Exception {
        ChunkBatch sent = new ChunkBatch();
        sent.start(4, 1_000_000);
        sent.add(1, 0, 0, 1, 0, 0);
        ByteBuffer wire = encode(sent);
        assertEquals(1_000_000, wire.getInt(4));
        assertEquals(1_000_000, ChunkBatch.peekSequence(wire));
        assertEquals(0, wire.position(), "peeking leaves the payload unread");
    }

    @Test
    void aNegativeSequenceIsRejected() {
        ByteBuffer in = ByteBuffer.allocate(10).putInt(0).putInt(-1).putShort((short) 0).flip();
        assertThrows(ProtocolException.class, () -> new ChunkBatch().decode(in));
        assertThrows(ProtocolException.class, () -> ChunkBatch.peekSequence(in));
        assertThrows(ProtocolException.class, () -> ChunkBatch.peekSequence(ByteBuffer.allocate(9)));
        assertThrows(IllegalArgumentException.class, () -> new ChunkBatch().start(0, -1));
    }

    @Test
    void unknownFlagsAreRejected() throws Exception {
        for (int flags : new int[] {8, 0x10, 0x80, ChunkBatch.LAST | 8}) {
            ByteBuffer in = onePiece(0, 0, 0, 0, 1, flags);
            assertThrows(ProtocolException.class, () -> new ChunkBatch().decode(in), "flags " + flags);
        }
        ChunkBatch both = new ChunkBatch();
        both.decode(onePiece(0, 0, 0, 0, 1, ChunkBatch.LAST | ChunkBatch.ABANDON));
        assertTrue(both.isLast(0) && both.isAbandoned(0));
    }

    /** A CHUNKS payload with one piece of every given field, the crc among them. */
    private static ByteBuffer piece(int slotOffset, long fileOffset, int length, int crc, int flags) {
        return ByteBuffer.allocate(10 + PIECE).putInt(0).putInt(0).putShort((short) 1).putInt(5).putInt(slotOffset)
                .putLong(fileOffset).putInt(length).putInt(crc).put((byte) flags).flip();
    }

    /** A SIZE piece carries the size at open in its file offset, before the file's first data piece. */
    @Test
    void aSizePieceRoundTripsAheadOfItsFilesData() throws Exception {
        assertEquals(4, ChunkBatch.SIZE);
        ChunkBatch sent = new ChunkBatch();
        sent.start(1, 2);
        sent.add(7, 0, Long.MAX_VALUE, 0, 0, ChunkBatch.SIZE);
        sent.add(7, 0, 0, 4096, 0x55, 0);
        assertEquals(ChunkBatch.MAX_PIECES - 2, sent.room());
        ChunkBatch received = new ChunkBatch();
        received.decode(encode(sent));
        assertEquals(2, received.count());
        assertTrue(received.isSize(0));
        assertFalse(received.isLast(0) || received.isAbandoned(0));
        assertEquals(Long.MAX_VALUE, received.fileOffset(0));
        assertFalse(received.isSize(1));
        assertEquals(4096, received.length(1));
    }

    /**
     * A SIZE piece with data, a slot offset, a crc or another flag is refused, as is a size past
     * 2^63 - 1 (a negative i64): its encoder writes none of them.
     */
    @Test
    void aMalformedSizePieceIsRejected() throws Exception {
        ByteBuffer[] bad = {piece(0, 10, 1, 0, ChunkBatch.SIZE), piece(8, 10, 0, 0, ChunkBatch.SIZE),
            piece(0, 10, 0, 1, ChunkBatch.SIZE), piece(0, 10, 0, 0, ChunkBatch.SIZE | ChunkBatch.LAST),
            piece(0, 10, 0, 0, ChunkBatch.SIZE | ChunkBatch.ABANDON), piece(0, -1, 0, 0, ChunkBatch.SIZE),
            piece(0, Long.MIN_VALUE, 0, 0, ChunkBatch.SIZE)};
        for (int i = 0; i < bad.length; i++) {
            ByteBuffer in = bad[i];
            assertThrows(ProtocolException.class, () -> new ChunkBatch().decode(in), "case " + i);
        }
        ChunkBatch empty = new ChunkBatch();
        empty.decode(piece(0, 0, 0, 0, ChunkBatch.SIZE));
        assertTrue(empty.isSize(0), "a file that is empty at open");
    }
}
