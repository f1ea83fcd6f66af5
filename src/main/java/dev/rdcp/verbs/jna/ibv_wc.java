package dev.rdcp.verbs.jna;

import com.sun.jna.Structure.FieldOrder;

/**
 * Work completion. Mapped only for its layout: completions are polled into preallocated native
 * memory and read by offset, so the hot path never syncs a Structure.
 */
@FieldOrder({"wr_id", "status", "opcode", "vendor_err", "byte_len", "imm_data", "qp_num", "src_qp",
    "wc_flags", "pkey_index", "slid", "sl", "dlid_path_bits"})
public class ibv_wc extends LayoutStructure {
    public long wr_id;
    public int status;
    public int opcode;
    public int vendor_err;
    public int byte_len;
    /** Network byte order (union with invalidated_rkey). */
    public int imm_data;
    public int qp_num;
    public int src_qp;
    public int wc_flags;
    public short pkey_index;
    public short slid;
    public byte sl;
    public byte dlid_path_bits;
}
