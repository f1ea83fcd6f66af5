package dev.rdcp.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * --list-only's lines in rsync's order, which sorts the whole list: "." first, then in each
 * directory its files before its subdirectories, each by name, a subdirectory followed by its
 * contents. Entries from several operands make one tree, as in rsync's list: two "dir/" operands
 * list one "." with both contents, and a name listed twice is shown once, as first listed.
 * Entries are collected first (from the local file system, or from a pull's list) and printed by
 * {@link #print}.
 */
final class Listing {

    /**
     * One listed entry: its full '/'-separated name as shown, the mode with its type bits, and a
     * symlink's target as shown (null for anything else).
     */
    record Item(String name, int mode, long size, long mtimeSeconds, String linkTarget) {
        boolean isDirectory() {
            return (mode & 0170000) == 0040000;
        }
    }

    private static final String ROOT = ".";
    private static final Comparator<Item> RSYNC_ORDER = Comparator.comparing((Item item) -> !item.name().equals(ROOT))
            .thenComparing(Item::isDirectory)
            .thenComparing(item -> baseName(item.name()));

    /** Every entry added, in the order added; a name listed again is left out. */
    private final Map<String, Item> items = new LinkedHashMap<>();

    /** Adds an entry; a name already listed is shown as first listed. */
    void add(Item item) {
        items.putIfAbsent(item.name(), item);
    }

    /** Prints every entry beneath its directory where that is listed: "dir/x" in "dir", "x" in ".". */
    void print(PrintWriter out, SizeFormat sizes) {
        List<Item> tops = new ArrayList<>();
        Map<String, List<Item>> children = new HashMap<>();
        for (Item item : items.values()) {
            String name = item.name();
            int slash = name.lastIndexOf('/');
            String parent = name.equals(ROOT) ? null : slash < 0 ? ROOT : name.substring(0, slash);
            Item directory = parent == null ? null : items.get(parent);
            if (directory != null && directory.isDirectory()) {
                children.computeIfAbsent(parent, key -> new ArrayList<>()).add(item);
            } else {
                tops.add(item);
            }
        }
        printSorted(out, tops, children, sizes);
        out.flush();
    }

    private static void printSorted(PrintWriter out, List<Item> siblings, Map<String, List<Item>> children,
            SizeFormat sizes) {
        siblings.sort(RSYNC_ORDER);
        for (Item item : siblings) {
            line(out, item, sizes);
            List<Item> inside = children.get(item.name());
            if (inside != null) {
                printSorted(out, inside, children, sizes);
            }
        }
    }

    private static void line(PrintWriter out, Item item, SizeFormat sizes) {
        String name = item.linkTarget() == null ? item.name() : item.name() + " -> " + item.linkTarget();
        out.println(ListingLine.format(item.mode(), item.size(), item.mtimeSeconds(), name, sizes));
    }

    private static String baseName(String name) {
        return name.substring(name.lastIndexOf('/') + 1);
    }
}
