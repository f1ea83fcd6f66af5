package dev.rdcp.transfer;

import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ProtocolException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * --delete as rsync's --delete-during (extended flag DELETE_DURING, docs/protocol.md "Version 7",
 * bit 8): which list entries the receiver decides in answer to which ENTRIES. The sender lists a
 * directory's other children, then names its subdirectories (SUBDIRECTORY) and ends its children
 * (CHILDREN_END) before it lists them. The receiver takes in each list message as it comes (for
 * --delete), and decides its entries in order, up to the first child of a directory whose
 * CHILDREN_END has not come: there it holds the rest. Once that end has come it deletes in the
 * directory, then decides on. Each ENTRIES it receives, a list message or an empty one asking,
 * has it decide on through at most one held message, so one answer never carries more decisions
 * (nor reports) than a list message's.
 * <p>
 * Both sides keep this account, the receiver of what it received and the sender of what it sent,
 * so the sender knows how many decisions each answer carries and asks only where one decides
 * something; a receiver whose answer says otherwise is a protocol error.
 */
final class ChildrenFirst {

    /** A file: its entry gets a decision. */
    static final byte DECIDES = 1;
    /** A child of the directory whose CHILDREN_END is due: decided only after the deletions in it. */
    static final byte WAITS = 2;
    /** A CHILDREN_END. */
    static final byte ENDS = 4;
    /** A directory named by a SUBDIRECTORY of its parent before its own entry: --delete keeps it already. */
    static final byte NAMED_BEFORE = 8;

    /** What an answer does as it decides: deletes in a directory, decides the next entry held, lets a message go. */
    interface Steps {
        void deleteDue() throws java.io.IOException;

        /** Decides the next entry held; {@code decides}: the account says it has a decision in the answer. */
        void decideNext(boolean decides) throws java.io.IOException;

        void messageDone() throws java.io.IOException;
    }

    /** The last directory listed, whose children, if it has any, end with a CHILDREN_END. */
    private byte[] due;
    /** A child of {@link #due} has been listed: its CHILDREN_END must come before another directory. */
    private boolean dueHasChildren;
    /** Open directories whose CHILDREN_END has come: their own entries follow, named before. */
    private final Set<String> childrenEnded = new HashSet<>();
    private long endsTaken;
    private long endsDecided;
    /** The deletions for the directory whose CHILDREN_END comes next are made. */
    private boolean deletedForDue;
    /** The kinds of the entries of each list message taken in and not yet decided through. */
    private final ArrayDeque<byte[]> held = new ArrayDeque<>();
    /** The next entry to decide in the oldest message held. */
    private int position;

    /**
     * The kind of {@code entry}, the next of the list: a bit set of {@link #DECIDES}, {@link #WAITS},
     * {@link #ENDS} and {@link #NAMED_BEFORE}. A SUBDIRECTORY or CHILDREN_END out of place, or a
     * directory listed before the CHILDREN_END due, is a protocol error.
     */
    byte kind(Entry entry) throws ProtocolException {
        EntryType type = entry.type();
        byte[] name = entry.name();
        switch (type) {
            case DIRECTORY -> {
                if (dueHasChildren) {
                    throw outOfPlace(entry, "comes before the CHILDREN_END of " + FileNames.display(due));
                }
                due = name;
                return childrenEnded.contains(key(FileNames.parent(name))) ? NAMED_BEFORE : 0;
            }
            case SUBDIRECTORY -> {
                if (due == null || !Arrays.equals(FileNames.parent(name), due)) {
                    throw outOfPlace(entry, "names no subdirectory of the directory whose children are listed");
                }
                return 0;
            }
            case CHILDREN_END -> {
                if (due == null || !Arrays.equals(name, due)) {
                    throw outOfPlace(entry, "ends the children of a directory other than the one listed last");
                }
                childrenEnded.add(key(name));
                due = null;
                dueHasChildren = false;
                endsTaken++;
                return ENDS;
            }
            case DIRECTORY_END -> {
                if (dueHasChildren) {
                    throw outOfPlace(entry, "comes before the CHILDREN_END of " + FileNames.display(due));
                }
                childrenEnded.remove(key(name));
                return 0;
            }
            case FILE, SYMLINK, HARDLINK, DEVICE, SPECIAL -> {
                byte kind = type == EntryType.FILE ? DECIDES : 0;
                if (due != null && Arrays.equals(FileNames.parent(name), due)) {
                    dueHasChildren = true;
                    kind |= WAITS;
                }
                return kind;
            }
            default -> {
                return 0;
            }
        }
    }

    /** Takes in a list message whose entries have {@code kinds}; an empty one (asking) holds nothing. */
    void taken(byte[] kinds) {
        if (kinds.length > 0) {
            held.add(kinds);
        }
    }

    /** List messages taken in and not yet decided through. */
    int held() {
        return held.size();
    }

    /** Whether an answer now would decide something or let a held message go. */
    boolean canDecide() {
        byte[] head = held.peek();
        return head != null && !holds(head[position]);
    }

    /**
     * One answer: decides the entries held, in order, through the end of the oldest message held
     * or up to an entry that waits for a CHILDREN_END not yet taken in, deleting in each directory
     * before the first of its children. Returns the decisions made.
     */
    int answer(Steps steps) throws java.io.IOException {
        byte[] head = held.peek();
        if (head == null) {
            return 0;
        }
        int decisions = 0;
        while (position < head.length) {
            byte kind = head[position];
            if (holds(kind)) {
                return decisions;
            }
            if (((kind & WAITS) != 0 || (kind & ENDS) != 0) && !deletedForDue) {
                steps.deleteDue();
                deletedForDue = true;
            }
            if ((kind & ENDS) != 0) {
                deletedForDue = false;
                endsDecided++;
            }
            steps.decideNext((kind & DECIDES) != 0);
            if ((kind & DECIDES) != 0) {
                decisions++;
            }
            position++;
        }
        held.poll();
        position = 0;
        steps.messageDone();
        return decisions;
    }

    /** Whether an entry of {@code kind}, next to decide, waits for a CHILDREN_END not yet taken in. */
    private boolean holds(byte kind) {
        return (kind & WAITS) != 0 && !deletedForDue && endsTaken == endsDecided;
    }

    private static String key(byte[] name) {
        return new String(name, StandardCharsets.ISO_8859_1);
    }

    private static ProtocolException outOfPlace(Entry entry, String what) {
        return new ProtocolException("entry " + entry.index() + " (" + entry.type() + " "
                + FileNames.display(entry.name()) + ") " + what);
    }
}
