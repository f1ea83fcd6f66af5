package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** -m on lists as the sender streams them: "TYPE name" in, the pruned list out. */
class EmptyDirectoryPruningTest {

    private static List<String> pruned(String... listed) {
        List<ListedEntry> entries = new ArrayList<>();
        for (String line : listed) {
            String[] parts = line.split(" ", 2);
            byte[] name = parts[1].getBytes(StandardCharsets.UTF_8);
            EntryType type = EntryType.valueOf(parts[0]);
            entries.add(new ListedEntry(type == EntryType.PROBLEM
                    ? Entry.problem(entries.size(), 23, name, name)
                    : new Entry(entries.size(), type, 0755, 0, 0, 0, 0, 0, name, new byte[0])));
        }
        Iterator<ListedEntry> source = entries.iterator();
        EmptyDirectoryPruning pruning = new EmptyDirectoryPruning(() -> source.hasNext() ? source.next() : null);
        List<String> out = new ArrayList<>();
        for (ListedEntry entry; (entry = pruning.next()) != null; ) {
            out.add(entry.entry().type() + " " + new String(entry.entry().name(), StandardCharsets.UTF_8));
        }
        return out;
    }

    @Test
    void directoriesWithoutANonDirectoryBeneathAreLeftOut() {
        assertEquals(List.of("DIRECTORY .", "DIRECTORY x", "DIRECTORY x/y", "FILE x/y/f", "DIRECTORY_END x/y",
                "DIRECTORY_END x", "FILE z", "DIRECTORY_END ."),
                pruned("DIRECTORY .", "DIRECTORY a", "DIRECTORY a/b", "DIRECTORY_END a/b", "DIRECTORY_END a",
                        "DIRECTORY x", "DIRECTORY x/e", "DIRECTORY_END x/e", "DIRECTORY x/y", "FILE x/y/f",
                        "DIRECTORY_END x/y", "DIRECTORY_END x", "FILE z", "DIRECTORY_END ."));
    }

    /** -d lists directories it does not walk (no DIRECTORY_END): the next name past one shows it empty. */
    @Test
    void aDirectoryNotWalkedIsLeftOutOnceTheListMovesPastIt() {
        assertEquals(List.of("DIRECTORY .", "FILE top", "DIRECTORY_END ."),
                pruned("DIRECTORY .", "DIRECTORY a", "DIRECTORY ab", "FILE top", "DIRECTORY_END ."));
        assertEquals(List.of(), pruned("DIRECTORY a"));
    }

    /** What comes while a directory is held keeps its place: a problem before the file that releases it. */
    @Test
    void problemsKeepTheirPlace() {
        assertEquals(List.of("DIRECTORY .", "DIRECTORY a", "PROBLEM a/gone", "SYMLINK a/l", "PROBLEM a/b/gone",
                "DIRECTORY_END a", "DIRECTORY_END ."),
                pruned("DIRECTORY .", "DIRECTORY a", "PROBLEM a/gone", "SYMLINK a/l", "DIRECTORY a/b",
                        "PROBLEM a/b/gone", "DIRECTORY_END a/b", "DIRECTORY_END a", "DIRECTORY_END ."));
    }
}
