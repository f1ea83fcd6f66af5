package dev.rdcp.protocol;

import static dev.rdcp.protocol.DecoderContract.decodeOrRefuse;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Fuzzes the payloads of the bootstrap frames a peer sends before the transfer: HELLO, CHALLENGE,
 * ACCEPT, ERROR, MODULES, STREAMS and QP_ENDPOINT (the REQUEST has {@link SessionRequestFuzzTest}). The first byte
 * picks the decoder, the rest is its payload.
 */
class SetupMessagesFuzzTest {

    @FuzzTest(maxDuration = "15s")
    void setupPayload(byte[] input) {
        if (input.length == 0) {
            return;
        }
        byte[] payload = Arrays.copyOfRange(input, 1, input.length);
        switch (Byte.toUnsignedInt(input[0]) % 7) {
            case 0 -> hello(payload);
            case 1 -> challenge(payload);
            case 2 -> accept(payload);
            case 3 -> error(payload);
            case 4 -> modules(payload);
            case 5 -> streams(payload);
            default -> endpoint(payload);
        }
    }

    private static void hello(byte[] payload) {
        Hello hello = decodeOrRefuse(payload.length, 0, () -> Hello.decode(ByteBuffer.wrap(payload)));
        if (hello != null) {
            ByteBuffer again = ByteBuffer.allocate(Hello.SIZE);
            hello.encode(again);
            assertArrayEquals(payload, again.array());
            decodeOrRefuse(0, 0, () -> {
                hello.requireCompatible();
                return hello;
            });
        }
    }

    private static void challenge(byte[] payload) {
        Challenge challenge = decodeOrRefuse(payload.length, 0, () -> Challenge.decode(ByteBuffer.wrap(payload)));
        if (challenge != null) {
            ByteBuffer again = ByteBuffer.allocate(Challenge.SIZE);
            challenge.encode(again);
            assertArrayEquals(payload, again.array());
        }
    }

    private static void accept(byte[] payload) {
        Accept accept = decodeOrRefuse(payload.length, 0, () -> Accept.decode(ByteBuffer.wrap(payload)));
        if (accept != null) {
            Accept again = decodeOrRefuse(payload.length, 0, () -> Accept.decode(accept.encode().flip()));
            assertEquals(accept, again, "an ACCEPT decodes to what it re-encodes to");
        }
    }

    private static void error(byte[] payload) {
        ErrorMessage error = decodeOrRefuse(payload.length, 0, () -> ErrorMessage.decode(ByteBuffer.wrap(payload)));
        if (error != null) {
            ErrorMessage again = decodeOrRefuse(payload.length, 0, () -> ErrorMessage.decode(error.encode().flip()));
            assertEquals(error, again, "an ERROR decodes to what it re-encodes to");
            String shown = error.toException().getMessage();
            assertFalse(shown.chars().anyMatch(c -> c < 0x20 || (c >= 0x7f && c <= 0x9f)),
                    "the text shown to a user has no control characters");
            assertEquals(shown, PeerText.printable(new String(shown.getBytes(StandardCharsets.UTF_8),
                    StandardCharsets.UTF_8)));
        }
    }

    private static void modules(byte[] payload) {
        ModuleList list = decodeOrRefuse(payload.length, 0, () -> ModuleList.decode(ByteBuffer.wrap(payload)));
        if (list != null) {
            ByteBuffer encoded = list.encode().flip();
            ModuleList again = decodeOrRefuse(encoded.remaining(), 0, () -> ModuleList.decode(encoded.duplicate()));
            assertEquals(list.singleDirectory(), again.singleDirectory());
            assertEquals(list.modules().subList(0, again.modules().size()), again.modules(),
                    "MODULES re-encodes to what it decoded, or to a prefix where a frame cannot hold it all");
        }
    }

    private static void endpoint(byte[] payload) {
        QpEndpoint endpoint = decodeOrRefuse(payload.length, 0, () -> QpEndpoint.decode(ByteBuffer.wrap(payload)));
        if (endpoint != null) {
            ByteBuffer again = ByteBuffer.allocate(QpEndpoint.SIZE);
            endpoint.encode(again);
            assertArrayEquals(payload, again.array());
        }
    }

    private static void streams(byte[] payload) {
        StreamCount count = decodeOrRefuse(payload.length, 0, () -> StreamCount.decode(ByteBuffer.wrap(payload)));
        if (count != null) {
            ByteBuffer again = ByteBuffer.allocate(StreamCount.SIZE);
            count.encode(again);
            assertArrayEquals(payload, again.array());
        }
    }
}
