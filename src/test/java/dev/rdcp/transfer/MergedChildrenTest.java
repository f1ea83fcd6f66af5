package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** rsync's rule for a name several dir/ operands hold: the first directory wins, else the first entry. */
class MergedChildrenTest {

    private static List<byte[]> names(String... names) {
        List<byte[]> list = new ArrayList<>();
        for (String name : names) {
            list.add(name.getBytes(StandardCharsets.UTF_8));
        }
        return list;
    }

    /** Sources' directories as "SOURCE:NAME"; nothing excluded but what {@code excluded} names. */
    private static MergedChildren.Judge judge(Set<String> directories, Set<String> excluded) {
        return new MergedChildren.Judge() {
            @Override
            public boolean isDirectory(int source, byte[] name) {
                return directories.contains(source + ":" + new String(name, StandardCharsets.UTF_8));
            }

            @Override
            public boolean excluded(byte[] name, boolean directory) {
                return excluded.contains(new String(name, StandardCharsets.UTF_8) + (directory ? "/" : ""));
            }
        };
    }

    private static String shown(MergedChildren.Child child) {
        StringBuilder shown = new StringBuilder(new String(child.name(), StandardCharsets.UTF_8))
                .append('@').append(child.source());
        for (int merged : child.mergedDirectories()) {
            shown.append('+').append(merged);
        }
        return shown.toString();
    }

    @Test
    void eachNameOnceInByteOrderTheFirstEntryWinning() {
        List<MergedChildren.Child> children = MergedChildren.of(List.of(names("x", "b", "\u00e9"), names("a", "x")),
                judge(Set.of(), Set.of()));
        assertEquals(List.of("a@1", "b@0", "x@0", "\u00e9@0"), children.stream().map(MergedChildrenTest::shown).toList());
    }

    @Test
    void aDirectoryWinsOverFilesAndLaterDirectoriesMergeIntoIt() {
        List<MergedChildren.Child> children = MergedChildren.of(List.of(names("d", "e"), names("d", "e"),
                names("d", "e")), judge(Set.of("1:d", "2:d", "0:e", "2:e"), Set.of()));
        assertEquals(List.of("d@1+2", "e@0+2"), children.stream().map(MergedChildrenTest::shown).toList());
    }

    @Test
    void anEntryTheFiltersLeaveOutDoesNotWin() {
        // "- d/" leaves out directories named d: the second source's file d is the one listed.
        List<MergedChildren.Child> children = MergedChildren.of(List.of(names("d"), names("d")),
                judge(Set.of("0:d"), Set.of("d/")));
        assertEquals(List.of("d@1"), children.stream().map(MergedChildrenTest::shown).toList());
    }

    @Test
    void oneSourceIsSortedAsItIs() {
        List<MergedChildren.Child> children = MergedChildren.single(names("b", "a"));
        assertArrayEquals("a".getBytes(StandardCharsets.UTF_8), children.get(0).name());
        assertEquals(0, children.get(1).mergedDirectories().length);
    }
}
