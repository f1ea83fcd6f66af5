package dev.rdcp.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Per-directory merge files as a side walks: inheritance, 'n', '!', anchoring, the parent scan, the bounds. */
class FilterScopeTest {

    /** A tree of merge files in memory: "dir/name" → content; the directories opened are noted. */
    private static final class Tree {
        private final Map<String, String> files = new HashMap<>();
        private final List<String> opened = new ArrayList<>();

        Tree file(String path, String content) {
            files.put(path, content);
            return this;
        }

        FilterScope.MergeFiles at(String directory) {
            opened.add(directory);
            return new FilterScope.MergeFiles() {
                @Override
                public byte[] read(String name, int limit) {
                    String content = files.get(directory.equals(".") ? name
                            : directory.endsWith("/") ? directory + name : directory + "/" + name);
                    return content == null ? null : content.getBytes(StandardCharsets.UTF_8);
                }

                @Override
                public void close() {
                }
            };
        }
    }

    private static FilterScope sender(String... rules) {
        return FilterRules.parse(List.of(rules)).scope(FilterRules.Side.SENDER);
    }

    @Test
    void aDirectorysRulesComeBeforeThoseItInherits() {
        Tree tree = new Tree().file("/src/.f", "- a\n+ b\n").file("/src/d/.f", "- b\n+ a\n");
        FilterScope scope = sender(": .f");
        scope.root("/src", tree::at);
        assertTrue(scope.excludes("a", false));
        assertFalse(scope.excludes("b", false));
        scope.enter("d", tree.at("/src/d"));
        assertFalse(scope.excludes("d/a", false), "d's own rule first");
        assertTrue(scope.excludes("d/b", false));
        scope.leave();
        assertTrue(scope.excludes("x/a", false));
    }

    @Test
    void noInheritAndClear() {
        Tree tree = new Tree().file("/src/.f", "- a\n").file("/src/d/.f", "- b\n").file("/src/d/.g", "!\n- c\n")
                .file("/src/.g", "- z\n");
        FilterScope scope = sender(":n .f", ": .g");
        scope.root("/src", tree::at);
        scope.enter("d", tree.at("/src/d"));
        assertFalse(scope.excludes("d/a", false), "'n': not inherited");
        assertTrue(scope.excludes("d/b", false));
        assertFalse(scope.excludes("d/z", false), "'!' cleared what d inherited");
        assertTrue(scope.excludes("d/c", false));
    }

    /** A '/' pattern in a merge file is anchored to its directory. */
    @Test
    void anchoredToItsDirectory() {
        Tree tree = new Tree().file("/src/d/.f", "- /e\n");
        FilterScope scope = sender(": .f");
        scope.root("/src", tree::at);
        scope.enter("d", tree.at("/src/d"));
        assertTrue(scope.excludes("d/e", false));
        assertFalse(scope.excludes("d/x/e", false));
        assertFalse(scope.excludes("e", false));
    }

    /** "/NAME" reads NAME in every directory above the root too, the nearest one's rules first. */
    @Test
    void theParentScanReadsTheDirectoriesAboveTheRoot() {
        Tree tree = new Tree().file("/.f", "- a\n- b\n").file("/home/.f", "+ b\n- /u/src/c\n")
                .file("/home/u/src/.f", "- d\n");
        FilterScope scope = sender(": /.f");
        scope.root("/home/u/src/", tree::at);
        assertEquals(List.of("/", "/home", "/home/u", "/home/u/src"), tree.opened);
        assertTrue(scope.excludes("x/a", false));
        assertFalse(scope.excludes("b", false), "/home's include comes before /'s exclude");
        assertTrue(scope.excludes("c", false), "anchored to /home");
        assertTrue(scope.excludes("d", false));
        FilterScope below = sender(": /home/u/.f");
        Tree other = new Tree();
        below.root("/home/u/src", other::at);
        assertEquals(List.of("/home/u", "/home/u/src"), other.opened);
    }

    /** moveTo leaves what is not on the way and enters what is missing, as a receiver's deletions need. */
    @Test
    void moveToFollowsTheDirectoriesAsked() {
        Tree tree = new Tree().file("a/.f", "- x\n").file("a/b/.f", "- y\n").file("c/.f", "- z\n");
        FilterScope scope = sender(": .f");
        scope.root("/top", tree::at);
        scope.moveTo("a/b", tree::at);
        assertTrue(scope.excludes("a/b/x", false));
        assertTrue(scope.excludes("a/b/y", false));
        scope.moveTo("c", tree::at);
        assertFalse(scope.excludes("c/x", false));
        assertTrue(scope.excludes("c/z", false));
        assertEquals(List.of("/top", "a", "a/b", "c"), tree.opened);
    }

    /** The receiver's rules are judged from the receiver's files; a sender's rule there is not its. */
    @Test
    void eachSideKeepsItsOwnRules() {
        Tree tree = new Tree().file("/dst/.f", "H a\nP b\n");
        FilterScope receiver = FilterRules.parse(List.of(": .f")).scope(FilterRules.Side.RECEIVER);
        receiver.root("/dst", tree::at);
        assertFalse(receiver.excludes("a", false));
        assertTrue(receiver.excludes("b", false));
        FilterScope deleteExcluded = FilterRules.parse(List.of(": .f"), true).scope(FilterRules.Side.RECEIVER);
        deleteExcluded.root("/dst", new Tree().file("/dst/.f", "- c\nP d\n")::at);
        assertFalse(deleteExcluded.excludes("c", false), "--delete-excluded: a plain rule is the sender's");
        assertTrue(deleteExcluded.excludes("d", false));
    }

    @Test
    void aMergeFileMayNotReadAnotherAndErrorsDoNotShowItsText() {
        FilterScope scope = sender(": .f");
        IllegalArgumentException nested = assertThrows(IllegalArgumentException.class,
                () -> scope.root("/src", new Tree().file("/src/.f", "- a\nmerge /etc/secret\n")::at));
        assertEquals("a per-directory merge file cannot merge files or the CVS list: .f line 2", nested.getMessage());
        FilterScope other = sender(": .f");
        other.root("/src", new Tree()::at);
        IllegalArgumentException malformed = assertThrows(IllegalArgumentException.class,
                () -> other.enter("d", new Tree().file("d/.f", "top secret\n").at("d")));
        assertEquals("malformed filter rule in d/.f line 1", malformed.getMessage());
    }

    @Test
    void whatFilesMakeASideHoldIsBounded() {
        FilterScope scope = sender(": .f");
        scope.root("/src", new Tree()::at);
        String large = "- x\n".repeat(FilterScope.MAX_MERGE_FILE / 4 + 1);
        IllegalArgumentException tooLarge = assertThrows(IllegalArgumentException.class,
                () -> scope.enter("d", new Tree().file("d/.f", large).at("d")));
        assertEquals("d/.f holds more than 256 KiB of filter rules", tooLarge.getMessage());
        String many = "- x\n".repeat(FilterScope.MAX_MERGE_FILE / 4 - 1);
        IllegalArgumentException tooMany = assertThrows(IllegalArgumentException.class, () -> {
            for (int depth = 0; depth < 10; depth++) {
                scope.enter("d" + depth, new Tree().file("d" + depth + "/.f", many).at("d" + depth));
            }
        });
        assertTrue(tooMany.getMessage().endsWith("hold more than " + FilterScope.MAX_HELD_RULES
                + " filter rules or 4 Mi characters of pattern"), tooMany.getMessage());
    }

    /** A rule anchored to its directory holds the directory's path: a small file deep down must not hold gigabytes. */
    @Test
    void theCharactersOfPatternHeldAreBounded() {
        FilterScope scope = sender(": .f");
        String deep = ("d".repeat(250) + "/").repeat(12) + "e";
        scope.root("/src", new Tree()::at);
        int lines = FilterScope.MAX_HELD_CHARACTERS / deep.length() + 1;
        IllegalArgumentException tooMuch = assertThrows(IllegalArgumentException.class,
                () -> scope.enter(deep, new Tree().file(deep + "/.f", "- /a\n".repeat(lines)).at(deep)));
        assertEquals(deep + "/.f: the per-directory merge files of the directories being walked hold more than "
                + FilterScope.MAX_HELD_RULES + " filter rules or 4 Mi characters of pattern", tooMuch.getMessage());
        scope.enter("f", new Tree().file("f/.f", "- /a\n".repeat(lines)).at("f"));
        assertTrue(scope.excludes("f/a", false), "the same rules at a short path are held");
    }
}
