package dev.rdcp.transport;

import dev.rdcp.protocol.ControlType;
import dev.rdcp.verbs.Access;
import dev.rdcp.verbs.MemoryRegion;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.EnumSet;
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
    private record RdmaRegion(MemoryRegion mr) implements Region {
        @Override
        public long address() {
            return mr.address();
        }

        @Override
        public int key() {
            return mr.rkey();
        }

        @Override
        public void close() throws IOException {
            mr.close();
        }
    }

    private final ResourceStack handles;
    private final RcConnection connection;
    private final MessagePipe pipe;
    private final PeerWatch watch;

    private RdmaTransport(ResourceStack handles, RcConnection connection, MessagePipe pipe, PeerWatch watch) {
        this.handles = handles;
        this.connection = connection;
        this.pipe = pipe;
        this.watch = watch;
    }

    /**
     * Opens the device, registers the message rings with every receive posted, exchanges
     * endpoints, brings the queue pair to RTS, then waits at a barrier so that neither side sends
     * before the other can receive.
     */
    public static RdmaTransport establish(BootstrapChannel channel, RdmaSettings settings, int receiveBuffers,
            int sendBuffers, long timeoutSeconds) throws IOException {
        return establish(channel, settings, receiveBuffers, sendBuffers, timeoutSeconds, true);
    }

    /** As above; {@code keepalivesHoldOff} as for {@link PeerWatch}. */
    public static RdmaTransport establish(BootstrapChannel channel, RdmaSettings settings, int receiveBuffers,
            int sendBuffers, long timeoutSeconds, boolean keepalivesHoldOff) throws IOException {
        ResourceStack handles = new ResourceStack();
        try {
            RcConnection connection = handles.push(RcConnection.open(settings));
            MessagePipe pipe = handles.push(MessagePipe.open(connection, receiveBuffers, sendBuffers));
            // On a failure below, the queue pair goes first (it flushes the receives posted into the
            // rings), then the rings are deregistered: the verbs order. Its close is idempotent, so
            // the connection's own close later finds it done.
            handles.push(connection.queuePair());
            LOG.debug("device, protection domain, queues and message rings ready");
            connection.connect(channel.exchange(connection.localEndpoint()));
            channel.barrier();
            LOG.debug("both queue pairs ready to send");
            return new RdmaTransport(handles, connection, pipe, new PeerWatch(channel, timeoutSeconds, keepalivesHoldOff));
        } catch (IOException | RuntimeException e) {
            handles.closeAfter(e);
            throw e;
        }
    }

    @Override
    public Region register(ByteBuffer buffer, boolean peerWritable) throws IOException {
        EnumSet<Access> access = peerWritable ? EnumSet.of(Access.LOCAL_WRITE, Access.REMOTE_WRITE)
                : EnumSet.noneOf(Access.class);
        return new RdmaRegion(connection.protectionDomain().register(buffer, access));
    }

    @Override
    public ByteBuffer startMessage(ControlType type) throws IOException {
        return pipe.startMessage(type);
    }

    @Override
    public void send() throws IOException {
        pipe.send();
    }

    @Override
    public long write(Region source, long offset, int length, long remoteAddress, int remoteKey) throws IOException {
        MemoryRegion mr = ((RdmaRegion) source).mr();
        return pipe.write(mr.address() + offset, mr.lkey(), length, remoteAddress, remoteKey);
    }

    @Override
    public long completedThrough() {
        return pipe.completedThrough();
    }

    @Override
    public boolean idle() {
        return pipe.idle();
    }

    @Override
    public int poll(Handler handler, long timeoutMillis) throws IOException {
        return pipe.poll(handler, timeoutMillis);
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
        connection.queuePair().close();
    }

    @Override
    public void close() throws IOException {
        try {
            disconnect();
        } finally {
            handles.close();
        }
    }
}
