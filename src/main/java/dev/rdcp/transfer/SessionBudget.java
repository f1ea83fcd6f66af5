package dev.rdcp.transfer;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.RdcpException;

/**
 * What a sender can make the receiving side remember in one session (names of directories whose
 * metadata is applied at the end, the names of open directories and those --delete keeps, -H
 * links, files whose data is awaited, reports waiting for room in an answer), counted in
 * estimated bytes against one cap, so a list of millions of directories under -n ends the
 * session with a clear error instead of filling the heap; and drawn from a {@link BookkeepingPool}
 * that a daemon's sessions share.
 */
final class SessionBudget implements AutoCloseable {

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

    /** The cap would be passed. */
    static final class Exceeded extends ProtocolException {
        private static final long serialVersionUID = 1L;

        Exceeded(String message) {
            super(message);
        }
    }

    private final long cap;
    private final BookkeepingPool pool;
    private long spent;
    /** What this session holds of the pool: at least {@link #spent}, in whole grants. */
    private long granted;

    SessionBudget() {
        this(MAX_BYTES);
    }

    SessionBudget(long cap) {
        this(cap, BookkeepingPool.unbounded());
    }

    SessionBudget(long cap, BookkeepingPool pool) {
        this.cap = cap;
        this.pool = pool;
    }

    /** Charges {@code bytes}; fails the session when its cap would be passed, or the pool has no more. */
    void spend(long bytes) throws ProtocolException {
        if (spent + bytes > cap) {
            throw new Exceeded("the sender's list needs more than " + (cap >> 20)
                    + " MiB of bookkeeping on the receiver (too many directories, links, files awaited or reports"
                    + " waiting at once)");
        }
        long needed = spent + bytes - granted;
        if (needed > 0) {
            long grant = (needed + BookkeepingPool.GRANT - 1) / BookkeepingPool.GRANT * BookkeepingPool.GRANT;
            if (!pool.take(grant)) {
                throw new ProtocolException("the server's sessions hold all of its "
                        + (pool.limit() >> 20) + " MiB for bookkeeping (this one " + (granted >> 20)
                        + " MiB); try again later");
            }
            granted += grant;
        }
        spent += bytes;
    }

    /**
     * The session's end where --delete-before holds the list until it ends and the list needs more
     * than the cap: as rsync's out of memory, exit 22.
     */
    RdcpException listTooLargeToHold() {
        return new RdcpException(ExitCode.MEMORY, "--delete-before: the file list needs more than " + (cap >> 20)
                + " MiB of bookkeeping held on the receiver until it ends (--delete-during or --delete-after"
                + " deletes without holding it)");
    }

    /**
     * The session's end where --delete (as rsync's --delete-during) holds a directory's list
     * messages until its children end and they need more than the cap: as rsync's out of memory, exit 22.
     */
    RdcpException directoryTooLargeToHold() {
        return new RdcpException(ExitCode.MEMORY, "--delete: the list of one directory needs more than " + (cap >> 20)
                + " MiB of bookkeeping held on the receiver until its deletions are made (--delete-after"
                + " deletes without holding it)");
    }

    /**
     * Gives back what {@link #spend} charged for something no longer remembered; grants beyond
     * one spare go back to the pool, so a session past its peak does not hold what others need.
     */
    void release(long bytes) {
        spent -= bytes;
        long spare = granted - spent - BookkeepingPool.GRANT;
        if (spare >= BookkeepingPool.GRANT) {
            long back = spare / BookkeepingPool.GRANT * BookkeepingPool.GRANT;
            granted -= back;
            pool.give(back);
        }
    }

    long spent() {
        return spent;
    }

    /** Gives the whole grant back to the pool; idempotent. */
    @Override
    public void close() {
        pool.give(granted);
        granted = 0;
    }
}
