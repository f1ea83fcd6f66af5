package dev.rdcp.protocol;

/**
 * Control message types (see docs/protocol.md). Every sender → receiver message but END, BYE and
 * ABORT is answered by exactly one receiver → sender message, so each side knows how many
 * receives its peer can need (and posts one more, for an ABORT).
 */
public enum ControlType {
    /** Receiver → sender: a staging buffer is free to be written; answers a CHUNKS. */
    MR(1),
    /** Sender → receiver: the next entries of the file list. */
    ENTRIES(2),
    /** Sender → receiver: pieces of files were written into a staging buffer. */
    CHUNKS(3),
    /** Receiver → sender: which files of an ENTRIES message to send; answers it. */
    WANTS(4),
    /** Sender → receiver: nothing more to send; receiver → sender: done, with its counters. */
    END(5),
    /** Sender → receiver: the receiver's END said more reports follow; send them. */
    MORE(6),
    /**
     * Sender → receiver, last message of a session and never answered: the sender has the
     * receiver's final END, so both may go.
     */
    BYE(7),
    /**
     * Either way, never answered: this side's role failed; the payload is an {@link ErrorMessage}
     * with the exit code and the reason, which the peer ends its session with.
     */
    ABORT(8);

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
