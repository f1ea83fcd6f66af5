package dev.rdcp.verbs;

import com.sun.jna.Pointer;
import dev.rdcp.verbs.jna.IbVerbs;
import dev.rdcp.verbs.jna.ibv_mr;

/** A registered memory region ({@code struct ibv_mr}). Lengths are longs: regions may exceed 2 GiB. */
public final class MemoryRegion extends NativeHandle {

    private final long address;
    private final long length;
    private final int lkey;
    private final int rkey;
    /** The memory behind the region, held so it stays allocated while registered. */
    private Object backing;

    MemoryRegion(Pointer mr, Object backing) {
        super(mr, "ibv_dereg_mr");
        ibv_mr fields = new ibv_mr(mr);
        this.address = Pointer.nativeValue(fields.addr);
        this.length = fields.length;
        this.lkey = fields.lkey;
        this.rkey = fields.rkey;
        this.backing = backing;
    }

    public long address() {
        return address;
    }

    public long length() {
        return length;
    }

    public int lkey() {
        return lkey;
    }

    public int rkey() {
        return rkey;
    }

    @Override
    int destroy(Pointer h) {
        int rc = IbVerbs.ibv_dereg_mr(h);
        backing = null;
        return rc;
    }
}
