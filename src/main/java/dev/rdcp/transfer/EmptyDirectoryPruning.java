package dev.rdcp.transfer;

import dev.rdcp.protocol.EntryType;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Iterator;
import java.util.function.Supplier;

/**
 * -m: the list without the directories that hold no non-directory (after the filters), as rsync's
 * --prune-empty-dirs leaves them out; the top of the transfer (".") stays. A directory's entry is
 * held back until something other than a directory turns up beneath it, and dropped with its
 * DIRECTORY_END, or as soon as the list has moved past it, when nothing has. Whatever comes
 * while a directory is held (problems, owner names) is held too, so entries keep their order.
 */
final class EmptyDirectoryPruning {

    private final Supplier<ListedEntry> source;
    /** What waits for a held directory to be released or dropped, in list order. */
    private final ArrayDeque<ListedEntry> held = new ArrayDeque<>();
    /** The held directories, innermost first: each is inside the one below it. */
    private final ArrayDeque<ListedEntry> pending = new ArrayDeque<>();
    private final ArrayDeque<ListedEntry> out = new ArrayDeque<>();
    private boolean ended;

    EmptyDirectoryPruning(Supplier<ListedEntry> source) {
        this.source = source;
    }

    /** The next entry of the pruned list, or null when it is complete. */
    ListedEntry next() {
        while (out.isEmpty() && !ended) {
            ListedEntry listed = source.get();
            if (listed == null) {
                ended = true;
                while (!pending.isEmpty()) {
                    drop(pending.pop());
                }
                release();
            } else {
                take(listed);
            }
        }
        return out.poll();
    }

    private void take(ListedEntry listed) {
        EntryType type = listed.entry().type();
        if (type == EntryType.PROBLEM || type == EntryType.ID_NAME) {
            (held.isEmpty() ? out : held).add(listed);
            return;
        }
        byte[] name = listed.entry().name();
        while (!pending.isEmpty() && !inside(name, pending.peek().entry().name())
                && !(type == EntryType.DIRECTORY_END && Arrays.equals(name, pending.peek().entry().name()))) {
            // The list has moved past it with nothing in it: a directory -d or -x did not walk, or an empty one.
            drop(pending.pop());
        }
        if (type == EntryType.DIRECTORY && !isTop(name)) {
            held.add(listed);
            pending.push(listed);
        } else if (type == EntryType.DIRECTORY_END && !pending.isEmpty()
                && Arrays.equals(name, pending.peek().entry().name())) {
            drop(pending.pop());
        } else {
            pending.clear();
            held.add(listed);
        }
        if (pending.isEmpty()) {
            release();
        }
    }

    private void drop(ListedEntry directory) {
        for (Iterator<ListedEntry> it = held.iterator(); it.hasNext(); ) {
            if (it.next() == directory) {
                it.remove();
                return;
            }
        }
    }

    private void release() {
        out.addAll(held);
        held.clear();
    }

    private static boolean isTop(byte[] name) {
        return name.length == 1 && name[0] == '.';
    }

    /** Whether {@code name} lies beneath directory {@code directory}. */
    private static boolean inside(byte[] name, byte[] directory) {
        return name.length > directory.length + 1 && name[directory.length] == '/'
                && Arrays.equals(name, 0, directory.length, directory, 0, directory.length);
    }
}
