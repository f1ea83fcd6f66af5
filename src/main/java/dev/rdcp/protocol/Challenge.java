package dev.rdcp.protocol;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Challenge-response authentication: the server sends {@code u8 required, 32-byte nonce}; the
 * client answers AUTH with HMAC-SHA256(secret, nonce || REQUEST payload), 32 bytes (zeros when it
 * has no secret), and then sends that REQUEST. The response covers the request, so whoever
 * relays a client's answer cannot attach another request to it. The secret never crosses the
 * wire.
 */
public record Challenge(boolean required, byte[] nonce) {

    public static final int NONCE_SIZE = 32;
    public static final int SIZE = 1 + NONCE_SIZE;
    public static final int RESPONSE_SIZE = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    public static Challenge fresh(boolean required) {
        byte[] nonce = new byte[NONCE_SIZE];
        RANDOM.nextBytes(nonce);
        return new Challenge(required, nonce);
    }

    public void encode(ByteBuffer out) {
        out.put((byte) (required ? 1 : 0)).put(nonce);
    }

    public static Challenge decode(ByteBuffer in) throws ProtocolException {
        Frames.expectSize(MessageType.CHALLENGE, in, SIZE);
        int required = in.get();
        if ((required & ~1) != 0) {
            throw new ProtocolException("CHALLENGE says required = " + required);
        }
        byte[] nonce = new byte[NONCE_SIZE];
        in.get(nonce);
        return new Challenge(required == 1, nonce);
    }

    /**
     * The answer to this challenge with {@code secret} for the REQUEST payload {@code request}
     * (its remaining bytes; its position is left as it was), or 32 zero bytes without a secret.
     */
    public byte[] response(byte[] secret, ByteBuffer request) {
        if (secret == null) {
            return new byte[RESPONSE_SIZE];
        }
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            mac.update(nonce);
            mac.update(request.duplicate());
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is unavailable", e);
        }
    }

    /** Constant-time comparison of a received response with the one expected for {@code request}. */
    public boolean accepts(byte[] secret, ByteBuffer request, byte[] response) {
        return response.length == RESPONSE_SIZE && MessageDigest.isEqual(response(secret, request), response);
    }
}
