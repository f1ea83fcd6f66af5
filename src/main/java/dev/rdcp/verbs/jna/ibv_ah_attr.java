package dev.rdcp.verbs.jna;

import com.sun.jna.Structure.FieldOrder;

@FieldOrder({"grh", "dlid", "sl", "src_path_bits", "static_rate", "is_global", "port_num"})
public class ibv_ah_attr extends LayoutStructure {
    public ibv_global_route grh = new ibv_global_route();
    public short dlid;
    public byte sl;
    public byte src_path_bits;
    public byte static_rate;
    public byte is_global;
    public byte port_num;
}
