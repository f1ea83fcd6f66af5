package dev.rdcp.transfer;

import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.Xattrs;

/** A file the generator asked for, until the receiver has its last piece. */
final class Incoming {
    final Entry entry;
    /** Its name beneath the destination's directory. */
    final byte[] local;
    final String name;
    final long resumeOffset;
    final boolean existed;
    /** The mode of the file it replaces (kept without -p), or {@link Attributes#NOTHING_REPLACED}. */
    final int replacedMode;
    /** --inplace: written under its final name, not a temporary one. */
    final boolean inPlace;
    /** -X, -A: its extended attributes, set on the receiving file before it is finished. */
    final Xattrs xattrs;
    /**
     * The bytes it will hold: its listed size, or the size the sender's SIZE piece gave at its
     * open (never the listed one, so a size that differs says a SIZE piece came).
     */
    long size;
    ReceivingFile file;
    /** Where this run's data starts: 0, or the resumed prefix. */
    long start;
    long received;
    boolean failed;

    Incoming(Entry entry, byte[] local, long resumeOffset, boolean existed, int replacedMode, boolean inPlace,
            Xattrs xattrs) {
        this.replacedMode = replacedMode;
        this.inPlace = inPlace;
        this.xattrs = xattrs;
        this.entry = entry;
        this.local = local;
        this.name = FileNames.display(entry.name());
        this.resumeOffset = resumeOffset;
        this.existed = existed;
        this.size = entry.size();
    }

    /** What remembering it until its data has arrived costs the session's budget. */
    long cost() {
        return SessionBudget.pendingCost(entry) + xattrs.encodedSize();
    }
}
