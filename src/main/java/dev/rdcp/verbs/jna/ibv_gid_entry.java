package dev.rdcp.verbs.jna;

import com.sun.jna.Pointer;
import com.sun.jna.Structure.FieldOrder;

@FieldOrder({"gid", "gid_index", "port_num", "gid_type", "ndev_ifindex"})
public class ibv_gid_entry extends LayoutStructure {
    public ibv_gid gid = new ibv_gid();
    public int gid_index;
    public int port_num;
    public int gid_type;
    public int ndev_ifindex;

    public ibv_gid_entry() {
        super();
    }

    /** Reads the entry at {@code memory}. */
    public ibv_gid_entry(Pointer memory) {
        super(memory);
        read();
    }
}
