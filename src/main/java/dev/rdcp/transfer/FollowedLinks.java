package dev.rdcp.transfer;

import dev.rdcp.protocol.SessionRequest;

/** Which symlinks the sender lists as what they lead to, not as symlinks: all of them with -L. */
final class FollowedLinks {

    private final boolean all;

    private FollowedLinks(boolean all) {
        this.all = all;
    }

    static FollowedLinks of(TransferOptions options) {
        return new FollowedLinks(options.has(SessionRequest.COPY_LINKS));
    }

    /** Whether the list may follow any symlink (and the sender then opens through them). */
    boolean any() {
        return all;
    }

    /**
     * Whether symlink {@code name} (its name in the transfer) to {@code target} is followed
     * whatever it leads to: one that leads nowhere is then a failure, not a symlink.
     */
    boolean followsWhatever(byte[] name, byte[] target) {
        return all;
    }
}
