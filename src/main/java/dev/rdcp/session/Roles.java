package dev.rdcp.session;

import dev.rdcp.transfer.Destination;
import dev.rdcp.transfer.FileReceiver;
import dev.rdcp.transfer.FileSender;
import dev.rdcp.transfer.SourceOperand;
import dev.rdcp.transfer.TransferListener;
import dev.rdcp.transfer.TransferOptions;
import dev.rdcp.transport.BootstrapChannel;
import java.io.IOException;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The two roles a side of a session plays once its request is accepted, whichever side is
 * client or server: set up the RDMA link, run, then tear down in the verbs order.
 */
final class Roles {

    private static final Logger LOG = LogManager.getLogger(Roles.class);

    private Roles() {
    }

    /**
     * Reports each of {@code refused} to both ends, then lists and sends {@code sources};
     * {@code linked} runs once both queue pairs are ready (READY exchanged), which ends the setup.
     */
    static void send(BootstrapChannel channel, SessionConfig config, TransferOptions options, List<String> refused,
            List<SourceOperand> sources, TransferListener listener, Runnable linked) throws IOException {
        try (RdmaLink link = RdmaLink.establish(channel, config, options);
                FileSender sender = FileSender.create(link.connection, link.pipe, link.watch, options, listener,
                        sources)) {
            linked.run();
            try {
                refused.forEach(sender::refuse);
                sender.run();
                LOG.debug("sent everything; the receiver has answered END");
            } finally {
                link.disconnect();
            }
        }
    }

    /** Receives into {@code destination}; {@code linked} as for {@link #send}. */
    static void receive(BootstrapChannel channel, SessionConfig config, TransferOptions options,
            Destination destination, TransferListener listener, Runnable linked) throws IOException {
        try (RdmaLink link = RdmaLink.establish(channel, config, options);
                FileReceiver receiver = FileReceiver.create(link.connection, link.pipe, link.watch, destination,
                        options, listener)) {
            linked.run();
            try {
                receiver.run();
                LOG.debug("received everything; END answered");
            } finally {
                link.disconnect();
            }
        }
    }
}
