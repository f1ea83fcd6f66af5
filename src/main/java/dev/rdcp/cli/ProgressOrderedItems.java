package dev.rdcp.cli;

import dev.rdcp.protocol.ItemizedChange;
import dev.rdcp.transfer.FileNames;
import dev.rdcp.transfer.TransferListener;
import java.util.ArrayDeque;

/**
 * Under --progress, holds the lines of -v's list (or -i's) until the file they lead up to starts
 * to move, so that each file's progress comes right under its own name, as in rsync's output:
 * the receiver decides, and itemizes, a batch of entries before their data moves. Deletions and
 * notes are printed in turn, after what is held before them. At most {@link #MAX_HELD} lines
 * wait: past that the oldest is printed at once (a list of many directories and no file to move
 * must not fill the heap).
 */
final class ProgressOrderedItems implements TransferListener {

    static final int MAX_HELD = 4096;

    private final TransferListener items;
    private final ArrayDeque<ItemizedChange> held = new ArrayDeque<>();

    ProgressOrderedItems(TransferListener items) {
        this.items = items;
    }

    @Override
    public void itemized(ItemizedChange change) {
        if (held.size() == MAX_HELD) {
            items.itemized(held.poll());
        }
        held.add(change);
    }

    /** Prints what is held up to this file's own line; all of it if the file has none. */
    @Override
    public void fileStarted(String name, long size) {
        while (!held.isEmpty()) {
            ItemizedChange change = held.poll();
            items.itemized(change);
            if (FileNames.display(change.name()).equals(name)) {
                break;
            }
        }
        items.fileStarted(name, size);
    }

    @Override
    public void deleted(byte[] name) {
        release();
        items.deleted(name);
    }

    @Override
    public void fileFailed(int exitCode, String message) {
        release();
        items.fileFailed(exitCode, message);
    }

    /** Prints everything held: at the end of the transfer, when no file is left to start. */
    void release() {
        while (!held.isEmpty()) {
            items.itemized(held.poll());
        }
    }
}
