package dev.rdcp.transfer;

import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.ItemizedChange;
import java.util.ArrayDeque;

/**
 * The sender's side of -i on a push: the entries it listed, in index order, kept until the
 * receiver's ITEMIZED reports have passed them, so that each report (which carries only %i, the
 * name and the link) gets the entry's mode, size and time back. The receiver reports in list
 * order shortly after each entry; a hard link's report comes at the end, after its entry was
 * let go, and shows size 0. At most {@link #MAX_KEPT} entries and {@link #MAX_KEPT_BYTES} of
 * them are kept, whatever the peer does: a client pulling with -i from a daemon need never
 * report, and an entry's name and link target take up to 8 KiB, so the count alone let one
 * session hold half a gibibyte.
 */
final class ItemizedDetails {

    static final int MAX_KEPT = 65_536;
    /** Room for {@link #MAX_KEPT} entries of ordinary names; fewer of long ones. */
    static final long MAX_KEPT_BYTES = 16L << 20;

    private final ArrayDeque<Entry> kept = new ArrayDeque<>();
    private long keptBytes;

    void listed(Entry entry) {
        kept.add(entry);
        keptBytes += cost(entry);
        while (kept.size() > MAX_KEPT || keptBytes > MAX_KEPT_BYTES) {
            letGo();
        }
    }

    /** What keeping {@code entry} is estimated to cost: the record and its two arrays. */
    private static long cost(Entry entry) {
        return 96 + entry.name().length + entry.extra().length;
    }

    private Entry letGo() {
        Entry gone = kept.poll();
        keptBytes -= cost(gone);
        return gone;
    }

    /** {@code change}, the report of entry {@code index}, with what the list said of that entry. */
    ItemizedChange fill(int index, ItemizedChange change) {
        while (!kept.isEmpty() && kept.peek().index() < index) {
            letGo();
        }
        if (!kept.isEmpty() && kept.peek().index() == index) {
            return change.withDetails(letGo());
        }
        return change;
    }
}
