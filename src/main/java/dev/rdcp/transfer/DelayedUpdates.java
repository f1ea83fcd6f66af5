package dev.rdcp.transfer;

import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.posix.FileStatus;
import dev.rdcp.posix.PathErrors;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.SessionRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * --delay-updates: each file received complete, with its metadata, waits in a holding directory
 * beside its final name ({@code .~tmp~}, or the --partial-dir) until the sender's END, and then
 * all are renamed into place in a row, as rsync does, so a reader of the tree sees the old files
 * or the new ones for the shortest time. What -b keeps is kept at the rename, and
 * --remove-source-files hears of a file only once it is under its final name. A session that
 * ends early leaves the held files where they wait, as rsync's does.
 */
final class DelayedUpdates {

    static final byte[] DEFAULT_DIRECTORY = ".~tmp~".getBytes(StandardCharsets.US_ASCII);

    private record Held(Entry entry, byte[] local, boolean existed, boolean inPlaceWhenRenamed, long device,
            long inode) {
    }

    private final Destination destination;
    private final Backups backups;
    private final ReportQueue reports;
    private final SessionBudget budget;
    private final byte[] directory;
    private final boolean enabled;
    private final List<Held> held = new ArrayList<>();

    DelayedUpdates(Destination destination, TransferOptions options, Backups backups, ReportQueue reports,
            SessionBudget budget) {
        this.destination = destination;
        this.backups = backups;
        this.reports = reports;
        this.budget = budget;
        this.enabled = options.has(SessionRequest.DELAY_UPDATES);
        this.directory = options.receiver().partialDirectory().any() ? options.receiver().partialDirectory().bytes()
                : DEFAULT_DIRECTORY;
    }

    boolean enabled() {
        return enabled;
    }

    /** The holding directory, relative to each file's own directory. */
    byte[] directory() {
        return directory;
    }

    /**
     * {@code entry}, to arrive as {@code local}, is complete in the holding directory as
     * {@code status} says; {@code inPlaceWhenRenamed}: its attributes all went on, so
     * --remove-source-files may take the source once it is in place.
     */
    void add(Entry entry, byte[] local, boolean existed, boolean inPlaceWhenRenamed, FileStatus status)
            throws ProtocolException {
        budget.spend(SessionBudget.pendingCost(entry));
        held.add(new Held(entry, local, existed, inPlaceWhenRenamed, status.device(), status.inode()));
    }

    /** Renames every held file into place, in the order they arrived; {@code inPlace} hears of each that may be. */
    void renameAll(Consumer<Entry> inPlace) {
        for (Held file : held) {
            budget.release(SessionBudget.pendingCost(file.entry()));
            try {
                rename(file);
                if (file.inPlaceWhenRenamed()) {
                    inPlace.accept(file.entry());
                }
            } catch (IOException e) {
                reports.failed(file.entry().index(), ExitCode.PARTIAL.code(), FileNames.display(file.entry().name())
                        + ": " + PathErrors.reason(e));
            }
        }
        held.clear();
    }

    private void rename(Held file) throws IOException {
        byte[] leaf = FileNames.leaf(file.local());
        byte[] waiting = FileNames.join(directory, leaf);
        try (DirectoryHandle parent = destination.base().lendDirectory(FileNames.parent(file.local()))) {
            FileStatus there = parent.status(waiting);
            if (there.device() != file.device() || there.inode() != file.inode()) {
                throw new FileSystemException(FileNames.display(file.local()), null,
                        "its held copy " + FileNames.display(waiting) + " was replaced before the update");
            }
            if (file.existed() && backups.enabled()) {
                backups.keep(file.local());
            }
            parent.rename(waiting, leaf);
            try {
                parent.delete(directory, true);
            } catch (IOException e) {
                // Other files still wait in it, or another session's do: the last one out removes it.
            }
        }
    }
}
