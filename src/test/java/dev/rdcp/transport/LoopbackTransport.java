package dev.rdcp.transport;

import dev.rdcp.protocol.ControlHeader;
import dev.rdcp.protocol.ControlType;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.StreamCount;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Two transports joined in one process: a write copies into the peer's registered buffer, a
 * message lands in the peer's inbox. Faults can be injected at a given piece: the connection
 * lost, a write's data corrupted, a side that stops reading.
 */
public final class LoopbackTransport implements Transport, PeerPresence {

    private final class LoopRegion implements Region {
        private final int key;
        private final ByteBuffer buffer;
        private final ByteBuffer view;
        private boolean registered = true;

        LoopRegion(int key, ByteBuffer buffer) {
            this.key = key;
            this.buffer = buffer;
            this.view = buffer.duplicate();
        }

        @Override
        public ByteBuffer buffer() {
            return buffer;
        }

        @Override
        public long address() {
            return 0;
        }

        @Override
        public int key() {
            return key;
        }

        ByteBuffer view() {
            return view;
        }

        @Override
        public void close() {
            if (registered) {
                registered = false;
                registeredBytes -= view.capacity();
            }
        }
    }

    private final BlockingQueue<byte[]> inbox = new LinkedBlockingQueue<>();
    private final Map<Integer, ByteBuffer> writable = new ConcurrentHashMap<>();
    private final AtomicInteger keepalives = new AtomicInteger();
    private final AtomicInteger nextKey;
    private final PeerWatch watch;
    private LoopbackTransport peer;
    private volatile boolean closed;
    private ByteBuffer composing;
    private ControlType composingType;
    private int composingStream;
    private int streams = 1;
    private final long[] requests = new long[StreamCount.MAX];
    private final AtomicLongArray completed = new AtomicLongArray(StreamCount.MAX);
    private final long[] writesOn = new long[StreamCount.MAX];
    private volatile boolean holdOtherStreamsUntilEnd;
    private final List<Runnable> held = new ArrayList<>();
    private int releasedAfterEnd;
    private int chunksSent;
    private int writes;
    private int handled;
    private int loseConnectionAtChunks = -1;
    private int corruptWrite = -1;
    private int messagesSent;
    private int malformMessage = -1;
    private int stopReadingAfter = -1;
    private int afterWrite = -1;
    private Runnable afterWriteAction;
    private long registeredBytes;
    private long peakRegisteredBytes;

    private LoopbackTransport(AtomicInteger keys, long timeoutSeconds) {
        this.nextKey = keys;
        this.watch = new PeerWatch(this, timeoutSeconds);
    }

    /** Two connected ends, each watching the other with the given timeout. */
    public static LoopbackTransport[] pair(long timeoutSeconds) {
        return pair(timeoutSeconds, timeoutSeconds);
    }

    /** Two connected ends; the first watches the second with {@code firstTimeoutSeconds}, the second the first with its own. */
    public static LoopbackTransport[] pair(long firstTimeoutSeconds, long secondTimeoutSeconds) {
        AtomicInteger keys = new AtomicInteger();
        LoopbackTransport a = new LoopbackTransport(keys, firstTimeoutSeconds);
        LoopbackTransport b = new LoopbackTransport(keys, secondTimeoutSeconds);
        a.peer = b;
        b.peer = a;
        return new LoopbackTransport[] {a, b};
    }

    /** Sending the {@code n}th CHUNKS message (from 1) breaks the connection for both ends instead. */
    public void loseConnectionAtChunks(int n) {
        loseConnectionAtChunks = n;
    }

    /** The {@code n}th write (from 1) arrives with its first byte flipped. */
    public void corruptWrite(int n) {
        corruptWrite = n;
    }

    /** The {@code n}th control message sent (from 1) arrives with its header's reserved byte set. */
    public void malformMessage(int n) {
        malformMessage = n;
    }

    /** After handling {@code n} messages this end hangs in its next poll, connected, until the peer gives up. */
    public void stopReadingAfter(int n) {
        stopReadingAfter = n;
    }

    /** Runs {@code action} on the writing thread right after the {@code n}th write (from 1). */
    public void afterWrite(int n, Runnable action) {
        afterWrite = n;
        afterWriteAction = action;
    }

    /** This end runs {@code n} streams (set the same on both ends). */
    public void useStreams(int n) {
        streams = n;
    }

    /**
     * Holds back every write and message this end sends on a stream other than 0 until the peer
     * has handled this end's END (sent on stream 0), then delivers them: the reordering RC allows
     * between queue pairs, at its worst.
     */
    public void holdOtherStreamsUntilEnd() {
        holdOtherStreamsUntilEnd = true;
    }

    /** How many writes and messages were delivered only after this end's END. */
    public int releasedAfterEnd() {
        return releasedAfterEnd;
    }

    /** How many writes this end made on {@code stream}. */
    public long writesOn(int stream) {
        return writesOn[stream];
    }

    /** The most bytes this end had registered at once (what RDMA would have pinned). */
    public long peakRegisteredBytes() {
        return peakRegisteredBytes;
    }

    /**
     * Plain direct memory, left to the collector: the peer's thread writes into it with no reader to
     * stop first. It starts on a page boundary as the real transports' regions do (reads past the
     * page cache into the sender's pool need that).
     */
    @Override
    public Region allocate(int bytes, boolean peerWritable) {
        int wholePages = (bytes + 4095) & -4096;
        ByteBuffer buffer = ByteBuffer.allocateDirect(wholePages + 4096).alignedSlice(4096).slice(0, bytes);
        LoopRegion region = new LoopRegion(nextKey.incrementAndGet(), buffer);
        registeredBytes += bytes;
        peakRegisteredBytes = Math.max(peakRegisteredBytes, registeredBytes);
        if (peerWritable) {
            writable.put(region.key(), buffer.duplicate());
        }
        return region;
    }

    @Override
    public int streams() {
        return streams;
    }

    @Override
    public ByteBuffer startMessage(ControlType type) throws IOException {
        return startMessage(type, 0);
    }

    @Override
    public ByteBuffer startMessage(ControlType type, int stream) throws IOException {
        Transport.requireStream(stream, streams);
        composingStream = stream;
        if (composing != null) {
            throw new IllegalStateException("a " + composingType + " message is already being composed");
        }
        composing = ByteBuffer.allocate(ControlHeader.MAX_MESSAGE).position(ControlHeader.SIZE);
        composingType = type;
        return composing;
    }

    @Override
    public void send() throws IOException {
        ByteBuffer message = composing;
        composing = null;
        if (composingType == ControlType.CHUNKS && ++chunksSent == loseConnectionAtChunks) {
            closed = true;
            peer.closed = true;
        }
        requireConnected();
        int length = message.position();
        ControlHeader.write(message.position(0), composingType, length - ControlHeader.SIZE);
        byte[] bytes = new byte[length];
        message.position(0).get(bytes);
        if (++messagesSent == malformMessage) {
            bytes[1] = 1;
        }
        deliver(composingStream, () -> peer.inbox.add(bytes));
    }

    @Override
    public void discardMessage() {
        composing = null;
    }

    /** Runs {@code action} now, or holds it while stream {@code stream} is held back. */
    private void deliver(int stream, Runnable action) {
        synchronized (held) {
            if (holdOtherStreamsUntilEnd && stream != 0) {
                held.add(action);
            } else {
                action.run();
            }
        }
    }

    /** Delivers what was held back: the peer has handled this end's END. */
    private void releaseHeld() {
        synchronized (held) {
            if (holdOtherStreamsUntilEnd) {
                holdOtherStreamsUntilEnd = false;
                releasedAfterEnd = held.size();
                held.forEach(Runnable::run);
                held.clear();
            }
        }
    }

    @Override
    public long write(Region source, long offset, int length, long remoteAddress, int remoteKey) throws IOException {
        return write(0, source, offset, length, remoteAddress, remoteKey);
    }

    @Override
    public long write(int stream, Region source, long offset, int length, long remoteAddress, int remoteKey)
            throws IOException {
        Transport.requireStream(stream, streams);
        requireConnected();
        ByteBuffer target = peer.writable.get(remoteKey);
        if (target == null || remoteAddress < 0 || remoteAddress + length > target.capacity()) {
            throw new IOException("remote access error");
        }
        ByteBuffer from = ((LoopRegion) source).view();
        byte[] data = new byte[length];
        from.limit((int) offset + length).position((int) offset);
        from.get(data);
        boolean corrupt = ++writes == corruptWrite && length > 0;
        long number = ++requests[stream];
        writesOn[stream]++;
        deliver(stream, () -> {
            ByteBuffer into = target.duplicate();
            into.position((int) remoteAddress);
            into.put(data);
            if (corrupt) {
                into.put((int) remoteAddress, (byte) ~into.get((int) remoteAddress));
            }
            completed.set(stream, number);
        });
        if (writes == afterWrite) {
            afterWriteAction.run();
        }
        return number;
    }

    private void requireConnected() throws RdcpException {
        if (closed || peer.closed) {
            throw new RdcpException(ExitCode.SOCKET_IO, "the loopback connection is lost");
        }
    }

    @Override
    public long completedThrough() {
        return completedThrough(0);
    }

    @Override
    public long completedThrough(int stream) {
        Transport.requireStream(stream, streams);
        return completed.get(stream);
    }

    @Override
    public boolean idle() {
        return true;
    }

    @Override
    public int poll(Handler handler, long timeoutMillis) throws IOException {
        if (stopReadingAfter >= 0 && handled >= stopReadingAfter) {
            // Hung, as a stuck process: nothing more until the peer has given up on us.
            while (!peer.closed) {
                sleep(10);
            }
            return 0;
        }
        byte[] first;
        try {
            first = inbox.poll(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
        int count = 0;
        for (byte[] message = first; message != null; message = inbox.poll()) {
            ByteBuffer buffer = ByteBuffer.wrap(message);
            ControlType type = ControlHeader.read(buffer, message.length);
            handler.onMessage(type, buffer);
            if (type == ControlType.END) {
                peer.releaseHeld();
            }
            count++;
            handled++;
            if (stopReadingAfter >= 0 && handled >= stopReadingAfter) {
                break;
            }
        }
        return count;
    }

    private static void sleep(long millis) throws IOException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
    }

    @Override
    public PeerWatch watch() {
        return watch;
    }

    @Override
    public PeerState peerState() {
        if (peer.closed && inbox.isEmpty()) {
            return PeerState.CLOSED;
        }
        return keepalives.getAndSet(0) > 0 ? PeerState.BUSY : PeerState.QUIET;
    }

    @Override
    public void sendKeepalive() {
        peer.keepalives.incrementAndGet();
    }

    @Override
    public void awaitClose() throws IOException {
        while (!peer.closed) {
            sleep(1);
        }
    }

    @Override
    public void disconnect() {
        closed = true;
    }

    @Override
    public void close() {
        disconnect();
    }
}
