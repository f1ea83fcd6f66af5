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
    /**
     * What a decoder may spend per byte it reads: a MODULES payload of 4-byte entries (a one-byte
     * name and no comment) makes two arrays, two strings and a record per entry, 37 to 43 bytes
     * per input byte as measured, all bounded by the frame.
     */
    private static final long BYTES_PER_INPUT_BYTE = 48;
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
     * ProtocolException. It runs three times, on input it makes afresh each time: the first loads
     * the classes it needs, and the lesser allocation of the other two is measured, since a
     * decoder's own allocation repeats and the fuzzer's occasional bookkeeping on the same thread
     * does not (CI once saw one run allocate 256 KiB more than its input could explain; seven
     * local 15-second rounds of the same test never did). Fails on any other exception, and when it allocated
     * more than {@code boundBytes} plus {@value #BYTES_PER_INPUT_BYTE} bytes per input byte.
     */
    public static <T> T decodeOrRefuse(int inputBytes, long boundBytes, Decoding<T> decoding) {
        once(decoding);
        long allocated = Long.MAX_VALUE;
        T value = null;
        for (int run = 0; run < 2; run++) {
            long before = THREADS.getCurrentThreadAllocatedBytes();
            value = once(decoding);
            allocated = Math.min(allocated, THREADS.getCurrentThreadAllocatedBytes() - before);
        }
        long allowed = boundBytes + BYTES_PER_INPUT_BYTE * inputBytes + SLACK_BYTES;
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
