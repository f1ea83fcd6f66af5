package dev.rdcp.protocol;

import static dev.rdcp.protocol.DecoderContract.decodeOrRefuse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** The fuzz tests' contract itself: it must catch what it exists to catch. */
class DecoderContractTest {

    @Test
    void aDecoderThatAllocatesWhatALengthFieldSaysFails() {
        ByteBuffer claim = ByteBuffer.allocate(4).putInt(0, 4 << 20);
        assertThrows(AssertionError.class, () -> decodeOrRefuse(4, 0, () -> new byte[claim.getInt(0)]));
    }

    @Test
    void aDecoderBoundedByItsInputPasses() {
        byte[] input = new byte[1000];
        assertEquals(1000, decodeOrRefuse(input.length, 0, () -> input.clone()).length);
    }

    @Test
    void aRefusalIsNullAndAnyOtherExceptionFails() {
        assertNull(decodeOrRefuse(1, 0, () -> {
            throw new ProtocolException("refused");
        }));
        assertThrows(AssertionError.class, () -> decodeOrRefuse(1, 0, () -> {
            throw new IOException("not a refusal");
        }));
        assertThrows(AssertionError.class, () -> decodeOrRefuse(1, 0, () -> {
            throw new IllegalArgumentException("not a refusal");
        }));
    }
}
