package dev.rdcp.verbs.jna;

/** Enum and flag values from {@code <infiniband/verbs.h>}, under their C names. */
public final class IbvConstants {

    private IbvConstants() {
    }

    // enum ibv_access_flags
    public static final int IBV_ACCESS_LOCAL_WRITE = 1;
    public static final int IBV_ACCESS_REMOTE_WRITE = 1 << 1;
    public static final int IBV_ACCESS_REMOTE_READ = 1 << 2;

    // enum ibv_qp_type
    public static final int IBV_QPT_RC = 2;

    // enum ibv_qp_state
    public static final int IBV_QPS_RESET = 0;
    public static final int IBV_QPS_INIT = 1;
    public static final int IBV_QPS_RTR = 2;
    public static final int IBV_QPS_RTS = 3;
    public static final int IBV_QPS_ERR = 6;

    // enum ibv_qp_attr_mask
    public static final int IBV_QP_STATE = 1;
    public static final int IBV_QP_ACCESS_FLAGS = 1 << 3;
    public static final int IBV_QP_PKEY_INDEX = 1 << 4;
    public static final int IBV_QP_PORT = 1 << 5;
    public static final int IBV_QP_AV = 1 << 7;
    public static final int IBV_QP_PATH_MTU = 1 << 8;
    public static final int IBV_QP_TIMEOUT = 1 << 9;
    public static final int IBV_QP_RETRY_CNT = 1 << 10;
    public static final int IBV_QP_RNR_RETRY = 1 << 11;
    public static final int IBV_QP_RQ_PSN = 1 << 12;
    public static final int IBV_QP_MAX_QP_RD_ATOMIC = 1 << 13;
    public static final int IBV_QP_MIN_RNR_TIMER = 1 << 15;
    public static final int IBV_QP_SQ_PSN = 1 << 16;
    public static final int IBV_QP_MAX_DEST_RD_ATOMIC = 1 << 17;
    public static final int IBV_QP_DEST_QPN = 1 << 20;

    // enum ibv_send_flags
    public static final int IBV_SEND_SIGNALED = 1 << 1;
    public static final int IBV_SEND_SOLICITED = 1 << 2;
    public static final int IBV_SEND_INLINE = 1 << 3;

    // enum ibv_wc_opcode
    public static final int IBV_WC_SEND = 0;
    public static final int IBV_WC_RDMA_WRITE = 1;
    public static final int IBV_WC_RECV = 1 << 7;
    public static final int IBV_WC_RECV_RDMA_WITH_IMM = (1 << 7) + 1;

    // enum ibv_wc_flags
    public static final int IBV_WC_WITH_IMM = 1 << 1;

    // enum ibv_wc_status
    public static final int IBV_WC_SUCCESS = 0;

    // enum ibv_port_state
    public static final int IBV_PORT_ACTIVE = 4;

    // IBV_LINK_LAYER_*
    public static final int IBV_LINK_LAYER_UNSPECIFIED = 0;
    public static final int IBV_LINK_LAYER_INFINIBAND = 1;
    public static final int IBV_LINK_LAYER_ETHERNET = 2;

    // enum ibv_gid_type (ibv_gid_entry.gid_type)
    public static final int IBV_GID_TYPE_IB = 0;
    public static final int IBV_GID_TYPE_ROCE_V1 = 1;
    public static final int IBV_GID_TYPE_ROCE_V2 = 2;
}
