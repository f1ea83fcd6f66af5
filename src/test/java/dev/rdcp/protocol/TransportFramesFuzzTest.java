package dev.rdcp.protocol;

import static dev.rdcp.protocol.DecoderContract.decodeOrRefuse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;

/**
 * Fuzzes what a peer sends around the control messages: the TCP transport's frame starts and
 * write headers ({@link TcpFrame}), and the first line of a remote shell's rdcp
 * ({@link ServerGreeting}). The first byte picks which; the rest is the input.
 */
class TransportFramesFuzzTest {

    /** A writable region's capacity for the write checks: a staging pool's order of size. */
    private static final int CAPACITY = 1 << 20;

    @FuzzTest(maxDuration = "10s")
    void frameOrGreeting(byte[] input) {
        if (input.length == 0) {
            return;
        }
        byte[] rest = Arrays.copyOfRange(input, 1, input.length);
        if ((input[0] & 1) == 0) {
            frame(rest);
        } else {
            greeting(rest);
        }
    }

    private static void frame(byte[] bytes) {
        if (bytes.length < TcpFrame.WRITE_HEADER) {
            return;
        }
        ByteBuffer start = ByteBuffer.wrap(bytes, 0, TcpFrame.START).slice();
        ByteBuffer after = ByteBuffer.wrap(bytes, TcpFrame.START, TcpFrame.WRITE_HEADER - TcpFrame.START).slice();
        Byte kind = decodeOrRefuse(bytes.length, 0, () -> TcpFrame.kind(start));
        if (kind == null) {
            return;
        }
        if (kind == TcpFrame.MESSAGE) {
            Integer length = decodeOrRefuse(bytes.length, 0, () -> TcpFrame.messageLength(start));
            assertTrue(length == null || length >= ControlHeader.SIZE && length <= ControlHeader.MAX_MESSAGE);
        } else if (kind == TcpFrame.WRITE) {
            int length = TcpFrame.writeLength(start);
            int key = TcpFrame.writeKey(after);
            long address = TcpFrame.writeAddress(after);
            Boolean inside = decodeOrRefuse(bytes.length, 0, () -> {
                TcpFrame.checkKey(key, 2, length, address);
                TcpFrame.checkSpan(length, address, CAPACITY);
                return true;
            });
            if (inside != null) {
                assertTrue(key == 0 || key == 1);
                assertTrue(length >= 0 && address >= 0 && address + length <= CAPACITY);
            }
        } else {
            Boolean zeros = decodeOrRefuse(bytes.length, 0, () -> {
                TcpFrame.checkKeepalive(start);
                return true;
            });
            assertTrue(zeros == null || start.getInt(1) == 0);
        }
    }

    private static void greeting(byte[] bytes) {
        String line = new String(bytes, StandardCharsets.ISO_8859_1);
        Optional<ServerGreeting> parsed = ServerGreeting.parse(line);
        parsed.ifPresent(greeting -> assertEquals(line.strip(), greeting.line()));
    }
}
