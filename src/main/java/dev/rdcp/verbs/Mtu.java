package dev.rdcp.verbs;

/** Path MTU values of {@code enum ibv_mtu}. */
public enum Mtu {
    MTU_256(1, 256), MTU_512(2, 512), MTU_1024(3, 1024), MTU_2048(4, 2048), MTU_4096(5, 4096);

    private final int code;
    private final int bytes;

    Mtu(int code, int bytes) {
        this.code = code;
        this.bytes = bytes;
    }

    public int code() {
        return code;
    }

    public int bytes() {
        return bytes;
    }

    public static Mtu ofCode(int code) {
        for (Mtu mtu : values()) {
            if (mtu.code == code) {
                return mtu;
            }
        }
        throw new IllegalArgumentException("unknown ibv_mtu value " + code);
    }

    /** The path MTU of two ports: the smaller of the two. */
    public static Mtu min(Mtu a, Mtu b) {
        return a.code <= b.code ? a : b;
    }
}
