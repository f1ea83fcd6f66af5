package dev.rdcp.protocol;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** ERROR frame: {@code u16 exit code, u16 length, UTF-8 message}: the server refuses the request. */
public record ErrorMessage(int code, String message) {

    private static final int MAX_TEXT = 1024;

    public ByteBuffer encode() {
        byte[] text = message.getBytes(StandardCharsets.UTF_8);
        int length = Math.min(text.length, MAX_TEXT);
        return ByteBuffer.allocate(4 + length).putShort((short) code).putShort((short) length).put(text, 0, length);
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
