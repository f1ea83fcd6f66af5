package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ChallengeTest {

    private static final byte[] SECRET = "correct horse battery staple".getBytes(StandardCharsets.UTF_8);
    private static final byte[] OTHER = "correct horse battery stapl3".getBytes(StandardCharsets.UTF_8);
    private static final ByteBuffer REQUEST = new SessionRequest(SessionRequest.Direction.PULL, 0, 1 << 20, 8, 0,
            java.util.List.of("data/"), java.util.List.of()).encode().rewind();

    /** The challenge as the client sees it after the wire. */
    private static Challenge overTheWire(Challenge challenge) throws ProtocolException {
        ByteBuffer out = ByteBuffer.allocate(Challenge.SIZE);
        challenge.encode(out);
        assertFalse(out.hasRemaining());
        return Challenge.decode(out.flip());
    }

    @Test
    void responseWithTheRightSecretIsAccepted() throws Exception {
        Challenge server = Challenge.fresh(true);
        byte[] response = overTheWire(server).response(SECRET, REQUEST);
        assertEquals(Challenge.RESPONSE_SIZE, response.length);
        assertTrue(server.accepts(SECRET, REQUEST, response));
    }

    @Test
    void theResponseCoversTheRequest() {
        Challenge server = Challenge.fresh(true);
        byte[] response = server.response(SECRET, REQUEST);
        assertEquals(0, REQUEST.position(), "the request is read, not consumed");
        ByteBuffer other = new SessionRequest(SessionRequest.Direction.PUSH, 0, 1 << 20, 8, 0,
                java.util.List.of("data/"), java.util.List.of()).encode().rewind();
        assertFalse(server.accepts(SECRET, other, response));
        ByteBuffer longer = ByteBuffer.allocate(REQUEST.remaining() + 1).put(REQUEST.duplicate()).put((byte) 0).flip();
        assertFalse(server.accepts(SECRET, longer, response));
        assertTrue(server.accepts(SECRET, REQUEST.duplicate(), response));
    }

    @Test
    void responseWithAWrongSecretIsRejected() {
        Challenge server = Challenge.fresh(true);
        assertFalse(server.accepts(SECRET, REQUEST, server.response(OTHER, REQUEST)));
    }

    @Test
    void responseToAnotherNonceIsRejected() {
        Challenge server = Challenge.fresh(true);
        byte[] replayed = Challenge.fresh(true).response(SECRET, REQUEST);
        assertFalse(server.accepts(SECRET, REQUEST, replayed));
    }

    @Test
    void noSecretGivesThirtyTwoZeroBytesWhichASecretRejects() {
        Challenge server = Challenge.fresh(true);
        byte[] response = server.response(null, REQUEST);
        assertArrayEquals(new byte[Challenge.RESPONSE_SIZE], response);
        assertFalse(server.accepts(SECRET, REQUEST, response));
    }

    @Test
    void responseOfTheWrongLengthIsRejected() {
        Challenge server = Challenge.fresh(true);
        byte[] response = server.response(SECRET, REQUEST);
        assertFalse(server.accepts(SECRET, REQUEST, Arrays.copyOf(response, response.length - 1)));
        assertFalse(server.accepts(SECRET, REQUEST, Arrays.copyOf(response, response.length + 1)));
    }

    @Test
    void noncesDiffer() {
        Challenge a = Challenge.fresh(false);
        Challenge b = Challenge.fresh(false);
        assertEquals(Challenge.NONCE_SIZE, a.nonce().length);
        assertFalse(Arrays.equals(a.nonce(), b.nonce()));
        assertFalse(Arrays.equals(new byte[Challenge.NONCE_SIZE], a.nonce()));
    }

    @Test
    void encodeDecodeKeepsTheFlagAndNonce() throws Exception {
        for (boolean required : new boolean[] {true, false}) {
            Challenge sent = Challenge.fresh(required);
            Challenge received = overTheWire(sent);
            assertEquals(required, received.required());
            assertArrayEquals(sent.nonce(), received.nonce());
        }
    }

    @Test
    void challengeOfTheWrongSizeIsRejected() {
        assertThrows(ProtocolException.class, () -> Challenge.decode(ByteBuffer.allocate(Challenge.SIZE - 1)));
        assertThrows(ProtocolException.class, () -> Challenge.decode(ByteBuffer.allocate(Challenge.SIZE + 1)));
    }

    @Test
    void aRequiredFlagOtherThanZeroOrOneIsRejected() {
        ByteBuffer wire = ByteBuffer.allocate(Challenge.SIZE).put(0, (byte) 2);
        assertThrows(ProtocolException.class, () -> Challenge.decode(wire));
    }
}
