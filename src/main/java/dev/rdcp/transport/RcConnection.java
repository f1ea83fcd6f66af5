package dev.rdcp.transport;

import dev.rdcp.protocol.QpEndpoint;
import dev.rdcp.verbs.Access;
import dev.rdcp.verbs.CompletionChannel;
import dev.rdcp.verbs.CompletionQueue;
import dev.rdcp.verbs.DeviceContext;
import dev.rdcp.verbs.Gid;
import dev.rdcp.verbs.GidEntry;
import dev.rdcp.verbs.GidSelection;
import dev.rdcp.verbs.LinkLayer;
import dev.rdcp.verbs.Mtu;
import dev.rdcp.verbs.PortAttributes;
import dev.rdcp.verbs.ProtectionDomain;
import dev.rdcp.verbs.QueueCapacity;
import dev.rdcp.verbs.QueuePair;
import dev.rdcp.verbs.RdmaUnavailableException;
import dev.rdcp.verbs.RemoteQp;
import dev.rdcp.verbs.Route;
import dev.rdcp.verbs.VerbsException;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.EnumSet;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * One reliable-connected RDMA connection and every verbs object behind it, set up in
 * perftest's order: open the device, check the port, pick the GID, allocate the PD, the
 * completion channel and CQ, create the QP and bring it to INIT. {@link #connect} takes the
 * peer's endpoint to RTR and RTS. {@link #close} tears down in reverse order.
 */
public final class RcConnection implements AutoCloseable {

    private static final Logger LOG = LogManager.getLogger(RcConnection.class);
    private static final SecureRandom PSN_SOURCE = new SecureRandom();

    /** Small control messages go inline in the work request: no lkey, no DMA read of the buffer. */
    private static final int INLINE_BYTES = 64;

    private final ResourceStack handles;
    private final PortAttributes port;
    private final GidEntry gid;
    private final ProtectionDomain pd;
    private final CompletionQueue cq;
    private final QueuePair qp;
    private final int localPsn;

    private RcConnection(ResourceStack handles, PortAttributes port, GidEntry gid,
            ProtectionDomain pd, CompletionQueue cq, QueuePair qp) {
        this.handles = handles;
        this.port = port;
        this.gid = gid;
        this.pd = pd;
        this.cq = cq;
        this.qp = qp;
        this.localPsn = PSN_SOURCE.nextInt(1 << 24);
    }

    /**
     * Checks that the device and port {@code settings} name are there and active and have a
     * usable GID, without creating anything: throws {@link RdmaUnavailableException} saying what
     * is missing.
     */
    public static void probe(RdmaSettings settings) throws IOException {
        try (DeviceContext context = DeviceContext.open(settings.deviceName())) {
            PortAttributes port = activePort(context, settings);
            GidSelection.select(context.gids(port.portNumber()), port.linkLayer(), settings.gidIndex());
        }
    }

    private static PortAttributes activePort(DeviceContext context, RdmaSettings settings) throws IOException {
        PortAttributes port = context.queryPort(settings.portNumber());
        if (!port.isActive()) {
            throw new RdmaUnavailableException(context.name() + " port " + port.portNumber() + " is "
                    + port.state() + ", not PORT_ACTIVE");
        }
        return port;
    }

    /** Opens everything up to a QP in INIT; on any failure, releases what was already made. */
    public static RcConnection open(RdmaSettings settings) throws IOException {
        ResourceStack opened = new ResourceStack();
        try {
            DeviceContext context = opened.push(DeviceContext.open(settings.deviceName()));
            PortAttributes port = activePort(context, settings);
            GidEntry gid = GidSelection.select(context.gids(port.portNumber()), port.linkLayer(), settings.gidIndex());
            LOG.debug("{} port {}: {}, active MTU {}, LID {}, GID[{}] {} ({})", context.name(), port.portNumber(),
                    port.linkLayer(), port.activeMtu().bytes(), port.lid(), gid.index(), gid.gid(), gid.type());
            ProtectionDomain pd = opened.push(context.allocateProtectionDomain());
            CompletionChannel channel = opened.push(context.createCompletionChannel());
            // Sends and receives share one CQ, so one thread can wait for either.
            int depth = settings.queueDepth();
            CompletionQueue cq = opened.push(context.createCompletionQueue(2 * depth, channel));
            QueuePair qp = opened.push(pd.createRcQueuePair(cq, cq, new QueueCapacity(depth, depth, INLINE_BYTES)));
            qp.toInit(port.portNumber(), EnumSet.of(Access.LOCAL_WRITE, Access.REMOTE_WRITE));
            return new RcConnection(opened, port, gid, pd, cq, qp);
        } catch (IOException | RuntimeException e) {
            opened.closeAfter(e);
            throw e;
        }
    }

    /** What the peer needs to connect to us. */
    public QpEndpoint localEndpoint() {
        int linkLayer = port.linkLayer() == LinkLayer.ETHERNET ? 2 : 1;
        return new QpEndpoint(qp.qpNumber(), localPsn, port.lid(), gid.gid().toBytes(), port.activeMtu().code(),
                linkLayer);
    }

    /** Brings the QP to RTR then RTS against the peer; the path MTU is the smaller of both ports'. */
    public void connect(QpEndpoint remote) throws VerbsException {
        Mtu pathMtu = Mtu.min(port.activeMtu(), Mtu.ofCode(remote.mtuCode()));
        boolean global = port.linkLayer() == LinkLayer.ETHERNET;
        Route route = new Route(port.portNumber(), pathMtu, global, gid.index());
        qp.toReadyToReceive(new RemoteQp(remote.qpNumber(), remote.psn(), remote.lid(), Gid.of(remote.gid())), route);
        qp.toReadyToSend(localPsn);
        LOG.debug("connected QP {} to QP {}, path MTU {}", qp.qpNumber(), remote.qpNumber(), pathMtu.bytes());
    }

    public ProtectionDomain protectionDomain() {
        return pd;
    }

    public CompletionQueue completionQueue() {
        return cq;
    }

    public QueuePair queuePair() {
        return qp;
    }

    /** Releases QP, CQ, channel, PD and device, in that order; every one is attempted. */
    @Override
    public void close() throws IOException {
        handles.close();
    }
}
