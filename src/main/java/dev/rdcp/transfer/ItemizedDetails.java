package dev.rdcp.transfer;

import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.ItemizedChange;
import java.util.ArrayDeque;

/**
 * The sender's side of -i on a push: the entries it listed, in index order, kept until the
 * receiver's ITEMIZED reports have passed them, so that each report (which carries only %i, the
 * name and the link) gets the entry's mode, size and time back. The receiver reports in list
 * order shortly after each entry; a hard link's report comes at the end, after its entry was
 * let go, and shows size 0. At most {@link #MAX_KEPT} entries are kept, whatever the peer does.
 */
final class ItemizedDetails {

    static final int MAX_KEPT = 65_536;

    private final ArrayDeque<Entry> kept = new ArrayDeque<>();

    void listed(Entry entry) {
        if (kept.size() == MAX_KEPT) {
            kept.poll();
        }
        kept.add(entry);
    }

    /** {@code change}, the report of entry {@code index}, with what the list said of that entry. */
    ItemizedChange fill(int index, ItemizedChange change) {
        while (!kept.isEmpty() && kept.peek().index() < index) {
            kept.poll();
        }
        if (!kept.isEmpty() && kept.peek().index() == index) {
            return change.withDetails(kept.poll());
        }
        return change;
    }
}
