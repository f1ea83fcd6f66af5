package dev.rdcp.verbs.jna;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import dev.rdcp.posix.jna.RdcpLibrary;

/**
 * The rdcp native shim's verbs half (native/rdcp_shim.h), from the library {@link RdcpLibrary}
 * loads. Each int-returning function returns 0 (or a count) on success and -errno on failure.
 */
public final class RdcpShim {

    static {
        Native.register(RdcpShim.class, RdcpLibrary.INSTANCE);
    }

    private RdcpShim() {
    }

    public static native int rdcp_post_write(Pointer qp, long wr_id, long local_addr, int lkey, int length,
            long remote_addr, int rkey, int send_flags);

    public static native int rdcp_post_send(Pointer qp, long wr_id, long local_addr, int lkey, int length,
            int send_flags);

    public static native int rdcp_post_write_send(Pointer qp, long write_wr_id, long write_addr, int write_lkey,
            int write_length, long remote_addr, int rkey, long send_wr_id, long send_addr, int send_lkey,
            int send_length, int send_flags);

    public static native int rdcp_post_recv(Pointer qp, long wr_id, long local_addr, int lkey, int length);

    public static native int rdcp_poll_cq(Pointer cq, int max_entries, Pointer wc);

    public static native int rdcp_req_notify_cq(Pointer cq, int solicited_only);

    public static native int rdcp_await_cq_event(Pointer channel, int timeout_ms);

    public static native int rdcp_port_count(Pointer context);

    /** Writes {@link rdcp_port_fields#COUNT} fields into {@code fields}, at {@link rdcp_port_fields}' indexes. */
    public static native int rdcp_query_port(Pointer context, byte port_num, int[] fields);

    public static native int rdcp_query_gid_table(Pointer context, Pointer entries, int max_entries);

    public static native long rdcp_abi_layout(String name);
}
