package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** rsync's --usermap and --groupmap rules: parsing, errors, and the first match winning. */
class OwnerMapTest {

    /** This host: users alice 2001 and nobody 65534, group staff 3001. */
    private static final IdMapping.Ids HERE = new IdMapping.Ids() {
        @Override
        public OptionalInt user(byte[] name) {
            return switch (new String(name, StandardCharsets.UTF_8)) {
                case "alice" -> OptionalInt.of(2001);
                case "nobody" -> OptionalInt.of(65534);
                default -> OptionalInt.empty();
            };
        }

        @Override
        public OptionalInt group(byte[] name) {
            return new String(name, StandardCharsets.UTF_8).equals("staff") ? OptionalInt.of(3001) : OptionalInt.empty();
        }
    };

    private static OwnerMap users(String map) {
        return OwnerMap.parse("--usermap", map, true, HERE);
    }

    @Test
    void theFirstMatchingRuleWins() {
        OwnerMap map = users("bob:alice,b*:nobody,100-199:7,150:8,*:9");
        assertEquals(OptionalInt.of(2001), map.map(5, "bob"));
        assertEquals(OptionalInt.of(65534), map.map(5, "bert"));
        assertEquals(OptionalInt.of(7), map.map(150, "carol"));
        assertEquals(OptionalInt.of(9), map.map(200, "carol"));
        assertEquals(OptionalInt.of(9), map.map(200, ""), "* matches an unnamed id");
    }

    @Test
    void noRuleMatchesLeavesTheIdToTheNameLookup() {
        OwnerMap map = users("a?c:nobody,[xy]z:alice,0:alice");
        assertEquals(OptionalInt.of(65534), map.map(1, "abc"));
        assertEquals(OptionalInt.of(2001), map.map(1, "yz"));
        assertEquals(OptionalInt.empty(), map.map(1, "abcd"));
        assertEquals(OptionalInt.empty(), map.map(1, "zz"));
        assertEquals(OptionalInt.of(2001), map.map(0, "root"));
        assertEquals(OptionalInt.empty(), OwnerMap.NONE.map(0, "root"));
    }

    @Test
    void anIdAbove2To31IsUnsigned() {
        OwnerMap map = users("4000000000-4294967295:5");
        assertEquals(OptionalInt.of(5), map.map((int) 4_294_967_295L, ""));
        assertEquals(OptionalInt.empty(), map.map(7, ""));
    }

    @Test
    void aTargetUnknownHereDropsItsRule() {
        OwnerMap map = users("*:nosuchuser,*:alice");
        assertEquals(OptionalInt.of(2001), map.map(1, "x"));
        OwnerMap groups = OwnerMap.parse("--groupmap", "*:alice,x:staff", false, HERE);
        assertEquals(OptionalInt.empty(), groups.map(1, "y"));
        assertEquals(OptionalInt.of(3001), groups.map(1, "x"));
    }

    @Test
    void aNumericTargetIsAnId() {
        assertEquals(OptionalInt.of(4242), users("*:4242").map(1, "x"));
    }

    @Test
    void malformedMapsGiveRsyncsMessages() {
        assertEquals("No colon found in --usermap: root", OwnerMap.syntaxError("--usermap", "root"));
        assertEquals("No name found after colon --groupmap: a:", OwnerMap.syntaxError("--groupmap", "x:y,a:"));
        assertEquals("Invalid number in --usermap: 5-", OwnerMap.syntaxError("--usermap", "5-:x"));
        assertEquals("Invalid number in --usermap: 5a", OwnerMap.syntaxError("--usermap", "5a:x"));
        assertEquals("Invalid number in --usermap: 1-2-3", OwnerMap.syntaxError("--usermap", "1-2-3:x"));
        assertNull(OwnerMap.syntaxError("--usermap", "abc-5:x,1-2:y,*:z,:w"));
        assertThrows(IllegalArgumentException.class, () -> users("a:b,c"));
    }

    @Test
    void unknownTargetsAreWarnedOfWithRsyncsText() {
        assertEquals(List.of("Unknown --usermap name on receiver: no-such-user-rdcp"),
                OwnerMap.unknownTargets("--usermap", "*:no-such-user-rdcp,1:0", true));
    }
}
