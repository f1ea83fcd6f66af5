package dev.rdcp.transfer;

/**
 * The heap a daemon's receiving sessions may spend on bookkeeping in all. Each session's own
 * {@link SessionBudget} caps what one client can make it remember; without a pool over them, 16
 * clients at that cap would ask for 4 GiB, past the heap of a daemon started with the JVM's
 * default (a quarter of RAM), and an OutOfMemoryError would then strike whichever session
 * allocated next, a well-behaved one as likely as the client that caused it. Sessions draw in
 * grants of {@link #GRANT} bytes, so the lock is taken once a mebibyte, not once an entry.
 */
public final class BookkeepingPool {

    /** What a session takes from the pool at a time. */
    static final long GRANT = 1L << 20;

    private final long limit;
    private long taken;

    /** A pool of {@code limit} bytes. */
    public BookkeepingPool(long limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("negative pool: " + limit);
        }
        this.limit = limit;
    }

    /** No pool beyond each session's own cap: a client, which runs one session. */
    public static BookkeepingPool unbounded() {
        return new BookkeepingPool(Long.MAX_VALUE);
    }

    /**
     * Half of this JVM's heap: the rest is for what is not counted (the file list's entries in
     * flight, buffers, the JDK's own).
     */
    public static BookkeepingPool standard() {
        return new BookkeepingPool(Runtime.getRuntime().maxMemory() / 2);
    }

    /** Takes {@code bytes} if that many are free; false, taking nothing, if not. */
    synchronized boolean take(long bytes) {
        if (bytes > limit - taken) {
            return false;
        }
        taken += bytes;
        return true;
    }

    /** Gives back what {@link #take} took. */
    synchronized void give(long bytes) {
        taken -= bytes;
    }

    public long limit() {
        return limit;
    }

    /** Whether sessions share this pool, as a daemon's do (and its descriptors with it); not a client's own. */
    boolean shared() {
        return limit != Long.MAX_VALUE;
    }

    public synchronized long taken() {
        return taken;
    }
}
