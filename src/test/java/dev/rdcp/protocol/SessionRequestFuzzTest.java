package dev.rdcp.protocol;

import static dev.rdcp.protocol.DecoderContract.decodeOrRefuse;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.ByteBuffer;

/** Fuzzes the REQUEST a client sends a daemon: what it decodes to re-encodes to a request that decodes the same. */
class SessionRequestFuzzTest {

    @FuzzTest(maxDuration = "15s")
    void request(byte[] payload) {
        SessionRequest request = decodeOrRefuse(payload.length, 0, () -> SessionRequest.decode(ByteBuffer.wrap(payload)));
        if (request == null) {
            return;
        }
        ByteBuffer again = request.encode().flip();
        SessionRequest redecoded = decodeOrRefuse(again.remaining(), 0, () -> SessionRequest.decode(again.duplicate()));
        assertEquals(request, redecoded, "a REQUEST decodes to what it re-encodes to");
    }
}
