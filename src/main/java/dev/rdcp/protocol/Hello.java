package dev.rdcp.protocol;

import java.nio.ByteBuffer;

/** First frame each way: magic "RDCP" and the protocol version. */
public record Hello(int version) {

    public static final int MAGIC = 0x52444350;
    /** 7: the ABORT control message (docs/protocol.md, "Version 7"). */
    public static final int CURRENT_VERSION = 7;
    public static final int SIZE = 6;

    public static Hello current() {
        return new Hello(CURRENT_VERSION);
    }

    public void encode(ByteBuffer out) {
        out.putInt(MAGIC).putShort((short) version);
    }

    public static Hello decode(ByteBuffer in) throws ProtocolException {
        if (in.remaining() != SIZE) {
            throw new IncompatiblePeerException("not an rdcp peer (its greeting is " + in.remaining() + " bytes)");
        }
        int magic = in.getInt();
        if (magic != MAGIC) {
            throw new IncompatiblePeerException("not an rdcp peer (bad magic 0x" + Integer.toHexString(magic) + ")");
        }
        return new Hello(Short.toUnsignedInt(in.getShort()));
    }

    /** Throws when the peer's version is not ours. */
    public void requireCompatible() throws VersionMismatchException {
        if (version != CURRENT_VERSION) {
            throw new VersionMismatchException(CURRENT_VERSION, version);
        }
    }
}
