package dev.rdcp.protocol;

/** What carries a session's transfer, as ACCEPT names it. */
public enum TransportKind {
    /** RDMA WRITE and SEND/RECV on a reliable connection. */
    RDMA(1, "rdma"),
    /** The same messages and writes as frames on the session's TCP connection. */
    TCP(2, "tcp");

    private final int code;
    private final String label;

    TransportKind(int code, String label) {
        this.code = code;
        this.label = label;
    }

    public int code() {
        return code;
    }

    /** The name users see: in --transport and in --json. */
    public String label() {
        return label;
    }

    public static TransportKind ofCode(int code) throws ProtocolException {
        for (TransportKind kind : values()) {
            if (kind.code == code) {
                return kind;
            }
        }
        throw new ProtocolException("unknown transport " + code);
    }
}
