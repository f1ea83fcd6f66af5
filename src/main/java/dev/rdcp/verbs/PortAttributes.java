package dev.rdcp.verbs;

/** What {@code ibv_query_port} says of one port. */
public record PortAttributes(int portNumber, PortState state, LinkLayer linkLayer, Mtu activeMtu, Mtu maxMtu,
        int lid, int gidTableLength) {

    public boolean isActive() {
        return state == PortState.ACTIVE;
    }
}
