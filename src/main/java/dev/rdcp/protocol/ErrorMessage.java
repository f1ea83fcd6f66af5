package dev.rdcp.protocol;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * ERROR frame: {@code u16 exit code, u16 length, UTF-8 message}: the server refuses the request. A
 * longer message is cut, at a character boundary, to {@value #MAX_TEXT} bytes.
 */
public record ErrorMessage(int code, String message) {

    public static final int MAX_TEXT = 1024;

    public ErrorMessage {
        message = Utf8Prefix.cut(message, MAX_TEXT);
    }

    public ByteBuffer encode() {
        byte[] text = message.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(4 + text.length).putShort((short) code).putShort((short) text.length).put(text);
    }

    public static ErrorMessage decode(ByteBuffer in) throws ProtocolException {
        if (in.remaining() < 4) {
            throw new ProtocolException("ERROR too short");
        }
        int code = Short.toUnsignedInt(in.getShort());
        int length = Short.toUnsignedInt(in.getShort());
        if (length > MAX_TEXT || in.remaining() != length) {
            throw new ProtocolException("malformed ERROR");
        }
        byte[] text = new byte[length];
        in.get(text);
        return new ErrorMessage(code, new String(text, StandardCharsets.UTF_8));
    }

    /** The error as the exception the client reports, its text made safe for a terminal. */
    public RdcpException toException() {
        ExitCode exit = ExitCode.ofCode(code);
        return new RdcpException(exit, PeerText.printable(message));
    }
}
