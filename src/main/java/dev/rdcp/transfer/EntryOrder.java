package dev.rdcp.transfer;

import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ProtocolException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
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
 * <li>a name listed as a directory in this session is never listed as anything else.</li>
 * </ul>
 * A violation fails the session. What it remembers is charged to the session's {@link SessionBudget}.
 */
final class EntryOrder {

    private static final String ROOT = ".";
    /** What remembering one child name of an open directory costs, beyond its bytes. */
    private static final int CHILD_COST = 64;

    private final SessionBudget budget;
    /** Directories listed and not yet ended, each with the names listed in it so far. */
    private final Map<String, Set<String>> open = new HashMap<>();
    /** Top-level names listed while "." was not open. */
    private final Set<String> loose = new HashSet<>();
    /** Every name listed as a directory in this session. */
    private final Set<String> directories = new HashSet<>();

    EntryOrder(SessionBudget budget) {
        this.budget = budget;
    }

    /** Checks {@code entry} against what was listed before it, and records it. */
    void check(Entry entry) throws ProtocolException {
        if (entry.type() == EntryType.PROBLEM || entry.type() == EntryType.ID_NAME) {
            return;
        }
        String name = new String(entry.name(), StandardCharsets.ISO_8859_1);
        if (entry.type() == EntryType.DIRECTORY_END) {
            Set<String> children = open.remove(name);
            if (children == null) {
                throw violation(entry, "ends a directory that is not open");
            }
            for (String child : children) {
                budget.release(childCost(child));
            }
            return;
        }
        if (directories.contains(name) && entry.type() != EntryType.DIRECTORY) {
            throw violation(entry, "was listed as a directory before");
        }
        if (!name.equals(ROOT)) {
            int slash = name.lastIndexOf('/');
            String parent = slash < 0 ? ROOT : name.substring(0, slash);
            Set<String> siblings = open.get(parent);
            if (siblings == null && parent.equals(ROOT)) {
                siblings = loose;
            }
            if (siblings == null) {
                throw violation(entry, "is not inside an open directory");
            }
            String child = name.substring(slash + 1);
            budget.spend(childCost(child));
            if (!siblings.add(child)) {
                throw violation(entry, "is listed twice");
            }
        }
        if (entry.type() == EntryType.DIRECTORY) {
            if (open.putIfAbsent(name, new HashSet<>()) != null) {
                throw violation(entry, "is listed again before its end");
            }
            if (directories.add(name)) {
                budget.spend(SessionBudget.DIRECTORY_COST + 4L * name.length());
            }
        }
    }

    private static long childCost(String child) {
        return CHILD_COST + 2L * child.length();
    }

    private static ProtocolException violation(Entry entry, String what) {
        return new ProtocolException("entry " + entry.index() + " (" + entry.type() + " "
                + FileNames.display(entry.name()) + ") " + what);
    }
}
