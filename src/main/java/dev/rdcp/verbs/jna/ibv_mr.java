package dev.rdcp.verbs.jna;

import com.sun.jna.Pointer;
import com.sun.jna.Structure.FieldOrder;

@FieldOrder({"context", "pd", "addr", "length", "handle", "lkey", "rkey"})
public class ibv_mr extends LayoutStructure {
    public Pointer context;
    public Pointer pd;
    public Pointer addr;
    public long length;
    public int handle;
    public int lkey;
    public int rkey;

    public ibv_mr() {
        super();
    }

    public ibv_mr(Pointer memory) {
        super(memory);
        read();
    }
}
