package dev.rdcp.transfer;

import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.SessionRequest;

/**
 * Which owner and group the receiver gives an entry, as rsync does: the owner (-o) only as root,
 * the group (-g) as root, or else only a group this process is a member of; anything else is
 * left as it is, silently.
 */
final class OwnerPolicy {

    /** What {@link #uid} and {@link #gid} return for "leave it": fchown's -1. */
    static final int LEAVE = -1;

    private final boolean owner;
    private final boolean group;
    private final ProcessIdentity process;

    OwnerPolicy(TransferOptions options, ProcessIdentity process) {
        boolean root = process.uid() == 0;
        this.owner = root && options.has(SessionRequest.OWNERS);
        this.group = options.has(SessionRequest.GROUPS);
        this.process = process;
    }

    /** The uid to set, or {@link #LEAVE}. */
    int uid(Entry entry) {
        return setsOwner() ? entry.uid() : LEAVE;
    }

    /** The gid to set, or {@link #LEAVE}. */
    int gid(Entry entry) {
        return setsGroup(entry.gid()) ? entry.gid() : LEAVE;
    }

    boolean setsOwner() {
        return owner;
    }

    /** Whether group {@code gid} is one this receiver gives. */
    boolean setsGroup(int gid) {
        return group && (process.uid() == 0 || process.memberOf(gid));
    }

    /** Whether anything about owners is ever set. */
    boolean any() {
        return owner || group;
    }
}
