package dev.rdcp.transfer;

import dev.rdcp.filter.FilterTooComplexException;
import dev.rdcp.posix.ProcessIdentities;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ProtocolException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The receiver's half of rsync's owner mapping: the sender's ids whose names it announced are
 * replaced by this host's ids of the same names; an id never named, or whose name is unknown
 * here, stays as it is. --usermap and --groupmap rules ({@link OwnerMap}) come before that lookup,
 * for named and unnamed ids alike. Each name costs a name-service lookup, so a peer may announce at most
 * {@link #MAX_NAMES} of each kind, each id once.
 */
final class IdMapping {

    /** Where ids come from: NSS in a real session. */
    interface Ids {
        OptionalInt user(byte[] name) throws IOException;

        OptionalInt group(byte[] name) throws IOException;
    }

    static final Ids SYSTEM = new Ids() {
        @Override
        public OptionalInt user(byte[] name) throws IOException {
            ProcessIdentities.User user = ProcessIdentities.user(name);
            return user == null ? OptionalInt.empty() : OptionalInt.of(user.uid());
        }

        @Override
        public OptionalInt group(byte[] name) throws IOException {
            return ProcessIdentities.group(name);
        }
    };

    /** Far more users and groups than the sender of any real tree owns. */
    static final int MAX_NAMES = 4096;
    /** What remembering one mapped id costs, in the session's budget. */
    private static final long ID_COST = 64;

    private final Ids ids;
    private final SessionBudget budget;
    private final OwnerMap userMap;
    private final OwnerMap groupMap;
    /** Whether the sender names ids; it never names id 0, which is then taken to be "root", as rsync does. */
    private final boolean named;
    private final Map<Integer, Integer> users = new HashMap<>();
    private final Map<Integer, Integer> groups = new HashMap<>();

    /**
     * @param userMap --usermap's rules, tried before the name lookup (may have none)
     * @param groupMap --groupmap's rules
     * @param named whether the sender names its ids (no --numeric-ids)
     */
    IdMapping(Ids ids, SessionBudget budget, OwnerMap userMap, OwnerMap groupMap, boolean named) {
        this.ids = ids;
        this.budget = budget;
        this.userMap = userMap;
        this.groupMap = groupMap;
        this.named = named;
    }

    /** Takes in one ID_NAME entry. */
    void learn(Entry entry) throws ProtocolException {
        if (entry.type() != EntryType.ID_NAME) {
            throw new IllegalArgumentException("not an ID_NAME entry: " + entry.type());
        }
        Map<Integer, Integer> known = entry.namesGroup() ? groups : users;
        String kind = entry.namesGroup() ? "group" : "user";
        if (known.containsKey(entry.uid())) {
            throw new ProtocolException("the peer named " + kind + " id " + Integer.toUnsignedString(entry.uid()) + " twice");
        }
        if (known.size() >= MAX_NAMES) {
            throw new ProtocolException("the peer named more than " + MAX_NAMES + " " + kind + "s");
        }
        budget.spend(ID_COST);
        OwnerMap map = entry.namesGroup() ? groupMap : userMap;
        OptionalInt local;
        try {
            local = map.map(entry.uid(), new String(entry.name(), StandardCharsets.UTF_8));
        } catch (FilterTooComplexException e) {
            throw new ProtocolException("the " + kind + " map's wildcards are too complex for the names the peer sent");
        }
        if (local.isEmpty()) {
            try {
                local = entry.namesGroup() ? ids.group(entry.name()) : ids.user(entry.name());
            } catch (IOException e) {
                local = OptionalInt.empty();
            }
        }
        known.put(entry.uid(), local.orElse(entry.uid()));
    }

    /** {@code entry} with this host's ids for the names the sender gave its owner and group. */
    Entry localize(Entry entry) throws ProtocolException {
        Integer namedUid = users.get(entry.uid());
        Integer namedGid = groups.get(entry.gid());
        int uid = namedUid != null ? namedUid : unnamed(userMap, entry.uid());
        int gid = namedGid != null ? namedGid : unnamed(groupMap, entry.gid());
        if (uid == entry.uid() && gid == entry.gid()) {
            return entry;
        }
        return entry.withOwner(uid, gid);
    }

    /** What the map makes of an id the sender did not name. */
    private int unnamed(OwnerMap map, int id) throws ProtocolException {
        try {
            return map.map(id, named && id == 0 ? "root" : "").orElse(id);
        } catch (FilterTooComplexException e) {
            throw new ProtocolException("the owner map's wildcards are too complex");
        }
    }
}
