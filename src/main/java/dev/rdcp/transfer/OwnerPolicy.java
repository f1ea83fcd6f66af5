package dev.rdcp.transfer;

import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.ExtendedOptions;
import dev.rdcp.protocol.SessionRequest;

/**
 * Which owner and group the receiver gives an entry, as rsync does: the owner (-o) only as the
 * super-user, the group (-g) as the super-user, or else only a group this process is a member
 * of; anything else is left as it is, silently. With --fake-super any owner and group is given,
 * into the stored value ({@link FakeSuper}), never by chown.
 */
final class OwnerPolicy {

    /** What {@link #uid} and {@link #gid} return for "leave it": fchown's -1. */
    static final int LEAVE = -1;

    private final boolean owner;
    private final boolean group;
    private final boolean superUser;
    private final ProcessIdentity process;

    OwnerPolicy(TransferOptions options, ProcessIdentity process) {
        this.superUser = superUser(options, process) || FakeSuper.of(options).enabled();
        this.owner = superUser && options.has(SessionRequest.OWNERS);
        this.group = options.has(SessionRequest.GROUPS);
        this.process = process;
    }

    /**
     * rsync's "am_root" for a receiver: whether it attempts what only the super-user may do
     * (owners, any group, device files, every attribute namespace). It does as root, and with
     * --super as anyone, the kernel then refusing what a user may not do, each refusal reported;
     * with --no-super or --fake-super (which keeps such things in a stored value instead), never.
     */
    static boolean superUser(TransferOptions options, ProcessIdentity process) {
        return !options.noSuper() && !FakeSuper.of(options).enabled()
                && (process.uid() == 0 || options.receiver().extended().has(ExtendedOptions.SUPER));
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
        return group && (superUser || process.memberOf(gid));
    }

    /** Whether anything about owners is ever set. */
    boolean any() {
        return owner || group;
    }
}
