package dev.rdcp.verbs.jna;

import com.sun.jna.Pointer;
import com.sun.jna.Structure.FieldOrder;

@FieldOrder({"qp_context", "send_cq", "recv_cq", "srq", "cap", "qp_type", "sq_sig_all"})
public class ibv_qp_init_attr extends LayoutStructure {
    public Pointer qp_context;
    public Pointer send_cq;
    public Pointer recv_cq;
    public Pointer srq;
    public ibv_qp_cap cap = new ibv_qp_cap();
    public int qp_type;
    public int sq_sig_all;
}
