package dev.rdcp.transfer;

/**
 * Called from work that runs long without a control message (hashing a large file, checking a
 * kept partial file, deleting a large tree), so the peer knows this side is busy, not gone.
 * Cheap enough to call per block: the implementation decides when to actually say something.
 */
@FunctionalInterface
public interface Heartbeat {

    void beat();

    Heartbeat NONE = () -> {
    };
}
