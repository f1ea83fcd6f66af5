package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class ChunkAndMrMessageTest {

    private static ByteBuffer chunk(int fileId, int slot, long offset, int length, int crc) {
        ByteBuffer out = ByteBuffer.allocate(ChunkMessage.SIZE);
        ChunkMessage.encode(out, fileId, slot, offset, length, crc);
        return out.flip();
    }

    private static ByteBuffer mr(int slot, int rkey, long address, int length) {
        ByteBuffer out = ByteBuffer.allocate(MrMessage.SIZE);
        MrMessage.encode(out, slot, rkey, address, length);
        return out.flip();
    }

    @Test
    void chunkRoundTrips() throws Exception {
        ByteBuffer wire = chunk(7, 3, 0x1_0000_0000L, 1 << 20, 0xCAFEBABE);
        assertEquals(ChunkMessage.SIZE, wire.remaining());
        ChunkMessage decoded = new ChunkMessage();
        decoded.decode(wire);
        assertEquals(7, decoded.fileId());
        assertEquals(3, decoded.slot());
        assertEquals(0x1_0000_0000L, decoded.offset());
        assertEquals(1 << 20, decoded.length());
        assertEquals(0xCAFEBABE, decoded.crc());
    }

    @Test
    void chunkHolderIsRefilledByTheNextDecode() throws Exception {
        ChunkMessage holder = new ChunkMessage();
        holder.decode(chunk(1, 1, 4096, 4096, 11));
        holder.decode(chunk(2, 0, 8192, 100, 22));
        assertEquals(2, holder.fileId());
        assertEquals(0, holder.slot());
        assertEquals(8192, holder.offset());
        assertEquals(100, holder.length());
        assertEquals(22, holder.crc());
    }

    @Test
    void chunkOfTheWrongSizeIsRejected() {
        ByteBuffer tooLong = ByteBuffer.allocate(ChunkMessage.SIZE + 1);
        ChunkMessage.encode(tooLong, 1, 1, 0, 1, 1);
        tooLong.put((byte) 0).flip();
        assertThrows(ProtocolException.class, () -> new ChunkMessage().decode(tooLong));
        ByteBuffer tooShort = chunk(1, 1, 0, 1, 1).limit(ChunkMessage.SIZE - 1);
        assertThrows(ProtocolException.class, () -> new ChunkMessage().decode(tooShort));
    }

    @Test
    void chunkWithNegativeOffsetOrLengthIsRejected() {
        assertThrows(ProtocolException.class, () -> new ChunkMessage().decode(chunk(1, 0, -1, 10, 0)));
        assertThrows(ProtocolException.class, () -> new ChunkMessage().decode(chunk(1, 0, 0, -10, 0)));
    }

    @Test
    void mrRoundTrips() throws Exception {
        ByteBuffer wire = mr(5, 0x89ABCDEF, 0x7F00_1234_5678L, 65536);
        assertEquals(MrMessage.SIZE, wire.remaining());
        MrMessage decoded = new MrMessage();
        decoded.decode(wire);
        assertEquals(5, decoded.slot());
        assertEquals(0x89ABCDEF, decoded.rkey());
        assertEquals(0x7F00_1234_5678L, decoded.address());
        assertEquals(65536, decoded.length());
    }

    @Test
    void mrOfTheWrongSizeIsRejected() {
        ByteBuffer tooShort = mr(0, 1, 2, 3).limit(MrMessage.SIZE - 4);
        assertThrows(ProtocolException.class, () -> new MrMessage().decode(tooShort));
        ByteBuffer tooLong = ByteBuffer.allocate(MrMessage.SIZE + 4);
        MrMessage.encode(tooLong, 0, 1, 2, 3);
        tooLong.putInt(0).flip();
        assertThrows(ProtocolException.class, () -> new MrMessage().decode(tooLong));
    }

    @Test
    void mrWithNegativeSlotOrNonPositiveLengthIsRejected() {
        assertThrows(ProtocolException.class, () -> new MrMessage().decode(mr(-1, 1, 4096, 4096)));
        assertThrows(ProtocolException.class, () -> new MrMessage().decode(mr(0, 1, 4096, -4096)));
        assertThrows(ProtocolException.class, () -> new MrMessage().decode(mr(0, 1, 4096, 0)));
    }
}
