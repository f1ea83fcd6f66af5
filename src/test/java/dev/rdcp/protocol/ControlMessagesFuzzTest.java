package dev.rdcp.protocol;

import static dev.rdcp.protocol.DecoderContract.decodeOrRefuse;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Fuzzes the payloads of the control messages of a transfer, decoded as the receiver and the
 * sender decode them: ENTRIES (a counted list of entries), CHUNKS, and the receiver's MR, WANTS
 * and END (with and without extended flag 6's counts by kind) with the reports they carry (an ITEMIZED report's text decoded as its change too). The first byte picks the message; each decoded part must
 * re-encode to the bytes it came from.
 */
class ControlMessagesFuzzTest {

    @FuzzTest(maxDuration = "30s")
    void controlPayload(byte[] input) {
        if (input.length == 0) {
            return;
        }
        byte[] payload = Arrays.copyOfRange(input, 1, input.length);
        switch (Byte.toUnsignedInt(input[0]) % 6) {
            case 0 -> decodeOrRefuse(payload.length, 0, () -> entries(ByteBuffer.wrap(payload)));
            case 1 -> decodeOrRefuse(payload.length, 0, () -> chunks(ByteBuffer.wrap(payload)));
            case 2 -> decodeOrRefuse(payload.length, 0, () -> mr(ByteBuffer.wrap(payload)));
            case 3 -> decodeOrRefuse(payload.length, 0, () -> wants(ByteBuffer.wrap(payload)));
            case 4 -> decodeOrRefuse(payload.length, 0, () -> end(ByteBuffer.wrap(payload), false));
            default -> decodeOrRefuse(payload.length, 0, () -> end(ByteBuffer.wrap(payload), true));
        }
    }

    private static Object entries(ByteBuffer in) throws ProtocolException {
        int count = CountedList.read(in, ControlType.ENTRIES);
        for (int i = 0; i < count; i++) {
            int start = in.position();
            Entry entry = Entry.decode(in);
            ByteBuffer again = ByteBuffer.allocate(entry.encodedSize());
            entry.encode(again);
            assertArrayEquals(Arrays.copyOfRange(in.array(), start, in.position()), again.array(),
                    "an entry re-encodes to the bytes it came from");
        }
        return count;
    }

    private static Object chunks(ByteBuffer in) throws ProtocolException {
        ChunkBatch batch = new ChunkBatch();
        batch.decode(in);
        ByteBuffer again = ByteBuffer.allocate(in.capacity());
        batch.encode(again);
        assertEquals(in.capacity(), again.position());
        assertArrayEquals(in.array(), again.array(), "a CHUNKS payload re-encodes to the bytes it came from");
        return batch;
    }

    private static Object mr(ByteBuffer in) throws ProtocolException {
        MrMessage mr = new MrMessage();
        mr.decode(in);
        ByteBuffer again = ByteBuffer.allocate(MrMessage.SIZE);
        MrMessage.encode(again, mr.slot(), mr.rkey(), mr.address(), mr.length());
        assertArrayEquals(Arrays.copyOf(in.array(), MrMessage.SIZE), again.array());
        reports(in);
        return mr;
    }

    private static Object wants(ByteBuffer in) throws ProtocolException {
        int count = CountedList.read(in, ControlType.WANTS);
        for (int i = 0; i < count; i++) {
            int start = in.position();
            Decision decision = Decision.decode(in);
            ByteBuffer again = ByteBuffer.allocate(Decision.SIZE);
            decision.encode(again);
            assertArrayEquals(Arrays.copyOfRange(in.array(), start, in.position()), again.array());
        }
        reports(in);
        return count;
    }

    /** The receiver's END, with the counts by kind of extended flag 6 or without. */
    private static Object end(ByteBuffer in, boolean withCounts) throws ProtocolException {
        ReceiverEnd end = ReceiverEnd.decode(in, withCounts);
        int size = ReceiverEnd.SIZE + (withCounts ? ReceiverCounts.SIZE : 0);
        ByteBuffer again = ByteBuffer.allocate(size);
        int at = withCounts ? ReceiverEnd.start(again, end.counts()) : ReceiverEnd.start(again, end.created());
        ReceiverEnd.setMore(again, at, end.more());
        assertArrayEquals(Arrays.copyOf(in.array(), size), again.array());
        reports(in);
        return end;
    }

    private static void reports(ByteBuffer in) throws ProtocolException {
        while (in.hasRemaining()) {
            int start = in.position();
            Report report = Report.decode(in);
            ByteBuffer again = ByteBuffer.allocate(report.encodedSize());
            report.encode(again);
            assertArrayEquals(Arrays.copyOfRange(in.array(), start, in.position()), again.array(),
                    "a report re-encodes to the bytes it came from");
            if (report.kind() == Report.Kind.ITEMIZED) {
                // The sender decodes an ITEMIZED report's text as an itemized change.
                ItemizedChange change = ItemizedChange.decode(report.text());
                assertArrayEquals(report.text(), change.encode(), "an itemized change re-encodes to its text");
            }
        }
    }
}
