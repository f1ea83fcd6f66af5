package dev.rdcp.verbs.jna;

import com.sun.jna.Structure.FieldOrder;

@FieldOrder({"dgid", "flow_label", "sgid_index", "hop_limit", "traffic_class"})
public class ibv_global_route extends LayoutStructure {
    public ibv_gid dgid = new ibv_gid();
    public int flow_label;
    public byte sgid_index;
    public byte hop_limit;
    public byte traffic_class;
}
