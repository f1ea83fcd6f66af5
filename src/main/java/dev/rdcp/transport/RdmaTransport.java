package dev.rdcp.transport;

import dev.rdcp.protocol.ControlType;
import dev.rdcp.verbs.Access;
import dev.rdcp.verbs.MemoryRegion;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The transport over an RDMA reliable connection: control messages as SEND/RECV through a
 * {@link MessagePipe}, writes as RDMA WRITE from memory regions, liveness from the bootstrap
 * channel. Teardown is the verbs order: queue pair first, then memory regions, then CQ, PD and
 * device.
 */
public final class RdmaTransport implements Transport {

    private static final Logger LOG = LogManager.getLogger(RdmaTransport.class);

    /** A memory region as a transport region; its lkey is what a WRITE from it gives. */
    private final class RdmaRegion implements Region {
        private final MemoryRegion mr;
        private final ByteBuffer buffer;

        RdmaRegion(MemoryRegion mr, ByteBuffer buffer) {
            this.mr = mr;
            this.buffer = buffer;
        }

        MemoryRegion mr() {
            return mr;
        }

        @Override
        public ByteBuffer buffer() {
            return buffer;
        }

        @Override
        public long address() {
            return mr.address();
        }

        @Override
        public int key() {
            return mr.rkey();
        }

        /** A handle is released before its destroy call, so a failure is remembered here, not retried. */
        @Override
        public void close() throws IOException {
            try {
                mr.close();
            } catch (IOException | RuntimeException e) {
                teardownFailed = true;
                throw e;
            }
        }
    }

    private final ResourceStack handles;
    /** The rings' and {@link #allocate}'s memory, freed after the teardown has destroyed whatever could touch it. */
    private final List<DirectMemory> memory;
    private final RcConnection connection;
    private final MessagePipe[] pipes;
    private final PeerWatch watch;
    private MessagePipe composing;
    /** Whether a destroy or deregistration failed, which may leave memory registered. */
    private boolean teardownFailed;

    private RdmaTransport(ResourceStack handles, List<DirectMemory> memory, RcConnection connection,
            MessagePipe[] pipes, PeerWatch watch) {
        this.handles = handles;
        this.memory = memory;
        this.connection = connection;
        this.pipes = pipes;
        this.watch = watch;
    }

    /** As {@link #establish(BootstrapChannel, RdmaDevice, RdmaSettings, int, int, int, long, boolean)}, opening the device first. */
    public static RdmaTransport establish(BootstrapChannel channel, RdmaSettings settings, int receiveBuffers,
            int sendBuffers, int slots, long timeoutSeconds, boolean keepalivesHoldOff) throws IOException {
        requireAgreedStreams(settings);
        return establish(channel, RdmaDevice.open(settings), settings, receiveBuffers, sendBuffers, slots,
                timeoutSeconds, keepalivesHoldOff);
    }

    /**
     * Takes over {@code device} (closed with the transport, or at once on a failure here), adds
     * {@code settings.streams()} queue pairs of {@code settings.queueDepth()}, registers the message
     * rings with every receive posted, exchanges endpoints (stream 0 first), brings every queue pair
     * to RTS, then waits at a barrier so that neither side sends before the other can receive. Stream 0
     * gets {@code receiveBuffers} and {@code sendBuffers}; each other stream carries only the CHUNKS
     * of its share of the {@code slots}, so it gets rings of {@link #extraStreamRing} buffers.
     * {@code keepalivesHoldOff} as for {@link PeerWatch}.
     */
    public static RdmaTransport establish(BootstrapChannel channel, RdmaDevice device, RdmaSettings settings,
            int receiveBuffers, int sendBuffers, int slots, long timeoutSeconds, boolean keepalivesHoldOff)
            throws IOException {
        try {
            requireAgreedStreams(settings);
        } catch (IllegalArgumentException e) {
            device.close();
            throw e;
        }
        int streams = settings.streams();
        ResourceStack handles = new ResourceStack();
        List<DirectMemory> memory = new ArrayList<>();
        try {
            RcConnection connection = handles.push(RcConnection.open(device, settings.queueDepth(), streams));
            MessagePipe[] pipes = new MessagePipe[streams];
            pipes[0] = handles.push(MessagePipe.open(connection, 0, receiveBuffers, sendBuffers, memory));
            int ring = extraStreamRing(slots, streams);
            for (int i = 1; i < streams; i++) {
                pipes[i] = handles.push(MessagePipe.open(connection, i, ring, ring, memory));
            }
            // On a failure below, the queue pairs go first (they flush the receives posted into the
            // rings), then the rings are deregistered: the verbs order.
            handles.push(connection::closeQueuePairs);
            LOG.debug("device, protection domain, {} queue pairs and message rings ready", streams);
            for (int i = 0; i < streams; i++) {
                connection.connect(i, channel.exchange(connection.localEndpoint(i)));
            }
            channel.barrier();
            LOG.debug("all queue pairs ready to send");
            return new RdmaTransport(handles, memory, connection, pipes,
                    new PeerWatch(channel, timeoutSeconds, keepalivesHoldOff));
        } catch (Throwable e) {
            handles.closeAfter(e);
            // A failed close anywhere here (the pipes close their own rings' regions on a failure
            // of theirs) is attached to e: then a ring may still be registered.
            DirectMemory.release(memory, e.getSuppressed().length == 0);
            throw e;
        }
    }

    private static void requireAgreedStreams(RdmaSettings settings) {
        if (settings.streams() < 1) {
            // 0 is "the default" in settings; the count the two sides agreed on must be resolved first.
            throw new IllegalArgumentException("establish needs the agreed number of streams, not " + settings.streams());
        }
    }

    /**
     * The message buffers each way of a stream other than 0: its share of the slots (each slot has
     * at most one CHUNKS in flight), so all the extra streams together hold about one buffer per
     * slot each way, whatever the number of streams.
     */
    public static int extraStreamRing(int slots, int streams) {
        return (slots + streams - 1) / streams;
    }

    @Override
    public Region allocate(int bytes, boolean peerWritable) throws IOException {
        EnumSet<Access> access = peerWritable ? EnumSet.of(Access.LOCAL_WRITE, Access.REMOTE_WRITE)
                : EnumSet.noneOf(Access.class);
        DirectMemory allocated = DirectMemory.allocate(bytes);
        try {
            Region region = new RdmaRegion(connection.protectionDomain().register(allocated.buffer(), access),
                    allocated.buffer());
            memory.add(allocated);
            return region;
        } catch (Throwable e) {
            // Never registered, so nothing can touch it.
            allocated.close();
            throw e;
        }
    }

    @Override
    public int streams() {
        return pipes.length;
    }

    @Override
    public ByteBuffer startMessage(ControlType type) throws IOException {
        return startMessage(type, 0);
    }

    @Override
    public ByteBuffer startMessage(ControlType type, int stream) throws IOException {
        Transport.requireStream(stream, pipes.length);
        ByteBuffer buffer = pipes[stream].startMessage(type);
        composing = pipes[stream];
        return buffer;
    }

    @Override
    public void send() throws IOException {
        MessagePipe pipe = composing;
        composing = null;
        pipe.send();
    }

    @Override
    public void discardMessage() {
        if (composing != null) {
            composing.discardMessage();
            composing = null;
        }
    }

    @Override
    public long write(Region source, long offset, int length, long remoteAddress, int remoteKey) throws IOException {
        return write(0, source, offset, length, remoteAddress, remoteKey);
    }

    @Override
    public long write(int stream, Region source, long offset, int length, long remoteAddress, int remoteKey)
            throws IOException {
        Transport.requireStream(stream, pipes.length);
        MemoryRegion mr = ((RdmaRegion) source).mr();
        return pipes[stream].write(mr.address() + offset, mr.lkey(), length, remoteAddress, remoteKey);
    }

    @Override
    public long completedThrough() {
        return pipes[0].completedThrough();
    }

    @Override
    public long completedThrough(int stream) {
        Transport.requireStream(stream, pipes.length);
        return pipes[stream].completedThrough();
    }

    @Override
    public boolean idle() {
        for (MessagePipe pipe : pipes) {
            if (!pipe.idle()) {
                return false;
            }
        }
        return true;
    }

    /**
     * With one stream, the pipe's own wait. With several, one look at every CQ; if none has
     * anything, arm those not armed already (only the ones whose event the channel has consumed),
     * look once more (a completion before arming raises no event), and sleep on their shared
     * channel. Any completion ends the wait, as it ends the one-stream wait: a SEND's completion
     * frees what the caller may be waiting for (the sender's pool buffer whose WRITE it proves
     * done, a send buffer), and having taken it from its CQ, nothing would wake the caller for it.
     */
    @Override
    public int poll(Handler handler, long timeoutMillis) throws IOException {
        if (pipes.length == 1) {
            return pipes[0].poll(handler, timeoutMillis);
        }
        long seen = completionsSeen();
        int handled = pollEveryStream(handler);
        if (handled > 0 || timeoutMillis <= 0 || completionsSeen() != seen) {
            return handled;
        }
        for (MessagePipe pipe : pipes) {
            pipe.arm();
        }
        handled = pollEveryStream(handler);
        if (handled > 0 || completionsSeen() != seen) {
            return handled;
        }
        connection.completionChannel().await(timeoutMillis);
        return pollEveryStream(handler);
    }

    private long completionsSeen() {
        long seen = 0;
        for (MessagePipe pipe : pipes) {
            seen += pipe.completionsSeen();
        }
        return seen;
    }

    private int pollEveryStream(Handler handler) throws IOException {
        int handled = 0;
        for (MessagePipe pipe : pipes) {
            handled += pipe.pollNow(handler);
        }
        return handled;
    }

    @Override
    public PeerWatch watch() {
        return watch;
    }

    /**
     * Destroys the queue pair, which flushes every outstanding work request: call it before
     * deregistering any memory the peer or the device might still be using.
     */
    @Override
    public void disconnect() throws IOException {
        try {
            connection.closeQueuePairs();
        } catch (IOException | RuntimeException e) {
            teardownFailed = true;
            throw e;
        }
    }

    /**
     * Destroys the queue pairs, then deregisters and closes the rest in the verbs order, then
     * frees the memory of {@link #allocate}; if any step fails, a region may still be registered,
     * so that memory is kept rather than freed.
     */
    @Override
    public void close() throws IOException {
        boolean tornDown = false;
        try {
            try {
                disconnect();
            } finally {
                handles.close();
            }
            tornDown = !teardownFailed;
        } finally {
            // After a failed teardown, now or in an earlier disconnect, a region may still be registered.
            DirectMemory.release(memory, tornDown);
        }
    }
}
