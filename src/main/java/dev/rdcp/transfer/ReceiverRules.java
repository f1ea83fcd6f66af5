package dev.rdcp.transfer;

import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.protocol.TransferLimits;
import java.io.IOException;
import java.nio.file.NoSuchFileException;

/**
 * rsync's transfer rules that skip an entry before the quick check, as its generator does:
 * --min-size and --max-size skip regular files outside the range (nothing about them changes
 * here), and --existing skips whatever is not here yet, so nothing new is created.
 */
final class ReceiverRules {

    private final Destination destination;
    private final boolean existingOnly;
    private final TransferLimits limits;

    ReceiverRules(Destination destination, TransferOptions options) {
        this.destination = destination;
        this.existingOnly = options.has(SessionRequest.EXISTING);
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
}
