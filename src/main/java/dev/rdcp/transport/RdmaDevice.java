package dev.rdcp.transport;

import dev.rdcp.verbs.CompletionChannel;
import dev.rdcp.verbs.DeviceContext;
import dev.rdcp.verbs.GidEntry;
import dev.rdcp.verbs.GidSelection;
import dev.rdcp.verbs.PortAttributes;
import dev.rdcp.verbs.ProtectionDomain;
import dev.rdcp.verbs.RdmaUnavailableException;
import java.io.IOException;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The device half of a session's RDMA connections, opened once per session in perftest's first
 * phases: open the device, check the port, pick the GID, allocate the protection domain every
 * stream registers memory in and the completion channel every stream's CQ signals.
 * {@link RcConnection} takes it over and adds the queues. {@link #close} releases channel, PD
 * and device in that order; it is idempotent.
 */
public final class RdmaDevice implements AutoCloseable {

    private static final Logger LOG = LogManager.getLogger(RdmaDevice.class);

    private final ResourceStack handles;
    private final DeviceContext context;
    private final PortAttributes port;
    private final GidEntry gid;
    private final ProtectionDomain pd;
    private final CompletionChannel channel;

    private RdmaDevice(ResourceStack handles, DeviceContext context, PortAttributes port, GidEntry gid,
            ProtectionDomain pd, CompletionChannel channel) {
        this.handles = handles;
        this.context = context;
        this.port = port;
        this.gid = gid;
        this.pd = pd;
        this.channel = channel;
    }

    /**
     * Opens the device {@code settings} name (the first one when none is named). Throws
     * {@link RdmaUnavailableException} saying what is missing when there is no such device, its
     * port is not active or it has no usable GID; on any failure, releases what was already made.
     */
    public static RdmaDevice open(RdmaSettings settings) throws IOException {
        ResourceStack opened = new ResourceStack();
        try {
            DeviceContext context = opened.push(DeviceContext.open(settings.deviceName()));
            PortAttributes port = context.queryPort(settings.portNumber());
            if (!port.isActive()) {
                throw new RdmaUnavailableException(context.name() + " port " + port.portNumber() + " is "
                        + port.state() + ", not PORT_ACTIVE");
            }
            GidEntry gid = GidSelection.select(context.gids(port.portNumber()), port.linkLayer(), settings.gidIndex());
            LOG.debug("{} port {}: {}, active MTU {}, LID {}, GID[{}] {} ({})", context.name(), port.portNumber(),
                    port.linkLayer(), port.activeMtu().bytes(), port.lid(), gid.index(), gid.gid(), gid.type());
            ProtectionDomain pd = opened.push(context.allocateProtectionDomain());
            CompletionChannel channel = opened.push(context.createCompletionChannel());
            return new RdmaDevice(opened, context, port, gid, pd, channel);
        } catch (Throwable e) {
            opened.closeAfter(e);
            throw e;
        }
    }

    /** The opened device, for the queues that belong to it. */
    public DeviceContext context() {
        return context;
    }

    public PortAttributes port() {
        return port;
    }

    public GidEntry gid() {
        return gid;
    }

    public ProtectionDomain protectionDomain() {
        return pd;
    }

    public CompletionChannel completionChannel() {
        return channel;
    }

    @Override
    public void close() throws IOException {
        handles.close();
    }
}
