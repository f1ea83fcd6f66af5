package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rdcp.filter.FilterRules;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.ExtendedOptions;
import dev.rdcp.protocol.ReceiverSettings;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.SessionRequest;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** rsync's rules for who may set what: -o only as root; -g as root, or a group the user is a member of. */
class OwnerPolicyTest {

    private static final ProcessIdentity ROOT = new ProcessIdentity(0, 0, 022, Set.of(0));
    /** A user 1000 whose own group is 1000, also a member of 50. */
    private static final ProcessIdentity USER = new ProcessIdentity(1000, 1000, 022, Set.of(1000, 50));

    private static Entry owned(int uid, int gid) {
        return new Entry(0, EntryType.FILE, 0644, 0, 0, 0, uid, gid, new byte[] {'f'}, new byte[0]);
    }

    private static OwnerPolicy policy(long flags, ProcessIdentity process) {
        return new OwnerPolicy(TransferOptions.of(4096, flags), process);
    }

    @Test
    void rootSetsWhatItIsAskedFor() {
        OwnerPolicy both = policy(SessionRequest.OWNERS | SessionRequest.GROUPS, ROOT);
        assertEquals(4321, both.uid(owned(4321, 4322)));
        assertEquals(4322, both.gid(owned(4321, 4322)));
        OwnerPolicy ownerOnly = policy(SessionRequest.OWNERS, ROOT);
        assertEquals(4321, ownerOnly.uid(owned(4321, 4322)));
        assertEquals(OwnerPolicy.LEAVE, ownerOnly.gid(owned(4321, 4322)));
        OwnerPolicy groupOnly = policy(SessionRequest.GROUPS, ROOT);
        assertEquals(OwnerPolicy.LEAVE, groupOnly.uid(owned(4321, 4322)));
        assertEquals(4322, groupOnly.gid(owned(4321, 4322)));
    }

    @Test
    void aUserSetsOnlyItsOwnGroupsAndNeverTheOwner() {
        OwnerPolicy both = policy(SessionRequest.OWNERS | SessionRequest.GROUPS, USER);
        assertEquals(OwnerPolicy.LEAVE, both.uid(owned(4321, 50)));
        assertEquals(50, both.gid(owned(4321, 50)), "a supplementary group");
        assertEquals(1000, both.gid(owned(4321, 1000)), "its own group");
        assertEquals(OwnerPolicy.LEAVE, both.gid(owned(4321, 51)), "not a member: left, silently");
    }

    @Test
    void superMakesAUserSetOwnersAndAnyGroupAsRootWould() {
        OwnerPolicy both = new OwnerPolicy(new TransferOptions(4096, TransferOptions.DEFAULT_SLOTS,
                SessionRequest.OWNERS | SessionRequest.GROUPS, 0, FilterRules.NONE,
                ReceiverSettings.NONE.withExtended(ExtendedOptions.NONE.with(ExtendedOptions.SUPER, true)),
                ChmodRules.NONE), USER);
        assertEquals(4321, both.uid(owned(4321, 51)));
        assertEquals(51, both.gid(owned(4321, 51)), "not a member: attempted, the kernel deciding");
        assertEquals(true, both.any());
    }

    @Test
    void withoutOwnerOrGroupNothingIsSet() {
        OwnerPolicy none = policy(SessionRequest.PRESERVE_TIMES, ROOT);
        assertEquals(OwnerPolicy.LEAVE, none.uid(owned(4321, 4322)));
        assertEquals(OwnerPolicy.LEAVE, none.gid(owned(4321, 4322)));
        assertEquals(false, none.any());
    }

    @Test
    void anUnknownIdentityIsAMemberOfNothing() {
        OwnerPolicy unknown = policy(SessionRequest.GROUPS, ProcessIdentity.UNKNOWN);
        assertEquals(OwnerPolicy.LEAVE, unknown.gid(owned(1, -1)));
        assertEquals(OwnerPolicy.LEAVE, unknown.gid(owned(1, 0)));
    }
}
