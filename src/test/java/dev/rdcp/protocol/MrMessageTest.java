package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MrMessageTest {

    private static ByteBuffer mr(int slot, int rkey, long address, int length) {
        ByteBuffer out = ByteBuffer.allocate(MrMessage.SIZE);
        MrMessage.encode(out, slot, rkey, address, length);
        return out.flip();
    }

    @Test
    void fieldsRoundTrip() throws Exception {
        MrMessage message = new MrMessage();
        message.decode(mr(7, 0xfedcba98, 0x7f00_1234_5000L, 1 << 20));
        assertEquals(7, message.slot());
        assertEquals(0xfedcba98, message.rkey());
        assertEquals(0x7f00_1234_5000L, message.address());
        assertEquals(1 << 20, message.length());
    }

    @Test
    void trailingReportsFollowTheFixedPartAndDecodeInOrder() throws Exception {
        Report failed = new Report(Report.Kind.FAILED, 3, 23, "a: short read".getBytes(StandardCharsets.UTF_8));
        Report deleted = new Report(Report.Kind.DELETED, -1, 0, "old/file".getBytes(StandardCharsets.UTF_8));
        ByteBuffer out = ByteBuffer.allocate(MrMessage.SIZE + failed.encodedSize() + deleted.encodedSize());
        MrMessage.encode(out, 1, 2, 3, 4096);
        failed.encode(out);
        deleted.encode(out);
        ByteBuffer in = out.flip();

        MrMessage message = new MrMessage();
        message.decode(in);
        assertEquals(MrMessage.SIZE, in.position(), "decode stops at the reports");
        List<Report> reports = new ArrayList<>();
        while (in.hasRemaining()) {
            reports.add(Report.decode(in));
        }
        assertEquals(2, reports.size());
        assertEquals(Report.Kind.FAILED, reports.get(0).kind());
        assertEquals(3, reports.get(0).index());
        assertArrayEquals(failed.text(), reports.get(0).text());
        assertEquals(Report.Kind.DELETED, reports.get(1).kind());
        assertArrayEquals(deleted.text(), reports.get(1).text());
        assertFalse(in.hasRemaining());
    }

    @Test
    void aHolderIsReusable() throws Exception {
        MrMessage message = new MrMessage();
        message.decode(mr(1, 1, 1, 1));
        message.decode(mr(2, 3, 4, 5));
        assertEquals(2, message.slot());
        assertEquals(5, message.length());
    }

    @Test
    void negativeSlotOrNonPositiveLengthIsRejected() {
        for (ByteBuffer bad : new ByteBuffer[] {mr(-1, 0, 0, 4096), mr(0, 0, 0, 0), mr(0, 0, 0, -4096)}) {
            assertThrows(ProtocolException.class, () -> new MrMessage().decode(bad));
        }
    }

    @Test
    void aShortPayloadIsRejected() {
        assertThrows(ProtocolException.class, () -> new MrMessage().decode(ByteBuffer.allocate(MrMessage.SIZE - 1)));
    }
}
