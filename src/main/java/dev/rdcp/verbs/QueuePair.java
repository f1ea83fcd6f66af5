package dev.rdcp.verbs;

import com.sun.jna.Pointer;
import dev.rdcp.verbs.jna.IbVerbs;
import dev.rdcp.verbs.jna.IbvConstants;
import dev.rdcp.verbs.jna.RdcpShim;
import dev.rdcp.verbs.jna.ibv_qp_attr;
import java.util.Set;

/** A reliable-connected queue pair ({@code struct ibv_qp}), driven RESET → INIT → RTR → RTS. */
public final class QueuePair extends NativeHandle {

    private static final long QP_NUM_OFFSET = AbiCheck.nativeOffset("ibv_qp.qp_num");

    /** Local ACK timeout exponent: 4.096 µs × 2^14 ≈ 67 ms per try. */
    private static final int ACK_TIMEOUT = 14;
    /**
     * Transport retries before IBV_WC_RETRY_EXC_ERR: a vanished peer fails in under a second. Not
     * 7: Soft-RoCE (rxe) treats 7 as "retry forever", as the spec does only for RNR retries.
     */
    private static final int RETRY_COUNT = 6;
    /** Receiver-not-ready retries; bounded (7 would mean forever) so a stuck peer cannot hang us. */
    private static final int RNR_RETRY = 6;
    /** RNR NAK timer code 24: 40.96 ms, so RNR retries span about a quarter of a second. */
    private static final int MIN_RNR_TIMER = 24;
    private static final int HOP_LIMIT = 64;
    private static final int RD_ATOMIC = 1;

    private final int qpNumber;
    private final QueueCapacity capacity;

    QueuePair(Pointer qp, QueueCapacity capacity) {
        super(qp, "ibv_destroy_qp");
        this.qpNumber = qp.getInt(QP_NUM_OFFSET);
        this.capacity = capacity;
    }

    public int qpNumber() {
        return qpNumber;
    }

    /** What the device granted, at least what was asked. */
    public QueueCapacity capacity() {
        return capacity;
    }

    public void toInit(int portNumber, Set<Access> remoteAccess) throws VerbsException {
        ibv_qp_attr attr = new ibv_qp_attr();
        attr.qp_state = IbvConstants.IBV_QPS_INIT;
        attr.pkey_index = 0;
        attr.port_num = (byte) portNumber;
        attr.qp_access_flags = Access.toFlags(remoteAccess);
        modify("INIT", attr, IbvConstants.IBV_QP_STATE | IbvConstants.IBV_QP_PKEY_INDEX | IbvConstants.IBV_QP_PORT
                | IbvConstants.IBV_QP_ACCESS_FLAGS);
    }

    /**
     * Ready to receive from {@code remote}. On RoCE (or whenever {@code route} is global) the
     * address carries the peer's GID and our sgid index; on InfiniBand the peer's LID.
     */
    public void toReadyToReceive(RemoteQp remote, Route route) throws VerbsException {
        ibv_qp_attr attr = new ibv_qp_attr();
        attr.qp_state = IbvConstants.IBV_QPS_RTR;
        attr.path_mtu = route.pathMtu().code();
        attr.dest_qp_num = remote.qpNumber();
        attr.rq_psn = remote.psn();
        attr.max_dest_rd_atomic = RD_ATOMIC;
        attr.min_rnr_timer = MIN_RNR_TIMER;
        attr.ah_attr.port_num = (byte) route.portNumber();
        attr.ah_attr.dlid = (short) remote.lid();
        if (route.global()) {
            attr.ah_attr.is_global = 1;
            attr.ah_attr.grh.dgid.raw = remote.gid().toBytes();
            attr.ah_attr.grh.sgid_index = (byte) route.sgidIndex();
            attr.ah_attr.grh.hop_limit = (byte) HOP_LIMIT;
        }
        modify("RTR", attr, IbvConstants.IBV_QP_STATE | IbvConstants.IBV_QP_AV | IbvConstants.IBV_QP_PATH_MTU
                | IbvConstants.IBV_QP_DEST_QPN | IbvConstants.IBV_QP_RQ_PSN | IbvConstants.IBV_QP_MAX_DEST_RD_ATOMIC
                | IbvConstants.IBV_QP_MIN_RNR_TIMER);
    }

    public void toReadyToSend(int localPsn) throws VerbsException {
        ibv_qp_attr attr = new ibv_qp_attr();
        attr.qp_state = IbvConstants.IBV_QPS_RTS;
        attr.sq_psn = localPsn;
        attr.timeout = ACK_TIMEOUT;
        attr.retry_cnt = RETRY_COUNT;
        attr.rnr_retry = RNR_RETRY;
        attr.max_rd_atomic = RD_ATOMIC;
        modify("RTS", attr, IbvConstants.IBV_QP_STATE | IbvConstants.IBV_QP_SQ_PSN | IbvConstants.IBV_QP_TIMEOUT
                | IbvConstants.IBV_QP_RETRY_CNT | IbvConstants.IBV_QP_RNR_RETRY | IbvConstants.IBV_QP_MAX_QP_RD_ATOMIC);
    }

    private void modify(String targetState, ibv_qp_attr attr, int mask) throws VerbsException {
        checkResult("ibv_modify_qp(" + targetState + ")", IbVerbs.ibv_modify_qp(handle(), attr, mask));
    }

    /** RDMA WRITE of {@code length} bytes from local memory to the peer's registered memory. */
    public void postWrite(long wrId, long localAddress, int lkey, int length, long remoteAddress, int rkey,
            boolean signaled) throws VerbsException {
        checkShim("ibv_post_send(RDMA_WRITE)", RdcpShim.rdcp_post_write(handle(), wrId, localAddress, lkey, length,
                remoteAddress, rkey, signaled ? IbvConstants.IBV_SEND_SIGNALED : 0));
    }

    /** Two-sided SEND; {@code inline} copies the payload into the work request (no lkey needed). */
    public void postSend(long wrId, long localAddress, int lkey, int length, boolean signaled, boolean inline)
            throws VerbsException {
        int flags = (signaled ? IbvConstants.IBV_SEND_SIGNALED : 0) | (inline ? IbvConstants.IBV_SEND_INLINE : 0);
        checkShim("ibv_post_send(SEND)", RdcpShim.rdcp_post_send(handle(), wrId, localAddress, lkey, length, flags));
    }

    /**
     * An unsignaled RDMA WRITE followed by a SEND, in one post (one doorbell): the SEND is
     * signaled, and with {@code inline} its payload is copied into the work request.
     */
    public void postWriteThenSend(long writeWrId, long writeAddress, int writeLkey, int writeLength,
            long remoteAddress, int rkey, long sendWrId, long sendAddress, int sendLkey, int sendLength, boolean inline)
            throws VerbsException {
        int flags = IbvConstants.IBV_SEND_SIGNALED | (inline ? IbvConstants.IBV_SEND_INLINE : 0);
        checkShim("ibv_post_send(RDMA_WRITE, SEND)", RdcpShim.rdcp_post_write_send(handle(), writeWrId, writeAddress,
                writeLkey, writeLength, remoteAddress, rkey, sendWrId, sendAddress, sendLkey, sendLength, flags));
    }

    public void postRecv(long wrId, long localAddress, int lkey, int length) throws VerbsException {
        checkShim("ibv_post_recv", RdcpShim.rdcp_post_recv(handle(), wrId, localAddress, lkey, length));
    }

    @Override
    int destroy(Pointer h) {
        return IbVerbs.ibv_destroy_qp(h);
    }
}
