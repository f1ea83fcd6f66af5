package dev.rdcp.verbs;

import dev.rdcp.verbs.jna.IbvConstants;

/** How a port addresses its peers: InfiniBand uses the LID, Ethernet (RoCE) the GID. */
public enum LinkLayer {
    INFINIBAND("InfiniBand"), ETHERNET("Ethernet");

    private final String label;

    LinkLayer(String label) {
        this.label = label;
    }

    /** IBV_LINK_LAYER_UNSPECIFIED predates RoCE and means InfiniBand. */
    static LinkLayer ofCode(int code) {
        return code == IbvConstants.IBV_LINK_LAYER_ETHERNET ? ETHERNET : INFINIBAND;
    }

    @Override
    public String toString() {
        return label;
    }
}
