package dev.rdcp.session;

import dev.rdcp.protocol.TransportKind;
import dev.rdcp.transfer.BookkeepingPool;
import dev.rdcp.transfer.Destination;
import dev.rdcp.transfer.FileReceiver;
import dev.rdcp.transfer.FileSender;
import dev.rdcp.transfer.SourceOperand;
import dev.rdcp.transfer.StopRequest;
import dev.rdcp.transfer.TransferListener;
import dev.rdcp.transfer.TransferOptions;
import dev.rdcp.transport.BootstrapChannel;
import dev.rdcp.transport.CountedTransport;
import dev.rdcp.transport.DeviceOpening;
import dev.rdcp.transport.RdmaSettings;
import dev.rdcp.transport.RdmaTransport;
import dev.rdcp.transport.ResourceStack;
import dev.rdcp.transport.TcpTransport;
import dev.rdcp.transport.Transport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The two roles a side of a session plays once its request is accepted, whichever side is
 * client or server: set up the agreed transport, run, then tear down (transport disconnected
 * before the role's memory is released).
 */
final class Roles {

    private static final Logger LOG = LogManager.getLogger(Roles.class);

    private Roles() {
    }

    /**
     * Reports each of {@code refused} to both ends, then lists and sends {@code sources};
     * {@code linked} runs once the transport is ready (for RDMA, READY exchanged), which ends the setup.
     * An RDMA transport takes its device from {@code device}.
     */
    static void send(BootstrapChannel channel, SessionConfig config, TransportKind kind, DeviceOpening device,
            TransferOptions options, List<String> refused, List<SourceOperand> sources, TransferListener listener,
            Runnable linked) throws IOException {
        send(channel, config, kind, device, options, refused, sources, null, BookkeepingPool.unbounded(), listener,
                linked);
    }

    /**
     * As above; {@code sourceRoot} is the served directory the sources are beneath (a server's), or
     * null; what the sender holds for its receiver (--delete-before's list) is drawn from {@code bookkeeping}.
     */
    static void send(BootstrapChannel channel, SessionConfig config, TransportKind kind, DeviceOpening device,
            TransferOptions options, List<String> refused, List<SourceOperand> sources, Path sourceRoot,
            BookkeepingPool bookkeeping, TransferListener listener, Runnable linked) throws IOException {
        try (StopRequest.Hold hold = StopRequest.hold();
                CountedTransport transport = new CountedTransport(connect(channel, config, kind, device, options));
                FileSender sender = FileSender.create(transport, options, listener, sources, sourceRoot, bookkeeping)) {
            linked.run();
            try {
                refused.forEach(sender::refuse);
                sender.run();
                LOG.debug("sent everything; the receiver has answered END and closed");
            } catch (Throwable e) {
                ResourceStack.closeAfter(transport::disconnect, e);
                throw e;
            }
            transport.disconnect();
            listener.traffic(transport.bytesSent(), transport.messageBytesReceived());
        }
    }

    /**
     * Receives into {@code destination}, its bookkeeping drawn from {@code bookkeeping};
     * {@code linked} as for {@link #send}.
     */
    static void receive(BootstrapChannel channel, SessionConfig config, TransportKind kind, DeviceOpening device,
            TransferOptions options, Destination destination, BookkeepingPool bookkeeping, TransferListener listener,
            Runnable linked) throws IOException {
        try (StopRequest.Hold hold = StopRequest.hold();
                CountedTransport transport = new CountedTransport(connect(channel, config, kind, device, options));
                FileReceiver receiver = FileReceiver.create(transport, destination, options, listener, bookkeeping)) {
            linked.run();
            try {
                receiver.run();
                LOG.debug("received everything; END answered, BYE received");
            } catch (Throwable e) {
                // The role's error is the story; a failed disconnect after it is attached, not in its place.
                ResourceStack.closeAfter(transport::disconnect, e);
                throw e;
            }
            transport.disconnect();
            listener.traffic(transport.bytesSent(), transport.messageBytesReceived() + receiver.dataBytesReceived());
        }
    }

    private static Transport connect(BootstrapChannel channel, SessionConfig config, TransportKind kind,
            DeviceOpening device, TransferOptions options) throws IOException {
        RdmaSettings asked = config.rdma();
        if (kind == TransportKind.TCP) {
            // Only a client's --streams is the user's own wish; a server's is a cap.
            if (asked.streams() > 1 && config.keepalivesHoldOff()) {
                LOG.info("the TCP transport carries one stream (--streams {} applies to RDMA)", asked.streams());
            }
            return TcpTransport.open(channel, options.receiveBuffers(), config.timeoutSeconds(),
                    config.keepalivesHoldOff());
        }
        // The slots are split among the streams, never multiplied: at most one stream per slot.
        int streams = Math.min(channel.agreeStreams(asked.streamsWanted()), options.slots());
        LOG.debug("{} RDMA stream{} (asked for {})", streams, streams == 1 ? "" : "s", asked.streamsWanted());
        RdmaSettings settings = new RdmaSettings(asked.deviceName(), asked.portNumber(), asked.gidIndex(),
                options.queueDepth(), streams);
        return RdmaTransport.establish(channel, device.take(), settings, options.receiveBuffers(),
                options.sendBuffers(), options.slots(), config.timeoutSeconds(), config.keepalivesHoldOff());
    }
}
