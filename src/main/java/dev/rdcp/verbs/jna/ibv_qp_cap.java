package dev.rdcp.verbs.jna;

import com.sun.jna.Structure.FieldOrder;

@FieldOrder({"max_send_wr", "max_recv_wr", "max_send_sge", "max_recv_sge", "max_inline_data"})
public class ibv_qp_cap extends LayoutStructure {
    public int max_send_wr;
    public int max_recv_wr;
    public int max_send_sge;
    public int max_recv_sge;
    public int max_inline_data;
}
