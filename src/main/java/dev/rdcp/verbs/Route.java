package dev.rdcp.verbs;

/**
 * The local side of a path: port, path MTU, and whether to address the peer by GID
 * ({@code global}, with our GID table index) or by LID.
 */
public record Route(int portNumber, Mtu pathMtu, boolean global, int sgidIndex) {
}
