package dev.rdcp.verbs.jna;

import com.sun.jna.Native;
import com.sun.jna.Pointer;

/**
 * The rdcp native shim (native/rdcp_shim.c), loaded from the jar. Each int-returning function
 * returns 0 (or a count) on success and -errno on failure.
 */
public final class RdcpShim {

    public static final String LIBRARY = "rdcpshim";
    public static final int RDCP_STATUS_FIELDS = 9;

    static {
        Native.register(RdcpShim.class, LIBRARY);
    }

    private RdcpShim() {
    }

    public static native int rdcp_post_write(Pointer qp, long wr_id, long local_addr, int lkey, int length,
            long remote_addr, int rkey, int with_imm, int imm_data, int send_flags);

    public static native int rdcp_post_send(Pointer qp, long wr_id, long local_addr, int lkey, int length,
            int send_flags);

    public static native int rdcp_post_recv(Pointer qp, long wr_id, long local_addr, int lkey, int length);

    public static native int rdcp_poll_cq(Pointer cq, int max_entries, Pointer wc);

    public static native int rdcp_req_notify_cq(Pointer cq, int solicited_only);

    public static native int rdcp_await_cq_event(Pointer channel, int timeout_ms);

    public static native int rdcp_port_count(Pointer context);

    public static native int rdcp_query_port(Pointer context, byte port_num, ibv_port_attr attr);

    public static native int rdcp_query_gid_table(Pointer context, Pointer entries, int max_entries);

    /** {@code path} NUL-terminated; {@code out} has {@link #RDCP_STATUS_FIELDS} elements. */
    public static native int rdcp_file_status(byte[] path, int follow_links, long[] out);

    /** {@code name} NUL-terminated; {@code out}: uid, primary gid. -ENOENT: no such user. */
    public static native int rdcp_user_ids(byte[] name, long[] out);

    /** {@code name} NUL-terminated; {@code out}: gid. -ENOENT: no such group. */
    public static native int rdcp_group_id(byte[] name, long[] out);

    public static native int rdcp_drop_privileges(long uid, long gid);

    public static native String rdcp_strerror(int errnum);

    public static native long rdcp_abi_layout(String name);
}
