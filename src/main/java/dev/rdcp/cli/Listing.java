package dev.rdcp.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * --list-only's lines in rsync's order: each operand's top entry, then each directory's entries
 * (its files, then its directories, each by name) before the contents of its subdirectories,
 * depth first. Entries are collected first (from the local file system, or from a pull's list)
 * and printed by {@link #print}.
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

    private static final Comparator<Item> RSYNC_ORDER = Comparator.comparing(Item::isDirectory)
            .thenComparing(item -> baseName(item.name()));

    private final List<Item> tops = new ArrayList<>();
    private final Map<String, List<Item>> children = new HashMap<>();

    /** Adds an entry, after its directory if that is listed: "dir/x" goes into "dir", "x" into ".". */
    void add(Item item) {
        String name = item.name();
        int slash = name.lastIndexOf('/');
        String parent = name.equals(".") ? null : slash < 0 ? "." : name.substring(0, slash);
        List<Item> siblings = parent == null ? null : children.get(parent);
        if (siblings != null) {
            siblings.add(item);
        } else {
            tops.add(item);
        }
        if (item.isDirectory()) {
            children.putIfAbsent(name, new ArrayList<>());
        }
    }

    void print(PrintWriter out, SizeFormat sizes) {
        for (Item top : tops) {
            line(out, top, sizes);
        }
        for (Item top : tops) {
            printContents(out, top, sizes);
        }
        out.flush();
    }

    private void printContents(PrintWriter out, Item directory, SizeFormat sizes) {
        List<Item> inside = children.get(directory.name());
        if (inside == null) {
            return;
        }
        inside.sort(RSYNC_ORDER);
        inside.forEach(item -> line(out, item, sizes));
        inside.forEach(item -> printContents(out, item, sizes));
    }

    private static void line(PrintWriter out, Item item, SizeFormat sizes) {
        String name = item.linkTarget() == null ? item.name() : item.name() + " -> " + item.linkTarget();
        out.println(ListingLine.format(item.mode(), item.size(), item.mtimeSeconds(), name, sizes));
    }

    private static String baseName(String name) {
        return name.substring(name.lastIndexOf('/') + 1);
    }
}
