package dev.rdcp.protocol;

import static dev.rdcp.protocol.DecoderContract.decodeOrRefuse;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;

/** Fuzzes the bootstrap framing, the first code a stranger's bytes reach. */
class FramesFuzzTest {

    @FuzzTest(maxDuration = "10s")
    void bootstrapFrame(byte[] wire) throws IOException {
        Frames.Frame frame = decodeOrRefuse(wire.length, Frames.MAX_PAYLOAD,
                () -> Frames.read(new DataInputStream(new ByteArrayInputStream(wire))));
        if (frame == null) {
            return;
        }
        ByteArrayOutputStream again = new ByteArrayOutputStream();
        Frames.write(new DataOutputStream(again), frame.type(), frame.payload());
        byte[] consumed = Arrays.copyOf(wire, Frames.HEADER_SIZE + frame.payload().capacity());
        assertArrayEquals(consumed, again.toByteArray(), "a frame re-encodes to the bytes it was read from");
    }
}
