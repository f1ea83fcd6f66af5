package dev.rdcp.transfer;

import dev.rdcp.posix.ProcessIdentities;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.SessionRequest;
import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.IntSupplier;

/**
 * The sender's half of rsync's owner mapping (-o/-g without --numeric-ids): each uid and gid the
 * list carries is looked up once and its name announced in an ID_NAME entry before the first
 * entry that carries it. Id 0 is never named (root is root everywhere, as rsync has it), nor an
 * id without a name: the receiver keeps those numbers.
 */
final class IdNaming {

    /** Where names come from: NSS in a real session. */
    interface Names {
        /** The name of {@code uid}, or null when it has none. */
        byte[] user(int uid) throws IOException;

        /** The name of {@code gid}, or null when it has none. */
        byte[] group(int gid) throws IOException;
    }

    static final Names SYSTEM = new Names() {
        @Override
        public byte[] user(int uid) throws IOException {
            return ProcessIdentities.userName(uid, Entry.MAX_ID_NAME);
        }

        @Override
        public byte[] group(int gid) throws IOException {
            return ProcessIdentities.groupName(gid, Entry.MAX_ID_NAME);
        }
    };

    private final Names names;
    private final boolean users;
    private final boolean groups;
    private final Set<Integer> seenUsers = new HashSet<>();
    private final Set<Integer> seenGroups = new HashSet<>();

    private IdNaming(Names names, boolean users, boolean groups) {
        this.names = names;
        this.users = users;
        this.groups = groups;
    }

    /** The naming {@code options} ask for, or null when ids travel as numbers only. */
    static IdNaming of(TransferOptions options, Names names) {
        boolean users = options.has(SessionRequest.OWNERS);
        boolean groups = options.has(SessionRequest.GROUPS);
        if (options.has(SessionRequest.NUMERIC_IDS) || (!users && !groups)) {
            return null;
        }
        return new IdNaming(names, users, groups);
    }

    /** Emits the ID_NAME entries an entry owned by {@code uid}:{@code gid} needs first, numbered by {@code index}. */
    void announce(int uid, int gid, IntSupplier index, Consumer<Entry> out) {
        if (users && uid != 0 && seenUsers.add(uid)) {
            byte[] name = lookup(uid, false);
            if (name != null) {
                out.accept(Entry.idName(index.getAsInt(), false, uid, name));
            }
        }
        if (groups && gid != 0 && seenGroups.add(gid)) {
            byte[] name = lookup(gid, true);
            if (name != null) {
                out.accept(Entry.idName(index.getAsInt(), true, gid, name));
            }
        }
    }

    /** A name service that fails is treated as one without the name: the id then travels as a number. */
    private byte[] lookup(int id, boolean group) {
        try {
            byte[] name = group ? names.group(id) : names.user(id);
            return name == null || name.length == 0 || name.length > Entry.MAX_ID_NAME ? null : name;
        } catch (IOException e) {
            return null;
        }
    }
}
