package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class ErrorMessageTest {

    private static ErrorMessage roundTrip(ErrorMessage message) throws ProtocolException {
        ByteBuffer wire = message.encode();
        assertFalse(wire.hasRemaining(), "encode fills its buffer exactly");
        return ErrorMessage.decode(wire.flip());
    }

    @Test
    void roundTrips() throws Exception {
        ErrorMessage sent = new ErrorMessage(ExitCode.START_CLIENT_SERVER.code(), "authentication failed \u2014 try again");
        assertEquals(sent, roundTrip(sent));
    }

    @Test
    void longTextIsCappedAt1024Bytes() throws Exception {
        ErrorMessage received = roundTrip(new ErrorMessage(3, "y".repeat(5000)));
        assertEquals("y".repeat(1024), received.message());
    }

    @Test
    void aCutTextEndsOnAWholeCharacterAndDecodesToItself() throws Exception {
        byte[] invalid = new byte[ErrorMessage.MAX_TEXT];
        java.util.Arrays.fill(invalid, (byte) 0xff);
        ByteBuffer wire = ByteBuffer.allocate(4 + invalid.length).putShort((short) 3)
                .putShort((short) invalid.length).put(invalid).flip();
        ErrorMessage received = ErrorMessage.decode(wire);
        assertEquals("\uFFFD".repeat(341), received.message(), "1,024 invalid bytes, three bytes each re-encoded");
        assertEquals(received, roundTrip(received));
        assertEquals("é".repeat(512), roundTrip(new ErrorMessage(3, "é".repeat(600))).message());
    }

    @Test
    void toExceptionCarriesTheExitCodeAndMessage() throws Exception {
        RdcpException e = roundTrip(new ErrorMessage(ExitCode.FILE_SELECTION.code(), "path escapes")).toException();
        assertEquals(ExitCode.FILE_SELECTION, e.exitCode());
        assertEquals("path escapes", e.getMessage());
        assertEquals(ExitCode.START_CLIENT_SERVER, new ErrorMessage(5, "busy").toException().exitCode());
    }

    @Test
    void unknownCodeMapsToProtocol() throws Exception {
        RdcpException e = roundTrip(new ErrorMessage(65535, "from the future")).toException();
        assertEquals(ExitCode.PROTOCOL, e.exitCode());
        assertEquals("from the future", e.getMessage());
    }

    @Test
    void lengthNotMatchingThePayloadIsRejected() {
        ByteBuffer in = ByteBuffer.allocate(4 + 2).putShort((short) 3).putShort((short) 3).put(new byte[] {'a', 'b'});
        assertThrows(ProtocolException.class, () -> ErrorMessage.decode(in.flip()));
        ByteBuffer trailing = ByteBuffer.allocate(4 + 3).putShort((short) 3).putShort((short) 2)
                .put(new byte[] {'a', 'b', 'c'});
        assertThrows(ProtocolException.class, () -> ErrorMessage.decode(trailing.flip()));
    }

    /** An ABORT's payload: the same bytes as the ERROR frame's, put into a message's buffer after its header. */
    @Test
    void anAbortRoundTripsInsideAMessageBuffer() throws Exception {
        ByteBuffer message = ByteBuffer.allocate(ControlHeader.MAX_MESSAGE).position(ControlHeader.SIZE);
        ErrorMessage sent = new ErrorMessage(ExitCode.SIGNAL.code(), "received SIGTERM: the transfer was stopped");
        sent.encode(message);
        ByteBuffer payload = message.flip().position(ControlHeader.SIZE);
        assertEquals(sent.encode().flip(), payload.duplicate());
        PeerAbortException e = ErrorMessage.decode(payload).toPeerAbort("sender");
        assertEquals(ExitCode.SIGNAL, e.exitCode());
        assertEquals("[sender] received SIGTERM: the transfer was stopped", e.getMessage());
    }

    /** Neither an ERROR nor an ABORT says that something succeeded. */
    @Test
    void exitCodeZeroIsRejected() {
        ByteBuffer zero = ByteBuffer.allocate(4 + 2).putShort((short) 0).putShort((short) 2).put(new byte[] {'o', 'k'});
        assertThrows(ProtocolException.class, () -> ErrorMessage.decode(zero.flip()));
        assertThrows(IllegalArgumentException.class, () -> new ErrorMessage(0, "ok"));
    }

    /** The peer's reason reaches the terminal escaped, marked with the peer's role. */
    @Test
    void aPeerAbortIsEscapedAndMarkedWithThePeersRole() {
        PeerAbortException e = new ErrorMessage(1, "bad rule\u001b]0;owned\u0007").toPeerAbort("receiver");
        assertEquals("[receiver] bad rule\\#033]0;owned\\#007", e.getMessage());
        assertEquals(ExitCode.USAGE, e.exitCode());
    }

    @Test
    void tooShortIsRejected() {
        assertThrows(ProtocolException.class, () -> ErrorMessage.decode(ByteBuffer.allocate(3)));
    }

    /** A server's text reaches the client's terminal: no escape sequence or line break survives. */
    @Test
    void theExceptionCarriesTheTextEscaped() throws Exception {
        RdcpException e = roundTrip(new ErrorMessage(5, "denied\u001b[2J\nrdcp: fake line\u009b")).toException();
        assertEquals("denied\\#033[2J\\#012rdcp: fake line\\#233", e.getMessage());
    }
}
