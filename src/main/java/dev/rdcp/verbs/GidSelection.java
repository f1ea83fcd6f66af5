package dev.rdcp.verbs;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** Chooses the local GID a connection uses, as perftest's {@code -x} would be chosen by hand. */
public final class GidSelection {

    private GidSelection() {
    }

    /**
     * With {@code requestedIndex} >= 0, that entry (it must exist). Otherwise, on Ethernet, a
     * RoCE v2 GID, preferring an IPv4-mapped one (routable across subnets) to a link-local one,
     * then RoCE v1; on InfiniBand, the lowest index (the port GID).
     */
    public static GidEntry select(List<GidEntry> gids, LinkLayer linkLayer, int requestedIndex)
            throws RdmaUnavailableException {
        if (requestedIndex >= 0) {
            return gids.stream().filter(g -> g.index() == requestedIndex).findFirst()
                    .orElseThrow(() -> new RdmaUnavailableException("GID index " + requestedIndex
                            + " is empty on this port; valid indexes: " + indexes(gids)));
        }
        Optional<GidEntry> best = gids.stream()
                .filter(g -> !g.gid().isZero())
                .filter(g -> linkLayer == LinkLayer.INFINIBAND || g.type() != GidType.IB)
                .min(Comparator.comparingInt(GidSelection::preference).thenComparingInt(GidEntry::index));
        return best.orElseThrow(() -> new RdmaUnavailableException("the port has no usable GID"
                + (linkLayer == LinkLayer.ETHERNET ? " (does its network interface have an IP address?)" : "")));
    }

    private static int preference(GidEntry g) {
        return switch (g.type()) {
            case ROCE_V2 -> g.gid().isIpv4Mapped() ? 0 : 1;
            case ROCE_V1 -> 2;
            case IB -> 3;
        };
    }

    private static String indexes(List<GidEntry> gids) {
        return gids.isEmpty() ? "none" : String.join(", ", gids.stream().map(g -> String.valueOf(g.index())).toList());
    }
}
