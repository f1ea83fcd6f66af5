package dev.rdcp.transport;

import dev.rdcp.protocol.ControlHeader;
import dev.rdcp.protocol.ControlType;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.TcpFrame;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The transport over the session's own TCP connection, for hosts without a usable RDMA device.
 * The protocol is the same; what RDMA does in the adapter is done here by one reader thread: it
 * reads a write's bytes straight from the socket into the receiver's staging buffer (the one
 * copy the kernel must make), and control messages into a ring the role thread polls. The role
 * thread writes everything it sends itself, a write as one gathering write of a frame header
 * and the source bytes (a window of the mapped file, or a bounce buffer). Because the reader
 * never waits for the role thread, two sides writing at once cannot deadlock on full socket
 * buffers. The socket is non-blocking, each thread waiting on a selector of its own, so a peer
 * that stops reading fails a write after the timeout instead of holding it for ever.
 *
 * <p>Frames, after the bootstrap frames: {@code u8 'M'} then a control message (its 4-byte
 * header and payload); {@code u8 'W', u32 length, u32 key, u64 address} then the data;
 * {@code u8 'K'} and 4 zero bytes, a keepalive.
 */
public final class TcpTransport implements Transport, PeerPresence {

    private static final Logger LOG = LogManager.getLogger(TcpTransport.class);

    /**
     * A buffer registered here; peer-writable ones are addressed by offset and key. Writes from it
     * move {@code view}'s position and limit, never {@code buffer}'s, which is the owner's.
     */
    private record TcpRegion(int key, ByteBuffer buffer, ByteBuffer view) implements Region {
        @Override
        public long address() {
            return 0;
        }

        @Override
        public void close() {
        }
    }

    private final SocketChannel socket;
    private final Selector readSelector;
    private final Selector writeSelector;
    private final long timeoutMillis;
    private final PeerWatch watch;
    private final Thread reader;
    private ByteBuffer readAhead;

    private final ByteBuffer messageFrame;
    private final ByteBuffer message;
    private final ByteBuffer writeHeader = ByteBuffer.allocateDirect(TcpFrame.WRITE_HEADER);
    private final ByteBuffer keepaliveFrame = ByteBuffer.allocateDirect(TcpFrame.START);
    private final ByteBuffer[] gather = new ByteBuffer[2];
    private ControlType composingType;
    private long requests;
    /** A write failed part-way: the stream ends in a cut frame, and nothing may follow it. */
    private boolean writesFailed;

    /** This session's memory (rings, regions), freed at close once the reader has ended. */
    private final List<DirectMemory> allocations = new ArrayList<>();
    /** Staging the peer may write, by key; replaced whole when a region is added. */
    private volatile ByteBuffer[] writable = new ByteBuffer[0];

    private final Object lock = new Object();
    private final ByteBuffer[] received;
    private final int[] receivedLength;
    private long produced;
    private long consumed;
    private boolean ended;
    private IOException failure;
    private final AtomicInteger keepalives = new AtomicInteger();

    private TcpTransport(SocketChannel socket, Selector readSelector, Selector writeSelector, ByteBuffer readAhead,
            int receiveBuffers, long timeoutSeconds, boolean keepalivesHoldOff) throws IOException {
        this.socket = socket;
        this.readSelector = readSelector;
        this.writeSelector = writeSelector;
        this.readAhead = readAhead;
        this.timeoutMillis = timeoutSeconds * 1000;
        ByteBuffer ring;
        try {
            this.messageFrame = allocated(1 + ControlHeader.MAX_MESSAGE);
            ring = allocated(receiveBuffers * ControlHeader.MAX_MESSAGE);
        } catch (Throwable e) {
            DirectMemory.release(allocations, true);
            throw e;
        }
        messageFrame.put(0, TcpFrame.MESSAGE);
        // The wire's order, stated: docs/protocol.md says big-endian.
        this.message = messageFrame.slice(1, ControlHeader.MAX_MESSAGE).order(ByteOrder.BIG_ENDIAN);
        TcpFrame.putKeepalive(keepaliveFrame);
        this.received = new ByteBuffer[receiveBuffers];
        for (int i = 0; i < receiveBuffers; i++) {
            received[i] = ring.slice(i * ControlHeader.MAX_MESSAGE, ControlHeader.MAX_MESSAGE).order(ByteOrder.BIG_ENDIAN);
        }
        this.receivedLength = new int[receiveBuffers];
        this.watch = new PeerWatch(this, timeoutSeconds, keepalivesHoldOff);
        this.reader = new Thread(this::readLoop, "rdcp-tcp-reader");
        reader.setDaemon(true);
    }

    /**
     * Takes the bootstrap channel's connection over for the transfer. {@code receiveBuffers} is
     * how many control messages the peer may have outstanding, as for RDMA.
     */
    public static TcpTransport open(BootstrapChannel channel, int receiveBuffers, long timeoutSeconds)
            throws IOException {
        return open(channel, receiveBuffers, timeoutSeconds, true);
    }

    /** As {@link #open(BootstrapChannel, int, long)}; {@code keepalivesHoldOff} as for {@link PeerWatch}. */
    public static TcpTransport open(BootstrapChannel channel, int receiveBuffers, long timeoutSeconds,
            boolean keepalivesHoldOff) throws IOException {
        ByteBuffer readAhead = channel.readAhead();
        SocketChannel socket = channel.transferChannel();
        ResourceStack selectors = new ResourceStack();
        TcpTransport transport = null;
        try {
            Selector readSelector = selectors.push(Selector.open());
            Selector writeSelector = selectors.push(Selector.open());
            socket.configureBlocking(false);
            socket.register(readSelector, SelectionKey.OP_READ);
            socket.register(writeSelector, SelectionKey.OP_WRITE);
            transport = new TcpTransport(socket, readSelector, writeSelector, readAhead, receiveBuffers,
                    timeoutSeconds, keepalivesHoldOff);
            transport.reader.start();
            return transport;
        } catch (Throwable e) {
            // Made but not started (a thread is a resource too): its close frees its memory and selectors.
            ResourceStack.closeAfter(transport != null ? transport : selectors, e);
            throw e;
        }
    }

    @Override
    public Region allocate(int bytes, boolean peerWritable) throws IOException {
        ByteBuffer buffer = allocated(bytes);
        if (!peerWritable) {
            return new TcpRegion(-1, buffer, buffer.duplicate());
        }
        synchronized (lock) {
            ByteBuffer[] grown = Arrays.copyOf(writable, writable.length + 1);
            grown[writable.length] = buffer.duplicate();
            writable = grown;
            return new TcpRegion(writable.length - 1, buffer, buffer.duplicate());
        }
    }

    private ByteBuffer allocated(int bytes) throws IOException {
        return DirectMemory.allocate(bytes, allocations).buffer();
    }

    @Override
    public ByteBuffer startMessage(ControlType type) {
        if (composingType != null) {
            throw new IllegalStateException("a " + composingType + " message is already being composed");
        }
        composingType = type;
        return message.clear().position(ControlHeader.SIZE);
    }

    @Override
    public void send() throws IOException {
        int length = message.position();
        ControlHeader.write(message.position(0), composingType, length - ControlHeader.SIZE);
        composingType = null;
        writeFully(messageFrame.limit(1 + length).position(0));
    }

    @Override
    public void discardMessage() {
        composingType = null;
    }

    @Override
    public long write(Region source, long offset, int length, long remoteAddress, int remoteKey) throws IOException {
        ByteBuffer data = ((TcpRegion) source).view();
        data.limit((int) offset + length).position((int) offset);
        writeHeader.clear();
        TcpFrame.putWriteHeader(writeHeader.clear(), length, remoteKey, remoteAddress).flip();
        gather[0] = writeHeader;
        gather[1] = data;
        requireWritable();
        try {
            while (writeHeader.hasRemaining() || data.hasRemaining()) {
                if (socket.write(gather) == 0) {
                    awaitWritable();
                }
            }
        } catch (IOException e) {
            throw writeFailed(e);
        }
        return ++requests;
    }

    private void writeFully(ByteBuffer frame) throws IOException {
        requireWritable();
        try {
            while (frame.hasRemaining()) {
                if (socket.write(frame) == 0) {
                    awaitWritable();
                }
            }
        } catch (IOException e) {
            throw writeFailed(e);
        }
    }

    /**
     * After a failed write the peer would read what follows as the rest of the cut frame (a failed
     * role's ABORT as file data), and a peer that stopped reading would cost the timeout again.
     */
    private void requireWritable() throws RdcpException {
        if (writesFailed) {
            throw new RdcpException(ExitCode.SOCKET_IO, "an earlier write to the peer failed part-way");
        }
    }

    private RdcpException writeFailed(IOException e) {
        writesFailed = true;
        return e instanceof RdcpException own ? own : lost(e);
    }

    /** The socket buffer is full: waits for room, at most the timeout (the peer stopped reading). */
    private void awaitWritable() throws IOException {
        if (writeSelector.select(timeoutMillis) == 0 && timeoutMillis > 0) {
            throw new RdcpException(ExitCode.TIMEOUT, "the peer read nothing for " + timeoutMillis / 1000
                    + " s (--timeout)");
        }
        writeSelector.selectedKeys().clear();
    }

    private static RdcpException lost(IOException e) {
        // A channel closed under us (a session being stopped) says nothing of its own.
        String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return new RdcpException(ExitCode.SOCKET_IO, "the TCP connection broke: " + reason);
    }

    /** Every write has been handed to the kernel by the time {@link #write} returns. */
    @Override
    public long completedThrough() {
        return requests;
    }

    @Override
    public boolean idle() {
        return true;
    }

    @Override
    public int poll(Handler handler, long timeoutMillis) throws IOException {
        long ready;
        synchronized (lock) {
            long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
            while (produced == consumed && !ended) {
                long left = (deadline - System.nanoTime()) / 1_000_000L;
                if (left <= 0) {
                    break;
                }
                awaitLock(left);
            }
            if (produced == consumed && failure != null) {
                throw failure;
            }
            ready = produced - consumed;
        }
        for (long i = 0; i < ready; i++) {
            int index = (int) (consumed % received.length);
            ByteBuffer buffer = received[index].clear().limit(receivedLength[index]);
            handler.onMessage(ControlHeader.read(buffer, receivedLength[index]), buffer);
            synchronized (lock) {
                consumed++;
            }
        }
        return (int) ready;
    }

    private void awaitLock(long millis) throws IOException {
        try {
            lock.wait(millis);
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
        synchronized (lock) {
            if (ended && produced == consumed) {
                return PeerState.CLOSED;
            }
        }
        return keepalives.getAndSet(0) > 0 ? PeerState.BUSY : PeerState.QUIET;
    }

    @Override
    public void sendKeepalive() throws IOException {
        writeFully(keepaliveFrame.clear());
    }

    /**
     * Returns early if a message arrives first: the caller polls it, and judges it (an ABORT, the
     * peer's last word, or a protocol error); the peer that sent it waits for this side to close.
     */
    @Override
    public void awaitClose() throws IOException {
        synchronized (lock) {
            long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
            while (!ended && produced == consumed) {
                if (timeoutMillis == 0) {
                    // --timeout 0: none, as rsync's.
                    awaitLock(0);
                    continue;
                }
                long left = (deadline - System.nanoTime()) / 1_000_000L;
                if (left <= 0) {
                    throw new RdcpException(ExitCode.TIMEOUT, "the peer did not close the connection within "
                            + timeoutMillis / 1000 + " s of the end of the session");
                }
                awaitLock(left);
            }
        }
    }

    /** Closes the connection, which ends the reader; once it has ended nothing writes into staging. */
    @Override
    public void disconnect() throws IOException {
        try {
            socket.close();
            readSelector.wakeup();
            joinReader();
        } finally {
            readSelector.close();
            writeSelector.close();
        }
    }

    /**
     * Waits for the reader, which ends at once when its socket is closed (it waits only in its
     * selector). An interrupt meanwhile is kept for the caller: giving up on it would leave the
     * reader alive and the session's memory kept for good.
     */
    private void joinReader() {
        boolean interrupted = false;
        while (true) {
            try {
                reader.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Disconnects, then frees this session's memory, unless the reader (which writes into it) is still running. */
    @Override
    public void close() throws IOException {
        try {
            disconnect();
        } catch (IOException | RuntimeException e) {
            ResourceStack.closeAfter(this::releaseMemory, e);
            throw e;
        }
        releaseMemory();
    }

    private void releaseMemory() {
        DirectMemory.release(allocations, !reader.isAlive());
    }

    /** Whether the reader has stopped, at the end of the stream or on an error: what a test waits for. */
    boolean readerEnded() {
        synchronized (lock) {
            return ended;
        }
    }

    private void readLoop() {
        ByteBuffer start = ByteBuffer.allocateDirect(TcpFrame.START);
        ByteBuffer writeRest = ByteBuffer.allocateDirect(TcpFrame.WRITE_HEADER - TcpFrame.START);
        IOException failed = null;
        try {
            while (readFully(start.clear(), true)) {
                byte kind = TcpFrame.kind(start);
                if (kind == TcpFrame.MESSAGE) {
                    readMessage(start);
                } else if (kind == TcpFrame.WRITE) {
                    readFully(writeRest.clear(), false);
                    readWrite(TcpFrame.writeLength(start), TcpFrame.writeKey(writeRest), TcpFrame.writeAddress(writeRest));
                } else {
                    TcpFrame.checkKeepalive(start);
                    keepalives.incrementAndGet();
                }
            }
        } catch (ClosedChannelException e) {
            LOG.debug("TCP transport closed");
        } catch (IOException e) {
            failed = e instanceof ProtocolException || e instanceof RdcpException ? e : lost(e);
        } catch (RuntimeException e) {
            // A fault of ours, not a clean end: the session fails with it instead of the thread dying alone.
            failed = new IOException("the TCP transport's reader failed: " + e, e);
        } finally {
            synchronized (lock) {
                failure = failed;
                ended = true;
                lock.notifyAll();
            }
        }
    }

    private void readMessage(ByteBuffer start) throws IOException {
        int length = TcpFrame.messageLength(start);
        int index;
        synchronized (lock) {
            if (produced - consumed >= received.length) {
                throw new ProtocolException("the peer sent more control messages than it may have outstanding");
            }
            index = (int) (produced % received.length);
        }
        ByteBuffer buffer = received[index].clear();
        buffer.put(start.position(1).limit(TcpFrame.START)).limit(length);
        readFully(buffer, false);
        receivedLength[index] = length;
        synchronized (lock) {
            produced++;
            lock.notifyAll();
        }
    }

    private void readWrite(int length, int key, long address) throws IOException {
        ByteBuffer[] regions = writable;
        TcpFrame.checkKey(key, regions.length, length, address);
        ByteBuffer target = regions[key];
        TcpFrame.checkSpan(length, address, target.capacity());
        target.limit((int) address + length).position((int) address);
        readFully(target, false);
    }

    /** Waits for bytes (or the end) without a limit: silence is the role's watch's to judge. */
    private void awaitReadable() throws IOException {
        readSelector.select();
        readSelector.selectedKeys().clear();
        if (!socket.isOpen()) {
            throw new ClosedChannelException();
        }
    }

    /** Fills {@code buffer}; false at a clean end of stream before its first byte, if {@code mayEnd}. */
    private boolean readFully(ByteBuffer buffer, boolean mayEnd) throws IOException {
        boolean first = true;
        while (buffer.hasRemaining()) {
            int n;
            if (readAhead != null && readAhead.hasRemaining()) {
                int take = Math.min(readAhead.remaining(), buffer.remaining());
                buffer.put(readAhead.slice(readAhead.position(), take));
                readAhead.position(readAhead.position() + take);
                n = take;
            } else {
                n = socket.read(buffer);
                if (n == 0) {
                    awaitReadable();
                }
            }
            if (n < 0) {
                if (mayEnd && first) {
                    return false;
                }
                throw new RdcpException(ExitCode.SOCKET_IO, "the peer closed the connection inside a frame");
            }
            first = first && n == 0;
        }
        return true;
    }
}
