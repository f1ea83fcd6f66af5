package dev.rdcp.protocol;

/** Bootstrap frame types; the code is the first byte of each frame. */
public enum MessageType {
    HELLO(1),
    QP_ENDPOINT(2),
    CHALLENGE(4),
    AUTH(5),
    REQUEST(6),
    ACCEPT(7),
    ERROR(8),
    READY(9),
    STREAMS(10),
    /** Version 6: a daemon's module list, instead of ACCEPT, for a REQUEST with LIST_MODULES. */
    MODULES(11);

    private final int code;

    MessageType(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    public static MessageType ofCode(int code) throws ProtocolException {
        for (MessageType type : values()) {
            if (type.code == code) {
                return type;
            }
        }
        throw new ProtocolException("unknown message type " + code);
    }
}
