package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class DoneAndStatusMessageTest {

    private static ByteBuffer encoded(StatusMessage message) {
        ByteBuffer out = ByteBuffer.allocate(message.encodedSize());
        message.encode(out);
        assertFalse(out.hasRemaining(), "encodedSize matches what encode writes");
        return out.flip();
    }

    @Test
    void doneRoundTrips() throws Exception {
        DoneMessage sent = new DoneMessage(9, 5_000_000_000L, 0xDEADBEEF);
        ByteBuffer out = ByteBuffer.allocate(DoneMessage.SIZE);
        sent.encode(out);
        assertFalse(out.hasRemaining());
        assertEquals(sent, DoneMessage.decode(out.flip()));
    }

    @Test
    void doneOfTheWrongSizeIsRejected() {
        ByteBuffer out = ByteBuffer.allocate(DoneMessage.SIZE + 1);
        new DoneMessage(1, 2, 3).encode(out);
        ByteBuffer tooLong = out.put((byte) 0).flip();
        assertThrows(ProtocolException.class, () -> DoneMessage.decode(tooLong));
        ByteBuffer tooShort = ByteBuffer.allocate(DoneMessage.SIZE - 1);
        assertThrows(ProtocolException.class, () -> DoneMessage.decode(tooShort));
    }

    @Test
    void statusRoundTripsWithUtf8Text() throws Exception {
        StatusMessage sent = new StatusMessage(3, ExitCode.FILE_IO.code(), "\u00e9crit: No space left on device");
        StatusMessage received = StatusMessage.decode(encoded(sent));
        assertEquals(sent, received);
        assertFalse(received.isOk());
    }

    @Test
    void okStatusRoundTrips() throws Exception {
        StatusMessage received = StatusMessage.decode(encoded(StatusMessage.ok(17)));
        assertEquals(17, received.fileId());
        assertTrue(received.isOk());
        assertEquals("", received.message());
    }

    @Test
    void codeTravelsAsUnsigned16Bits() throws Exception {
        StatusMessage received = StatusMessage.decode(encoded(new StatusMessage(1, 40000, "x")));
        assertEquals(40000, received.code());
    }

    @Test
    void longMessageIsTruncatedTo1024Bytes() throws Exception {
        String text = "0123456789".repeat(300);
        StatusMessage sent = new StatusMessage(1, 11, text);
        assertEquals(StatusMessage.FIXED_SIZE + StatusMessage.MAX_TEXT, sent.encodedSize());
        StatusMessage received = StatusMessage.decode(encoded(sent));
        assertEquals(text.substring(0, StatusMessage.MAX_TEXT), received.message());
        assertEquals(StatusMessage.MAX_TEXT, received.message().getBytes(StandardCharsets.UTF_8).length);
    }

    @Test
    void statusWithTextLengthNotMatchingThePayloadIsRejected() {
        ByteBuffer longer = ByteBuffer.allocate(StatusMessage.FIXED_SIZE + 3);
        longer.putInt(1).putShort((short) 11).putShort((short) 2).put(new byte[] {'a', 'b', 'c'}).flip();
        assertThrows(ProtocolException.class, () -> StatusMessage.decode(longer));
        ByteBuffer shorter = ByteBuffer.allocate(StatusMessage.FIXED_SIZE + 1);
        shorter.putInt(1).putShort((short) 11).putShort((short) 2).put((byte) 'a').flip();
        assertThrows(ProtocolException.class, () -> StatusMessage.decode(shorter));
    }

    @Test
    void statusWithTextOverTheCapIsRejected() {
        int length = StatusMessage.MAX_TEXT + 1;
        ByteBuffer in = ByteBuffer.allocate(StatusMessage.FIXED_SIZE + length);
        in.putInt(1).putShort((short) 11).putShort((short) length).put(new byte[length]).flip();
        assertThrows(ProtocolException.class, () -> StatusMessage.decode(in));
    }

    @Test
    void statusShorterThanItsFixedPartIsRejected() {
        assertThrows(ProtocolException.class, () -> StatusMessage.decode(ByteBuffer.allocate(StatusMessage.FIXED_SIZE - 1)));
    }
}
