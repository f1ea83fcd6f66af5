package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;

/**
 * What every decoder of peer bytes promises, checked by the fuzz tests: it returns a value or
 * throws {@link ProtocolException} (the protocol's one malformed-input exception), never anything
 * else, and allocates no more than its documented bound plus a small multiple of the input, so a
 * length field the peer chose cannot make it allocate.
 */
public final class DecoderContract {

    /** Slack for the decoder's own objects, exception messages and the fuzzer's instrumentation. */
    private static final long SLACK_BYTES = 256 * 1024;
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** A decoding step that may refuse its input. */
    @FunctionalInterface
    public interface Decoding<T> {
        T decode() throws IOException;
    }

    private DecoderContract() {
    }

    /**
     * The value {@code decoding} returns, or null when it refused the input with a
     * ProtocolException. It runs twice, on input it makes afresh each time, and only the second
     * run is measured, after the classes it needs have been loaded. Fails on any other exception, and when it allocated more than
     * {@code boundBytes} plus 8 bytes per input byte.
     */
    public static <T> T decodeOrRefuse(int inputBytes, long boundBytes, Decoding<T> decoding) {
        once(decoding);
        long before = THREADS.getCurrentThreadAllocatedBytes();
        T value = once(decoding);
        long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
        long allowed = boundBytes + 8L * inputBytes + SLACK_BYTES;
        assertTrue(allocated <= allowed, "decoding " + inputBytes + " bytes allocated " + allocated + " bytes, over "
                + allowed);
        return value;
    }

    private static <T> T once(Decoding<T> decoding) {
        try {
            return decoding.decode();
        } catch (ProtocolException refused) {
            return null;
        } catch (IOException | RuntimeException | StackOverflowError e) {
            throw new AssertionError("a decoder threw " + e + " instead of a ProtocolException", e);
        }
    }

}
