package dev.rdcp.session;

import dev.rdcp.transfer.TransferOptions;
import dev.rdcp.transport.BootstrapChannel;
import dev.rdcp.transport.MessagePipe;
import dev.rdcp.transport.PeerWatch;
import dev.rdcp.transport.RcConnection;
import dev.rdcp.transport.RdmaSettings;
import dev.rdcp.transport.ResourceStack;
import java.io.IOException;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The RDMA half of a session, set up over its bootstrap channel: connection, message pipe with
 * every receive posted, endpoint exchange, RTR/RTS, then a barrier so that neither side sends
 * before the other can receive. Teardown is the verbs order: queue pair first, then memory
 * regions, then CQ, PD and device.
 */
final class RdmaLink implements AutoCloseable {

    private static final Logger LOG = LogManager.getLogger(RdmaLink.class);

    final RcConnection connection;
    final MessagePipe pipe;
    final PeerWatch watch;
    private final ResourceStack handles;

    private RdmaLink(ResourceStack handles, RcConnection connection, MessagePipe pipe, PeerWatch watch) {
        this.handles = handles;
        this.connection = connection;
        this.pipe = pipe;
        this.watch = watch;
    }

    static RdmaLink establish(BootstrapChannel channel, SessionConfig config, TransferOptions options)
            throws IOException {
        ResourceStack handles = new ResourceStack();
        try {
            RdmaSettings asked = config.rdma();
            RdmaSettings settings = new RdmaSettings(asked.deviceName(), asked.portNumber(), asked.gidIndex(),
                    options.queueDepth());
            RcConnection connection = handles.push(RcConnection.open(settings));
            MessagePipe pipe = handles.push(MessagePipe.open(connection, options.receiveBuffers(),
                    options.sendBuffers()));
            LOG.debug("device, protection domain, queues and message rings ready");
            connection.connect(channel.exchange(connection.localEndpoint()));
            channel.barrier();
            LOG.debug("both queue pairs ready to send");
            return new RdmaLink(handles, connection, pipe, new PeerWatch(channel, config.timeoutSeconds()));
        } catch (IOException | RuntimeException e) {
            handles.closeAfter(e);
            throw e;
        }
    }

    /**
     * Destroys the queue pair, which flushes every outstanding work request: call it before
     * deregistering any memory the peer or the device might still be using.
     */
    void disconnect() throws IOException {
        connection.queuePair().close();
    }

    /** Disconnects (if not yet done), then deregisters the message rings and frees the rest. */
    @Override
    public void close() throws IOException {
        try {
            disconnect();
        } finally {
            handles.close();
        }
    }
}
