package dev.rdcp.transfer;

import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.protocol.TransferLimits;
import java.io.IOException;
import java.nio.file.NoSuchFileException;

/**
 * rsync's transfer rules that skip an entry before the quick check, as its generator does:
 * --min-size and --max-size skip regular files outside the range (nothing about them changes
 * here), --existing skips whatever is not here yet, so nothing new is created, and
 * --ignore-existing skips whatever is, of any type, so nothing here is replaced.
 */
final class ReceiverRules {

    private final Destination destination;
    private final boolean existingOnly;
    private final boolean ignoreExisting;
    private final TransferLimits limits;

    ReceiverRules(Destination destination, TransferOptions options) {
        this.destination = destination;
        this.existingOnly = options.has(SessionRequest.EXISTING);
        this.ignoreExisting = options.has(SessionRequest.IGNORE_EXISTING);
        this.limits = options.receiver().limits();
    }

    /** --existing: files whose name is free here are skipped. */
    boolean createsNothing() {
        return existingOnly;
    }

    /**
     * --max-delete: which entries the limit leaves depends on the order of deletion, so they wait
     * for the end of the transfer and go parents first, as rsync's.
     */
    boolean limitsDeletions() {
        return limits.maxDelete() >= 0;
    }

    /** A regular file outside --min-size and --max-size. */
    boolean skipsSize(Entry entry) {
        return limits.skipsSize(entry.size());
    }

    /**
     * With --existing, a directory, symlink or hard link whose name is free here (the top
     * directory aside, which rsync makes as the destination).
     */
    boolean skipsNew(Entry entry, byte[] local) throws IOException {
        if (!existingOnly || (entry.name().length == 1 && entry.name()[0] == '.')) {
            return false;
        }
        try {
            destination.base().status(local);
            return false;
        } catch (NoSuchFileException e) {
            return true;
        }
    }

    /**
     * With --ignore-existing, a directory, symlink, hard link or node whose name something here
     * already has, whatever its type, as rsync's generator skips it; only a directory onto a
     * directory goes on, so that its contents are looked at. (Regular files are the quick
     * check's: {@link UpdateCheck}.) Beneath a non-directory so kept the lookup fails, and so
     * does the entry, as in rsync.
     */
    boolean keepsExisting(Entry entry, byte[] local) throws IOException {
        if (!ignoreExisting || (entry.name().length == 1 && entry.name()[0] == '.')) {
            return false;
        }
        try {
            int type = FileModes.type(destination.base().status(local).mode());
            return !(entry.type() == EntryType.DIRECTORY && type == FileModes.S_IFDIR);
        } catch (NoSuchFileException e) {
            return false;
        }
    }
}
