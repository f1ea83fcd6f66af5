package dev.rdcp.protocol;

/** Control message types carried by RDMA SEND (see docs/protocol.md). */
public enum ControlType {
    /** Receiver → sender: a staging buffer is free to be written (MSG_MR). */
    MR(1),
    /** Sender → receiver: a file starts (name, size, mode, mtime). */
    FILE(2),
    /** Sender → receiver: a chunk was written into a staging buffer. */
    CHUNK(3),
    /** Sender → receiver: the file is complete (MSG_DONE), with its digest. */
    DONE(4),
    /** Receiver → sender: the outcome of one file; sender → receiver: a source it could not send. */
    STATUS(5),
    /** Either way: no more files (sender), or all done (receiver's answer). */
    END(6);

    private final int code;

    ControlType(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    public static ControlType ofCode(int code) throws ProtocolException {
        for (ControlType type : values()) {
            if (type.code == code) {
                return type;
            }
        }
        throw new ProtocolException("unknown control message type " + code);
    }
}
