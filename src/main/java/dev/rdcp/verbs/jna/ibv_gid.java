package dev.rdcp.verbs.jna;

import com.sun.jna.Structure.FieldOrder;
import com.sun.jna.Union;

/**
 * union ibv_gid. The {@code global} member (two __be64) is mapped only so the union has C's
 * 8-byte alignment; rdcp reads and writes {@code raw}.
 */
@FieldOrder({"raw", "global"})
public class ibv_gid extends Union {
    public byte[] raw = new byte[16];
    public long[] global = new long[2];

    public ibv_gid() {
        setType("raw");
    }
}
