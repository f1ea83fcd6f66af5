package dev.rdcp.transport;

import dev.rdcp.protocol.QpEndpoint;
import dev.rdcp.verbs.Access;
import dev.rdcp.verbs.CompletionChannel;
import dev.rdcp.verbs.CompletionQueue;
import dev.rdcp.verbs.Gid;
import dev.rdcp.verbs.LinkLayer;
import dev.rdcp.verbs.Mtu;
import dev.rdcp.verbs.PortAttributes;
import dev.rdcp.verbs.ProtectionDomain;
import dev.rdcp.verbs.QueueCapacity;
import dev.rdcp.verbs.QueuePair;
import dev.rdcp.verbs.RemoteQp;
import dev.rdcp.verbs.Route;
import dev.rdcp.verbs.VerbsException;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.EnumSet;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The reliable-connected RDMA connections of a session and every verbs object behind them, set up
 * in perftest's order: the {@link RdmaDevice} (device, port, GID, PD, completion channel), then
 * per stream a CQ and a QP brought to INIT. Every stream shares the PD
 * (memory is registered once for all) and the channel (one thread can sleep until any CQ fires).
 * {@link #connect} takes the peer's endpoint to RTR and RTS. {@link #close} tears down in reverse
 * order.
 */
public final class RcConnection implements AutoCloseable {

    private static final Logger LOG = LogManager.getLogger(RcConnection.class);
    private static final SecureRandom PSN_SOURCE = new SecureRandom();

    /** Small control messages go inline in the work request: no lkey, no DMA read of the buffer. */
    private static final int INLINE_BYTES = 64;

    private final ResourceStack handles;
    private final RdmaDevice device;
    private final CompletionQueue[] cqs;
    private final QueuePair[] qps;
    private final int[] localPsns;

    private RcConnection(ResourceStack handles, RdmaDevice device, CompletionQueue[] cqs, QueuePair[] qps) {
        this.handles = handles;
        this.device = device;
        this.cqs = cqs;
        this.qps = qps;
        this.localPsns = new int[qps.length];
        for (int i = 0; i < qps.length; i++) {
            localPsns[i] = PSN_SOURCE.nextInt(1 << 24);
        }
    }

    /**
     * Takes over {@code device} (closed with this connection, or at once if this fails) and adds
     * {@code streams} queue pairs of {@code queueDepth} work requests each way, each with a CQ of
     * its own, brought to INIT.
     */
    public static RcConnection open(RdmaDevice device, int queueDepth, int streams) throws IOException {
        ResourceStack opened = new ResourceStack();
        opened.push(device);
        try {
            PortAttributes port = device.port();
            // A stream's sends and receives share its CQ, so one thread can wait for either.
            CompletionQueue[] cqs = new CompletionQueue[streams];
            QueuePair[] qps = new QueuePair[streams];
            for (int i = 0; i < streams; i++) {
                cqs[i] = opened.push(device.context().createCompletionQueue(2 * queueDepth, device.completionChannel()));
                qps[i] = opened.push(device.protectionDomain().createRcQueuePair(cqs[i], cqs[i],
                        new QueueCapacity(queueDepth, queueDepth, INLINE_BYTES)));
                qps[i].toInit(port.portNumber(), EnumSet.of(Access.LOCAL_WRITE, Access.REMOTE_WRITE));
            }
            return new RcConnection(opened, device, cqs, qps);
        } catch (Throwable e) {
            opened.closeAfter(e);
            throw e;
        }
    }

    /** What the peer needs to connect to {@code stream}. */
    public QpEndpoint localEndpoint(int stream) {
        PortAttributes port = device.port();
        int linkLayer = port.linkLayer() == LinkLayer.ETHERNET ? 2 : 1;
        return new QpEndpoint(qps[stream].qpNumber(), localPsns[stream], port.lid(), device.gid().gid().toBytes(),
                port.activeMtu().code(), linkLayer);
    }

    /** Brings {@code stream}'s QP to RTR then RTS against the peer; the path MTU is the smaller of both ports'. */
    public void connect(int stream, QpEndpoint remote) throws VerbsException {
        PortAttributes port = device.port();
        Mtu pathMtu = Mtu.min(port.activeMtu(), Mtu.ofCode(remote.mtuCode()));
        boolean global = port.linkLayer() == LinkLayer.ETHERNET;
        Route route = new Route(port.portNumber(), pathMtu, global, device.gid().index());
        QueuePair qp = qps[stream];
        qp.toReadyToReceive(new RemoteQp(remote.qpNumber(), remote.psn(), remote.lid(), Gid.of(remote.gid())), route);
        qp.toReadyToSend(localPsns[stream]);
        LOG.debug("connected QP {} to QP {}, path MTU {}", qp.qpNumber(), remote.qpNumber(), pathMtu.bytes());
    }

    public ProtectionDomain protectionDomain() {
        return device.protectionDomain();
    }

    /** The channel every stream's CQ raises its events on. */
    public CompletionChannel completionChannel() {
        return device.completionChannel();
    }

    public int streams() {
        return qps.length;
    }

    public CompletionQueue completionQueue(int stream) {
        return cqs[stream];
    }

    public QueuePair queuePair(int stream) {
        return qps[stream];
    }

    /**
     * Destroys every stream's queue pair now, which flushes their outstanding work requests: done
     * before the memory they use is deregistered. The connection still owns them; its close finds
     * them done.
     */
    public void closeQueuePairs() throws IOException {
        ResourceStack queuePairs = new ResourceStack();
        for (QueuePair qp : qps) {
            queuePairs.push(qp);
        }
        queuePairs.close();
    }

    /** Releases QP, CQ, channel, PD and device, in that order; every one is attempted. */
    @Override
    public void close() throws IOException {
        handles.close();
    }
}
