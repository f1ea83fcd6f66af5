package dev.rdcp.cli;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ItemizedChange;
import dev.rdcp.transfer.FileNames;
import dev.rdcp.transfer.TransferListener;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.LinkedHashSet;

/**
 * Holds the lines of -v's list (or -i's), and the deletions and notes that come between them,
 * until the file they lead up to starts to move, so that they come in rsync's order: under
 * --progress each file's progress right under its own name, and with --info=backup (or -vv) each
 * "backed up" line right after its file's name, as rsync's receiver names a file as its data
 * begins. The receiver decides, and itemizes, a batch of entries before their data moves. A
 * failure (stderr) goes out at once, after all that is held. At most {@link #MAX_HELD} lines
 * wait: past that the oldest is printed at once (a list of many directories and no file to move
 * must not fill the heap).
 *
 * <p>A file's backup is told once the file is in place, after its start printed its line (on a
 * push or a local copy, the lines of files the sender started meanwhile may come between); one
 * made before its data (--inplace) comes before its file's line, as rsync's generator backs such
 * a file up before its receiver names it; one made while the list is handled (what --delete
 * removes, what an entry of another type replaces) waits with the lines, in its turn.
 */
final class FileOrderedItems implements TransferListener {

    static final int MAX_HELD = 4096;

    private enum Kind { ITEM, BACKUP, DELETION, NOTE }

    /** A line waiting: an itemized change, a backup (a name and its backup name), a deletion or a note. */
    private record Line(Kind kind, ItemizedChange change, byte[] name, byte[] backupName, String note) {
    }

    private final TransferListener items;
    private final ArrayDeque<Line> held = new ArrayDeque<>();
    /** Files started, oldest first, whose backups may still come: at most {@link #MAX_HELD}. */
    private final LinkedHashSet<String> started = new LinkedHashSet<>();

    /** @param items prints the lines: -v's or -i's, the backups, and notes (exit code 0) as {@link #fileFailed} */
    FileOrderedItems(TransferListener items) {
        this.items = items;
    }

    @Override
    public void itemized(ItemizedChange change) {
        hold(new Line(Kind.ITEM, change, null, null, null));
    }

    /** Prints what is held up to this file's own line; all of it if the file has none. */
    @Override
    public void fileStarted(String name, long size) {
        while (!held.isEmpty()) {
            Line line = held.poll();
            print(line);
            if (isLineOf(line, name)) {
                break;
            }
        }
        if (started.size() == MAX_HELD) {
            started.remove(started.iterator().next());
        }
        started.add(name);
        items.fileStarted(name, size);
    }

    /** Prints what is held before this file's own line, and drops that line: the file is not sent. */
    @Override
    public void fileSkipped(String name) {
        if (held.stream().anyMatch(line -> isLineOf(line, name))) {
            while (!isLineOf(held.peek(), name)) {
                print(held.poll());
            }
            held.poll();
        }
        items.fileSkipped(name);
    }

    @Override
    public void backedUp(byte[] name, byte[] backupName) {
        String shown = FileNames.display(name);
        if (startedBefore(shown)) {
            items.backedUp(name, backupName);
        } else if (held.stream().anyMatch(line -> isLineOf(line, shown))) {
            while (!isLineOf(held.peek(), shown)) {
                print(held.poll());
            }
            items.backedUp(name, backupName);
        } else {
            hold(new Line(Kind.BACKUP, null, name, backupName, null));
        }
    }

    @Override
    public void deleted(byte[] name) {
        hold(new Line(Kind.DELETION, null, name, null, null));
    }

    @Override
    public void fileFailed(int exitCode, String message) {
        if (exitCode == ExitCode.OK.code()) {
            hold(new Line(Kind.NOTE, null, null, null, message));
        } else {
            release();
            items.fileFailed(exitCode, message);
        }
    }

    /** Prints everything held: at the end of the transfer, when no file is left to start. */
    void release() {
        while (!held.isEmpty()) {
            print(held.poll());
        }
    }

    private void hold(Line line) {
        if (held.size() == MAX_HELD) {
            print(held.poll());
        }
        held.add(line);
    }

    private void print(Line line) {
        switch (line.kind()) {
            case ITEM -> items.itemized(line.change());
            case BACKUP -> items.backedUp(line.name(), line.backupName());
            case DELETION -> items.deleted(line.name());
            case NOTE -> items.fileFailed(ExitCode.OK.code(), line.note());
        }
    }

    private static boolean isLineOf(Line line, String name) {
        return line.kind() == Kind.ITEM && FileNames.display(line.change().name()).equals(name);
    }

    /**
     * Whether {@code name} is a file that started (its line printed); if so it is forgotten, with
     * the files started before it, whose backups, in the order the files arrive, are past.
     */
    private boolean startedBefore(String name) {
        if (!started.contains(name)) {
            return false;
        }
        for (Iterator<String> files = started.iterator(); files.hasNext();) {
            String file = files.next();
            files.remove();
            if (file.equals(name)) {
                break;
            }
        }
        return true;
    }
}
