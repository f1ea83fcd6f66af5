package dev.rdcp.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a REQUEST carries to the peer: only the rules its side uses, in rsync's short form, a
 * plain rule kept as "- PATTERN" or "+ PATTERN" (which every rdcp reads); and the peer, parsing
 * them with the request's --delete-excluded, judges names as the client's rules do on its side.
 */
class PeerRulesTest {

    private static final List<String> RULES = List.of("H a", "S b", "P c", "R d", "- e", "+! f", "-p g",
            "-x user.h", "-/ /i", "hide,p j", "-sr k");

    @Test
    void aReceiverGetsProtectAndRiskAsPlainRules() {
        assertEquals(List.of("- c", "+ d", "- e", "+! f", "-p g", "-x user.h", "-/ /i", "- k"),
                FilterRules.parse(RULES).forPeer(FilterRules.Side.RECEIVER));
    }

    @Test
    void aSenderGetsHideAndShowAsPlainRulesAndNothingPerishable() {
        assertEquals(List.of("- a", "+ b", "- e", "+! f", "- g", "-x user.h", "-/ /i", "- j", "- k"),
                FilterRules.parse(RULES).forPeer(FilterRules.Side.SENDER));
    }

    /** With --delete-excluded a plain rule is the sender's: the receiver gets the receiver's alone, marked. */
    @Test
    void withDeleteExcludedTheReceiverGetsItsOwnRulesMarked() {
        FilterRules rules = FilterRules.parse(RULES, true);
        assertEquals(List.of("-r c", "+r d", "-r k"), rules.forPeer(FilterRules.Side.RECEIVER));
        assertEquals(List.of("- a", "+ b", "- e", "+! f", "- g", "-x user.h", "-/ /i", "- j", "- k"),
                rules.forPeer(FilterRules.Side.SENDER));
    }

    /**
     * A dir-merge rule goes to both sides (each reads the files where it walks), 'e' as the
     * exclude it stands for; one without prefixes, whose rules would all be the sender's, not to
     * a receiver told --delete-excluded, as rsync's.
     */
    @Test
    void dirMergeRules() {
        List<String> rules = List.of(":e .f", ":n- .g", "dir-merge,s /.h", ":C", ":w+r .i");
        assertEquals(List.of("- .f", ": .f", ":n- .g", ":C", ":w+ .i"),
                FilterRules.parse(rules).forPeer(FilterRules.Side.RECEIVER));
        assertEquals(List.of("- .f", ": .f", ":n- .g", ": /.h", ":C"),
                FilterRules.parse(rules).forPeer(FilterRules.Side.SENDER));
        assertEquals(List.of(": .f", ":w+r .i"), FilterRules.parse(rules, true).forPeer(FilterRules.Side.RECEIVER));
    }

    @Test
    void eachSideJudgesByItsOwnRules() {
        FilterRules rules = FilterRules.parse(RULES);
        FilterScope sender = rules.scope(FilterRules.Side.SENDER);
        FilterScope receiver = rules.scope(FilterRules.Side.RECEIVER);
        assertTrue(sender.excludes("x/a", false));
        assertFalse(receiver.excludes("x/a", false));
        assertFalse(sender.excludes("c", false));
        assertTrue(receiver.excludes("c", false));
        assertFalse(sender.excludes("g", false), "'+! f' includes every name but f, before '-p g'");
        assertFalse(sender.excludes("user.h", false), "an 'x' rule names attributes, not files");
        assertTrue(sender.excludesXattr("user.h"));
    }

    /** The peer, given what {@link FilterRules#forPeer} sends, decides every name as the client's own rules. */
    @Test
    void thePeerJudgesAsTheClient() {
        List<String> names = List.of("a", "b", "c", "d", "e", "f", "g", "j", "k", "x/a", "i", "user.h");
        for (boolean deleteExcluded : List.of(false, true)) {
            FilterRules client = FilterRules.parse(RULES, deleteExcluded);
            for (FilterRules.Side side : FilterRules.Side.values()) {
                FilterScope mine = client.scope(side);
                FilterScope peers = FilterRules.parse(client.forPeer(side), deleteExcluded).scope(side);
                for (String name : names) {
                    for (boolean directory : List.of(false, true)) {
                        assertEquals(mine.excludes(name, directory), peers.excludes(name, directory),
                                side + " " + name + " " + deleteExcluded);
                        assertEquals(mine.excludesInDeletedDirectory(name, directory),
                                peers.excludesInDeletedDirectory(name, directory), side + " " + name);
                    }
                    assertEquals(mine.excludesXattr(name), peers.excludesXattr(name), side + " " + name);
                }
            }
        }
    }

    /** Each dir-merge rule is an open attempt in every directory walked: a peer may send a bounded number. */
    @Test
    void dirMergeRulesAreBounded() {
        List<String> most = java.util.stream.IntStream.range(0, FilterRules.MAX_DIR_MERGE_RULES)
                .mapToObj(i -> ": .f" + i).toList();
        assertEquals(most, FilterRules.parse(most).rules());
        List<String> tooMany = new java.util.ArrayList<>(most);
        tooMany.add(": .one-more");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> FilterRules.parse(tooMany));
        assertEquals("more than 32 dir-merge rules", refused.getMessage());
    }
}
