package dev.rdcp.verbs;

import dev.rdcp.verbs.jna.IbvConstants;

/** The kind of a GID table entry ({@code enum ibv_gid_type}). */
public enum GidType {
    IB("IB"), ROCE_V1("RoCE v1"), ROCE_V2("RoCE v2");

    private final String label;

    GidType(String label) {
        this.label = label;
    }

    static GidType ofCode(int code) {
        return switch (code) {
            case IbvConstants.IBV_GID_TYPE_IB -> IB;
            case IbvConstants.IBV_GID_TYPE_ROCE_V1 -> ROCE_V1;
            case IbvConstants.IBV_GID_TYPE_ROCE_V2 -> ROCE_V2;
            default -> throw new IllegalArgumentException("unknown ibv_gid_type " + code);
        };
    }

    @Override
    public String toString() {
        return label;
    }
}
