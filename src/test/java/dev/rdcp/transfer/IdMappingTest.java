package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.SessionRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The receiver maps the sender's named ids to its own, as rsync does, and a peer cannot make it look up names without bound. */
class IdMappingTest {

    /** This host: alice is 2001, staff is 3001; bob and wheel are unknown here. */
    private static final IdMapping.Ids HERE = new IdMapping.Ids() {
        @Override
        public OptionalInt user(byte[] name) {
            return text(name).equals("alice") ? OptionalInt.of(2001) : OptionalInt.empty();
        }

        @Override
        public OptionalInt group(byte[] name) {
            return text(name).equals("staff") ? OptionalInt.of(3001) : OptionalInt.empty();
        }
    };

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static Entry file(int uid, int gid) {
        return new Entry(9, EntryType.FILE, 0644, 0, 0, 3, uid, gid, bytes("f"), new byte[0]);
    }

    private static IdMapping mapping() {
        return new IdMapping(HERE, new SessionBudget(SessionBudget.MAX_BYTES), OwnerMap.NONE, OwnerMap.NONE, true);
    }

    @Test
    void namedIdsBecomeThisHostsIdsOfTheSameName() throws ProtocolException {
        IdMapping mapping = mapping();
        mapping.learn(Entry.idName(0, false, 1001, bytes("alice")));
        mapping.learn(Entry.idName(1, true, 1500, bytes("staff")));
        Entry local = mapping.localize(file(1001, 1500));
        assertEquals(2001, local.uid());
        assertEquals(3001, local.gid());
        assertEquals(3, local.size());
    }

    @Test
    void unknownNamesAndUnnamedIdsKeepTheirNumbers() throws ProtocolException {
        IdMapping mapping = mapping();
        mapping.learn(Entry.idName(0, false, 1002, bytes("bob")));
        mapping.learn(Entry.idName(1, true, 10, bytes("wheel")));
        Entry same = file(1002, 10);
        assertSame(same, mapping.localize(same));
        Entry unnamed = file(4242, 4343);
        assertSame(unnamed, mapping.localize(unnamed));
    }

    @Test
    void aUserNameDoesNotMapAGroupOfTheSameNumber() throws ProtocolException {
        IdMapping mapping = mapping();
        mapping.learn(Entry.idName(0, false, 1001, bytes("alice")));
        Entry local = mapping.localize(file(1001, 1001));
        assertEquals(2001, local.uid());
        assertEquals(1001, local.gid());
    }

    @Test
    void anIdNamedTwiceIsAProtocolError() throws ProtocolException {
        IdMapping mapping = mapping();
        mapping.learn(Entry.idName(0, false, 1001, bytes("alice")));
        ProtocolException e = assertThrows(ProtocolException.class,
                () -> mapping.learn(Entry.idName(1, false, 1001, bytes("bob"))));
        assertTrue(e.getMessage().contains("user id 1001 twice"), e.getMessage());
        mapping.learn(Entry.idName(2, true, 1001, bytes("staff")));
    }

    /** Each name costs a lookup (NSS may ask LDAP): a hostile sender gets a bounded number. */
    @Test
    void namesBeyondTheBoundEndTheSession() throws ProtocolException {
        List<byte[]> looked = new ArrayList<>();
        IdMapping mapping = new IdMapping(new IdMapping.Ids() {
            @Override
            public OptionalInt user(byte[] name) {
                looked.add(name);
                return OptionalInt.empty();
            }

            @Override
            public OptionalInt group(byte[] name) throws IOException {
                throw new IOException("name service down");
            }
        }, new SessionBudget(SessionBudget.MAX_BYTES), OwnerMap.NONE, OwnerMap.NONE, true);
        for (int id = 1; id <= IdMapping.MAX_NAMES; id++) {
            mapping.learn(Entry.idName(id, false, id, bytes("u" + id)));
        }
        assertThrows(ProtocolException.class, () -> mapping.learn(Entry.idName(0, false, -7, bytes("one-more"))));
        assertEquals(IdMapping.MAX_NAMES, looked.size());
        mapping.learn(Entry.idName(0, true, 77, bytes("g")));
        assertEquals(77, mapping.localize(file(1, 77)).gid(), "a failed lookup keeps the number");
    }

    @Test
    void namingSpendsTheSessionBudget() {
        IdMapping mapping = new IdMapping(HERE, new SessionBudget(100), OwnerMap.NONE, OwnerMap.NONE, true);
        assertThrows(ProtocolException.class, () -> {
            for (int id = 1; id < 10; id++) {
                mapping.learn(Entry.idName(id, false, id, bytes("alice")));
            }
        });
    }

    @Test
    void theSenderNamesEachIdOnceAndNeverRootOrANamelessId() {
        Map<Integer, String> users = Map.of(1001, "alice", 0, "root");
        Map<Integer, String> groups = Map.of(1500, "staff", 0, "root");
        IdNaming.Names names = new IdNaming.Names() {
            @Override
            public byte[] user(int uid) {
                return users.containsKey(uid) ? bytes(users.get(uid)) : null;
            }

            @Override
            public byte[] group(int gid) {
                return groups.containsKey(gid) ? bytes(groups.get(gid)) : null;
            }
        };
        IdNaming naming = IdNaming.of(TransferOptions.of(4096,
                SessionRequest.OWNERS | SessionRequest.GROUPS), names);
        List<Entry> out = new ArrayList<>();
        int[] index = {0};
        naming.announce(1001, 1500, () -> index[0]++, out::add);
        naming.announce(1001, 1500, () -> index[0]++, out::add);
        naming.announce(0, 0, () -> index[0]++, out::add);
        naming.announce(4242, 1500, () -> index[0]++, out::add);
        assertEquals(2, out.size(), out.toString());
        assertEquals("alice", text(out.get(0).name()));
        assertEquals(1001, out.get(0).uid());
        assertEquals("staff", text(out.get(1).name()));
        assertTrue(out.get(1).namesGroup());
        assertEquals(List.of(0, 1), out.stream().map(Entry::index).toList());
    }

    @Test
    void numericIdsOrNoOwnersMeansNoNaming() {
        IdNaming.Names none = new IdNaming.Names() {
            @Override
            public byte[] user(int uid) {
                throw new AssertionError("looked up");
            }

            @Override
            public byte[] group(int gid) {
                throw new AssertionError("looked up");
            }
        };
        long owners = SessionRequest.OWNERS | SessionRequest.GROUPS;
        assertNull(IdNaming.of(TransferOptions.of(4096, owners | SessionRequest.NUMERIC_IDS), none));
        assertNull(IdNaming.of(TransferOptions.of(4096, 0), none));
    }

    @Test
    void mapsComeBeforeTheNameLookupAndReachUnnamedIds() throws ProtocolException {
        IdMapping mapping = new IdMapping(HERE, new SessionBudget(SessionBudget.MAX_BYTES),
                OwnerMap.parse("--usermap", "alice:7,root:8,500-600:9", true, HERE),
                OwnerMap.parse("--groupmap", "*:staff", false, HERE), true);
        mapping.learn(Entry.idName(0, false, 1001, bytes("alice")));
        mapping.learn(Entry.idName(1, false, 1002, bytes("bob")));
        assertEquals(7, mapping.localize(file(1001, 5)).uid());
        assertEquals(1002, mapping.localize(file(1002, 5)).uid(), "no rule: bob is unknown here and keeps his id");
        assertEquals(8, mapping.localize(file(0, 5)).uid(), "id 0 is never named: it is root");
        assertEquals(9, mapping.localize(file(550, 5)).uid());
        assertEquals(3001, mapping.localize(file(550, 5)).gid(), "* matches an unnamed group");
    }

    @Test
    void withNumericIdsRootIsNotAssumed() throws ProtocolException {
        IdMapping mapping = new IdMapping(HERE, new SessionBudget(SessionBudget.MAX_BYTES),
                OwnerMap.parse("--usermap", "root:8,0:9", true, HERE), OwnerMap.NONE, false);
        assertEquals(9, mapping.localize(file(0, 5)).uid());
    }

    /** A peer's wildcard that backtracks without end against the names it sends ends the session instead. */
    @Test
    void aWildcardThatCostsTooMuchIsAProtocolError() {
        IdMapping mapping = new IdMapping(HERE, new SessionBudget(SessionBudget.MAX_BYTES),
                OwnerMap.parse("--usermap", "*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b:alice", true, HERE), OwnerMap.NONE, true);
        assertThrows(ProtocolException.class, () -> {
            for (int i = 1; i <= 40; i++) {
                mapping.learn(Entry.idName(i, false, 1000 + i, bytes("a".repeat(Entry.MAX_ID_NAME))));
            }
        });
    }
}
