package dev.rdcp.transfer;

import dev.rdcp.protocol.SessionRequest;

/**
 * Which symlinks the sender lists as what they lead to, not as symlinks: all of them with -L,
 * the unsafe ones ({@link SymlinkSafety}) with --copy-unsafe-links, and those leading to a
 * directory with -k.
 */
final class FollowedLinks {

    private final boolean all;
    private final boolean unsafe;
    private final boolean directories;

    private FollowedLinks(boolean all, boolean unsafe, boolean directories) {
        this.all = all;
        this.unsafe = unsafe;
        this.directories = directories;
    }

    static FollowedLinks of(TransferOptions options) {
        return new FollowedLinks(options.has(SessionRequest.COPY_LINKS), options.has(SessionRequest.COPY_UNSAFE_LINKS),
                options.has(SessionRequest.COPY_DIRLINKS));
    }

    /** Whether the list may follow any symlink (and the sender then opens through them). */
    boolean any() {
        return all || unsafe || directories;
    }

    /**
     * Whether symlink {@code name} (its name in the transfer) to {@code target} is followed
     * whatever it leads to: one that leads nowhere is then a failure, not a symlink.
     */
    boolean followsWhatever(byte[] name, byte[] target) {
        return all || (unsafe && SymlinkSafety.unsafe(target, name));
    }

    /** Whether a symlink that leads to a directory is followed (-k). */
    boolean followsDirectories() {
        return directories;
    }
}
