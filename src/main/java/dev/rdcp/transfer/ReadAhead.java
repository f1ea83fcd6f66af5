package dev.rdcp.transfer;

import dev.rdcp.posix.ReadOnlyFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.locks.LockSupport;

/**
 * Reads the next chunk of a file read past the page cache on a thread of its own, while the
 * sender checksums and writes the current one. A buffered read has the kernel's readahead to
 * keep the device busy meanwhile; a direct read has none, so without this the device and the
 * sender would take turns. One read is in flight at a time, into a pool buffer the sender will
 * not touch until it has collected the read ({@link #await}) or dropped it ({@link #drop}); the
 * hand-over is a volatile state and a park, so nothing is allocated per chunk. The thread starts
 * with the first read and ends with {@link #close}.
 */
final class ReadAhead implements AutoCloseable {

    private static final int IDLE = 0;
    private static final int REQUESTED = 1;
    private static final int DONE = 2;
    private static final int CLOSED = 3;

    /** Hands the request to the reader (IDLE to REQUESTED) and the result back (REQUESTED to DONE). */
    private volatile int state = IDLE;
    private Thread reader;
    private Thread waiter;

    // The request: written before state becomes REQUESTED, read by the reader after it sees that.
    private ReadOnlyFile file;
    private ByteBuffer buffer;
    private int length;
    private long offset;
    /** Which pool buffer the read is into, for {@link #holds}. */
    private int poolIndex = -1;

    // The result: written before state becomes DONE.
    private int read;
    private IOException failure;

    /**
     * Starts reading {@code length} bytes of {@code file} at {@code offset} into {@code buffer}
     * (pool buffer {@code poolIndex}) from its position on. Nothing may be in flight.
     */
    void start(ReadOnlyFile file, ByteBuffer buffer, int poolIndex, int length, long offset) {
        if (state != IDLE) {
            throw new IllegalStateException("a read is already in flight");
        }
        if (reader == null) {
            reader = new Thread(this::run, "rdcp-read-ahead");
            reader.setDaemon(true);
            reader.start();
        }
        this.file = file;
        this.buffer = buffer;
        this.poolIndex = poolIndex;
        this.length = length;
        this.offset = offset;
        waiter = Thread.currentThread();
        state = REQUESTED;
        LockSupport.unpark(reader);
    }

    /** Whether the read in flight is of {@code file} at {@code offset} into pool buffer {@code poolIndex}. */
    boolean holds(ReadOnlyFile file, int poolIndex, long offset) {
        return state != IDLE && this.file == file && this.poolIndex == poolIndex && this.offset == offset;
    }

    /** Waits for the read in flight; the bytes it read (fewer than asked only where the file ended), or its failure. */
    int await() throws IOException {
        while (state == REQUESTED) {
            LockSupport.park(this);
        }
        IOException failed = failure;
        int bytes = read;
        forget();
        if (failed != null) {
            throw failed;
        }
        return bytes;
    }

    /** Waits for any read in flight and forgets it: before its file is closed or its buffer used otherwise. */
    void drop() {
        while (state == REQUESTED) {
            LockSupport.park(this);
        }
        forget();
    }

    private void forget() {
        file = null;
        buffer = null;
        poolIndex = -1;
        failure = null;
        if (state == DONE) {
            state = IDLE;
        }
    }

    private void run() {
        for (;;) {
            int now = state;
            if (now == CLOSED) {
                return;
            }
            if (now != REQUESTED) {
                LockSupport.park(this);
                continue;
            }
            try {
                read = file.read(buffer, length, offset);
            } catch (IOException e) {
                failure = e;
            } catch (RuntimeException | Error e) {
                // Handed over, not thrown here: the sender waiting for this read must not wait forever.
                failure = new IOException("read ahead failed: " + e, e);
            }
            state = DONE;
            LockSupport.unpark(waiter);
        }
    }

    /** Waits for a read in flight, then ends the thread. Idempotent. */
    @Override
    public void close() {
        drop();
        state = CLOSED;
        if (reader != null) {
            LockSupport.unpark(reader);
        }
    }
}
