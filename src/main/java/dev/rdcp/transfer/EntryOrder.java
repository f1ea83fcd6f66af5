package dev.rdcp.transfer;

import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ProtocolException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The order a file list must keep (docs/protocol.md, "Entry order"), checked on the receiving
 * side before an entry touches the file system, so a hostile sender cannot list a name, change
 * what it is, and have the receiver act on the old answer:
 * <ul>
 * <li>a DIRECTORY_END names a directory that is open (listed and not yet ended);</li>
 * <li>an entry inside a directory comes while that directory is open; a top-level name may also
 * come while "." is not open (a single file operand);</li>
 * <li>a name appears once in one listing of its directory (a directory may be listed again after
 * its end: each "dir/" operand lists "." anew);</li>
 * <li>a name listed as a directory in this session is never listed as anything else;</li>
 * <li>a SUBDIRECTORY names a child of an open directory, a CHILDREN_END an open directory (--delete
 * as rsync's --delete-during: {@link ChildrenFirst} checks where they come).</li>
 * </ul>
 * With --no-implied-dirs the sender does not list the leading directories of a -R or
 * --files-from name: a directory of an entry's name that is not open is then taken as listed
 * there, before the entry (as a directory, in its own directory's listing, never ended), and
 * {@link #check} names it for the receiver to make. The sender may still list such a directory
 * itself, once, later: where an operand names it after one of its files, as rsync's sender does.
 * A violation fails the session. What it remembers is charged to the session's {@link SessionBudget}.
 */
final class EntryOrder {

    private static final String ROOT = ".";

    private final SessionBudget budget;
    /** What this check has charged to {@link #budget} and not given back. */
    private long charged;
    /** Directories listed and not yet ended, each with the names listed in it so far. */
    private final Map<String, Set<String>> open = new HashMap<>();
    /** Top-level names listed while "." was not open. */
    private final Set<String> loose = new HashSet<>();
    /** Every name listed as a directory in this session. */
    private final Set<String> directories = new HashSet<>();

    /** --no-implied-dirs: directories of a name that were not listed are taken as listed. */
    private final boolean unlistedParents;
    /**
     * Directories taken as listed that the sender has not listed itself: it may still list each
     * once, where an operand names it after one of its files ("p/q/g p" with -R).
     */
    private final Set<String> impliedOnly = new HashSet<>();

    EntryOrder(SessionBudget budget, boolean unlistedParents) {
        this.budget = budget;
        this.unlistedParents = unlistedParents;
    }

    /**
     * Checks {@code entry} against what was listed before it, and records it. Returns the
     * directories of its name taken as listed (--no-implied-dirs), outermost first; usually none.
     */
    List<String> check(Entry entry) throws ProtocolException {
        if (entry.type() == EntryType.PROBLEM || entry.type() == EntryType.ID_NAME) {
            return List.of();
        }
        String name = new String(entry.name(), StandardCharsets.ISO_8859_1);
        if (entry.type() == EntryType.SUBDIRECTORY || entry.type() == EntryType.CHILDREN_END) {
            // Named ahead of its entry, or the end of a directory's children: recorded by neither.
            String directory = entry.type() == EntryType.CHILDREN_END ? name
                    : new String(FileNames.parent(entry.name()), StandardCharsets.ISO_8859_1);
            if (!open.containsKey(directory)) {
                throw violation(entry, "is not inside an open directory");
            }
            return List.of();
        }
        if (entry.type() == EntryType.DIRECTORY_END) {
            Set<String> children = open.remove(name);
            if (children == null) {
                throw violation(entry, "ends a directory that is not open");
            }
            for (String child : children) {
                release(SessionBudget.nameCost(child));
            }
            return List.of();
        }
        if (directories.contains(name) && entry.type() != EntryType.DIRECTORY) {
            throw violation(entry, "was listed as a directory before");
        }
        boolean listedAfterImplied = entry.type() == EntryType.DIRECTORY && impliedOnly.remove(name);
        List<String> implied = List.of();
        if (!name.equals(ROOT)) {
            int slash = name.lastIndexOf('/');
            String parent = slash < 0 ? ROOT : name.substring(0, slash);
            if (unlistedParents && !open.containsKey(parent) && !parent.equals(ROOT)) {
                implied = new ArrayList<>();
                imply(entry, parent, implied);
            }
            addChild(entry, name, slash, listedAfterImplied);
        }
        if (entry.type() == EntryType.DIRECTORY) {
            // Taken as listed, it is open already, with what was listed in it so far.
            if (open.putIfAbsent(name, new HashSet<>()) != null && !listedAfterImplied) {
                throw violation(entry, "is listed again before its end");
            }
            remember(name);
        }
        return implied;
    }

    /**
     * Records {@code name} (its last '/' at {@code slash}, or −1) in its open directory's listing;
     * with {@code mayBeThere}, a directory taken as listed, it may be recorded there already.
     */
    private void addChild(Entry entry, String name, int slash, boolean mayBeThere) throws ProtocolException {
        String parent = slash < 0 ? ROOT : name.substring(0, slash);
        Set<String> siblings = open.get(parent);
        if (siblings == null && parent.equals(ROOT)) {
            siblings = loose;
        }
        if (siblings == null) {
            throw violation(entry, "is not inside an open directory");
        }
        String child = name.substring(slash + 1);
        if (siblings.contains(child)) {
            if (mayBeThere) {
                return;
            }
            throw violation(entry, "is listed twice");
        }
        spend(SessionBudget.nameCost(child));
        siblings.add(child);
    }

    /**
     * Takes directory {@code name}, not open, as listed (its own directories first, where they
     * are not open either), and adds what it newly lists to {@code implied}. One listed before
     * and ended opens again without being listed in its directory a second time.
     */
    private void imply(Entry entry, String name, List<String> implied) throws ProtocolException {
        int slash = name.lastIndexOf('/');
        if (slash > 0 && !open.containsKey(name.substring(0, slash))) {
            imply(entry, name.substring(0, slash), implied);
        }
        if (!directories.contains(name)) {
            addChild(entry, name, slash, false);
            remember(name);
            implied.add(name);
            impliedOnly.add(name);
        }
        open.put(name, new HashSet<>());
    }

    private void remember(String directory) throws ProtocolException {
        if (directories.add(directory)) {
            spend(SessionBudget.DIRECTORY_COST + 4L * directory.length());
        }
    }

    private void spend(long bytes) throws ProtocolException {
        budget.spend(bytes);
        charged += bytes;
    }

    private void release(long bytes) {
        budget.release(bytes);
        charged -= bytes;
    }

    /** Gives the budget back all it holds: the list is checked again from its start by another (--delete-before). */
    void releaseAll() {
        budget.release(charged);
        charged = 0;
        open.clear();
        loose.clear();
        directories.clear();
        impliedOnly.clear();
    }

    private static ProtocolException violation(Entry entry, String what) {
        return new ProtocolException("entry " + entry.index() + " (" + entry.type() + " "
                + FileNames.display(entry.name()) + ") " + what);
    }
}
