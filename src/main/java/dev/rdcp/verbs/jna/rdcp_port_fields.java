package dev.rdcp.verbs.jna;

import java.util.Map;

/**
 * The indexes of the fields {@link RdcpShim#rdcp_query_port} writes (native/rdcp_shim.h's enum),
 * which the shim also reports through {@code rdcp_abi_layout} so that a mismatch is refused.
 */
public final class rdcp_port_fields {

    public static final int STATE = 0;
    public static final int LINK_LAYER = 1;
    public static final int ACTIVE_MTU = 2;
    public static final int MAX_MTU = 3;
    public static final int LID = 4;
    public static final int GID_TABLE_LENGTH = 5;
    /** How many there are: the length of the array to pass. */
    public static final int COUNT = 6;

    /** Each index by the name the shim's layout table gives it. */
    public static final Map<String, Integer> BY_NAME = Map.of("rdcp_port_fields.STATE", STATE,
            "rdcp_port_fields.LINK_LAYER", LINK_LAYER, "rdcp_port_fields.ACTIVE_MTU", ACTIVE_MTU,
            "rdcp_port_fields.MAX_MTU", MAX_MTU, "rdcp_port_fields.LID", LID,
            "rdcp_port_fields.GID_TABLE_LENGTH", GID_TABLE_LENGTH, "rdcp_port_fields", COUNT);

    private rdcp_port_fields() {
    }
}
