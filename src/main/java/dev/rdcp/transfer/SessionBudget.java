package dev.rdcp.transfer;

import dev.rdcp.protocol.ProtocolException;

/**
 * What a sender can make the receiving side remember in one session (names of directories whose
 * metadata is applied at the end, the names of open directories and those --delete keeps, -H
 * links, files whose data is awaited, reports waiting for room in an answer), counted in estimated bytes against one cap, so a list of millions of directories
 * under -n ends the session with a clear error instead of filling the heap.
 */
final class SessionBudget {

    /** The cap: far above what a tree of a million files in a hundred thousand directories needs. */
    static final long MAX_BYTES = 256L << 20;
    /**
     * A directory is remembered to the end of the session in several places (its metadata, its
     * checked parent chain, the order rules, --delete's names), about a kilobyte in all.
     */
    static final long DIRECTORY_COST = 1024;
    /** A file whose data is awaited, or a -H name to link at the end. */
    static final long PENDING_FILE_COST = 384;

    /** What remembering one name in a directory's listing costs: a set's node and the name. */
    static long nameCost(String name) {
        return 64 + 2L * name.length();
    }

    /** What remembering {@code entry} as a file awaited, a link target or a link to make costs. */
    static long pendingCost(dev.rdcp.protocol.Entry entry) {
        return PENDING_FILE_COST + 2L * (entry.name().length + entry.extra().length);
    }

    private final long cap;
    private long spent;

    SessionBudget() {
        this(MAX_BYTES);
    }

    SessionBudget(long cap) {
        this.cap = cap;
    }

    /** Charges {@code bytes}; fails the session when the cap would be passed. */
    void spend(long bytes) throws ProtocolException {
        if (spent + bytes > cap) {
            throw new ProtocolException("the sender's list needs more than " + (cap >> 20)
                    + " MiB of bookkeeping on the receiver (too many directories, links, files awaited or reports"
                    + " waiting at once)");
        }
        spent += bytes;
    }

    /** Gives back what {@link #spend} charged for something no longer remembered. */
    void release(long bytes) {
        spent -= bytes;
    }

    long spent() {
        return spent;
    }
}
