package dev.rdcp.transfer;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The children of a directory that several dir/ operands list at the same place (rsync's
 * {@code rsync -a a/ b/ dest/}), each name once, in name order, as rsync's list cleans its
 * duplicates: of the entries of one name, the first directory wins and the directories of that
 * name in the later sources merge into it; without a directory, the first entry wins. Only
 * names held by more than one source are examined, so a directory no other source shares costs
 * nothing.
 */
final class MergedChildren {

    /**
     * A name to list: the source whose entry is listed, and the later sources whose directories
     * of that name are listed with it (empty unless the winner is a directory).
     */
    record Child(byte[] name, int source, int[] mergedDirectories) {
    }

    /** What a shared name is in each source; both answers for the name as listed. */
    interface Judge {
        /** Whether {@code source}'s entry {@code name} is a directory (false if it cannot be examined). */
        boolean isDirectory(int source, byte[] name);

        /** Whether the filter rules leave {@code name} out as such an entry. */
        boolean excluded(byte[] name, boolean directory);
    }

    private static final int[] NONE = new int[0];

    private MergedChildren() {
    }

    /** The children of a directory of one source, none shared. */
    static List<Child> single(List<byte[]> names) {
        List<Child> children = new ArrayList<>(names.size());
        for (byte[] name : names) {
            children.add(new Child(name, 0, NONE));
        }
        children.sort((a, b) -> Arrays.compareUnsigned(a.name(), b.name()));
        return children;
    }

    /** The children of {@code names.get(i)}, source i's names, merged as rsync's list merges them. */
    static List<Child> of(List<List<byte[]>> names, Judge judge) {
        Map<String, int[]> holders = new HashMap<>();
        List<byte[]> distinct = new ArrayList<>();
        for (int source = 0; source < names.size(); source++) {
            for (byte[] name : names.get(source)) {
                String key = new String(name, StandardCharsets.ISO_8859_1);
                int[] held = holders.get(key);
                if (held == null) {
                    holders.put(key, new int[] {source});
                    distinct.add(name);
                } else {
                    int[] more = Arrays.copyOf(held, held.length + 1);
                    more[held.length] = source;
                    holders.put(key, more);
                }
            }
        }
        distinct.sort(Arrays::compareUnsigned);
        List<Child> children = new ArrayList<>(distinct.size());
        for (byte[] name : distinct) {
            int[] held = holders.get(new String(name, StandardCharsets.ISO_8859_1));
            children.add(held.length == 1 ? new Child(name, held[0], NONE) : shared(name, held, judge));
        }
        return children;
    }

    /** A name several sources hold: the entries the filters leave out count as absent, as in rsync's list. */
    private static Child shared(byte[] name, int[] held, Judge judge) {
        int first = -1;
        int[] directories = new int[held.length];
        int count = 0;
        for (int source : held) {
            boolean directory = judge.isDirectory(source, name);
            if (judge.excluded(name, directory)) {
                continue;
            }
            if (first < 0) {
                first = source;
            }
            if (directory) {
                directories[count++] = source;
            }
        }
        if (count > 0) {
            return new Child(name, directories[0], Arrays.copyOfRange(directories, 1, count));
        }
        // Every entry left out: the first is listed, for the filters to leave out as they do any other.
        return new Child(name, first < 0 ? held[0] : first, NONE);
    }
}
