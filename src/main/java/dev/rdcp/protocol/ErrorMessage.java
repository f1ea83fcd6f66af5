package dev.rdcp.protocol;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * {@code u16 exit code, u16 length, UTF-8 message}: the ERROR frame (the server refuses the
 * request) and the ABORT control message's payload (a side's role failed during the transfer). A
 * longer message is cut, at a character boundary, to {@value #MAX_TEXT} bytes. The code is never
 * 0: neither says that something succeeded.
 */
public record ErrorMessage(int code, String message) {

    public static final int MAX_TEXT = 1024;

    public ErrorMessage {
        if (code <= 0 || code > 0xffff) {
            throw new IllegalArgumentException("exit code " + code + " in an error message");
        }
        message = Utf8Prefix.cut(message, MAX_TEXT);
    }

    /** The ERROR frame's payload, in a buffer it fills exactly (positioned at its end). */
    public ByteBuffer encode() {
        byte[] text = message.getBytes(StandardCharsets.UTF_8);
        return put(ByteBuffer.allocate(4 + text.length), text);
    }

    /** Puts the message at {@code out}'s position (an ABORT's payload). */
    public void encode(ByteBuffer out) {
        put(out, message.getBytes(StandardCharsets.UTF_8));
    }

    private ByteBuffer put(ByteBuffer out, byte[] text) {
        return out.putShort((short) code).putShort((short) text.length).put(text);
    }

    public static ErrorMessage decode(ByteBuffer in) throws ProtocolException {
        if (in.remaining() < 4) {
            throw new ProtocolException("error message too short");
        }
        int code = Short.toUnsignedInt(in.getShort());
        int length = Short.toUnsignedInt(in.getShort());
        if (code == 0 || length > MAX_TEXT || in.remaining() != length) {
            throw new ProtocolException("malformed error message");
        }
        byte[] text = new byte[length];
        in.get(text);
        return new ErrorMessage(code, new String(text, StandardCharsets.UTF_8));
    }

    /** The error as the exception the client reports, its text made safe for a terminal. */
    public RdcpException toException() {
        return new RdcpException(ExitCode.ofCode(code), PeerText.printable(message));
    }

    /**
     * An ABORT from the peer as the exception this side's session ends with: the peer's code, and
     * its reason marked with the peer's role, as rsync marks a remote side's messages.
     */
    public PeerAbortException toPeerAbort(String peerRole) {
        return new PeerAbortException(ExitCode.ofCode(code), "[" + peerRole + "] " + PeerText.printable(message));
    }
}
