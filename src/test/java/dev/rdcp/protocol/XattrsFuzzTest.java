package dev.rdcp.protocol;

import static dev.rdcp.protocol.DecoderContract.decodeOrRefuse;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Fuzzes the extended attributes that follow an entry, with the room the first two bytes give:
 * the decoder returns a set no larger than that room or refuses, and a set re-encodes to the
 * bytes it came from.
 */
class XattrsFuzzTest {

    @FuzzTest(maxDuration = "20s")
    void decode(byte[] input) {
        if (input.length < 2) {
            return;
        }
        int room = ((input[0] & 0xff) << 8 | (input[1] & 0xff)) & 0x1fff;
        byte[] payload = Arrays.copyOfRange(input, 2, input.length);
        decodeOrRefuse(payload.length, 0, () -> {
            ByteBuffer in = ByteBuffer.wrap(payload);
            Xattrs xattrs = Xattrs.decode(in, room);
            ByteBuffer again = ByteBuffer.allocate(xattrs.encodedSize());
            xattrs.encode(again);
            assertArrayEquals(Arrays.copyOf(payload, in.position()), again.array(),
                    "a set re-encodes to the bytes it came from");
            if (again.capacity() > room) {
                throw new AssertionError("a set of " + again.capacity() + " bytes over its room of " + room);
            }
            return xattrs;
        });
    }
}
