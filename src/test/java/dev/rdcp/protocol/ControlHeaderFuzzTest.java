package dev.rdcp.protocol;

import static dev.rdcp.protocol.DecoderContract.decodeOrRefuse;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.ByteBuffer;
import java.util.Arrays;

/** Fuzzes the header every control message of a transfer starts with. */
class ControlHeaderFuzzTest {

    @FuzzTest(maxDuration = "5s")
    void controlHeader(byte[] message) throws ProtocolException {
        ControlType type = decodeOrRefuse(message.length, 0,
                () -> ControlHeader.read(ByteBuffer.wrap(message), message.length));
        if (type == null) {
            return;
        }
        ByteBuffer in = ByteBuffer.wrap(message);
        ControlHeader.read(in, message.length);
        ByteBuffer again = ByteBuffer.allocate(ControlHeader.SIZE);
        ControlHeader.write(again, type, message.length - ControlHeader.SIZE);
        assertEquals(ControlHeader.SIZE, in.position(), "the header leaves the buffer at the payload");
        assertEquals(type.code(), Byte.toUnsignedInt(message[0]));
        assertArrayEquals(Arrays.copyOf(message, ControlHeader.SIZE), again.array(), "the header re-encodes as it came");
    }
}
