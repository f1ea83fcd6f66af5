package dev.rdcp.transfer;

import dev.rdcp.protocol.EntryCounts;
import java.util.List;

/**
 * The outcome of one session, as {@code --stats} and {@code --json} print it (rsync's counters).
 *
 * @param listed entries in the file list by kind: regular files, directories, symlinks, devices and specials
 * @param created entries that did not exist on the receiver and were made there, by kind (as the
 *     receiving side counted them: on a push its END tells them, where --stats or --json asked)
 * @param deleted entries removed from the receiver by {@code --delete}, by kind (likewise)
 * @param transferred regular files whose data was sent
 * @param totalSize bytes of all regular files in the list, and of symlinks' targets (as rsync counts it)
 * @param transferredSize bytes of file data sent (a resumed file counts only what was sent): rsync's literal data
 * @param listSize bytes of the ENTRIES messages (header and payload) this side sent or received
 * @param seconds the whole session, connection set-up included
 * @param dataSeconds from the first file's start to the end: the data phase, without set-up
 * @param bytesSent messages and data this side sent once connected (rsync's "sent")
 * @param bytesReceived messages and data this side received once connected (rsync's "received")
 * @param dryRun nothing was changed ({@code -n}): the counters say what would have been
 */
public record TransferSummary(EntryCounts listed, EntryCounts created, EntryCounts deleted, long transferred,
        long totalSize, long transferredSize, long listSize, double seconds, double dataSeconds, long bytesSent,
        long bytesReceived, boolean dryRun, int exitCode, List<TransferReport.Failure> failures) {

    public TransferSummary {
        failures = List.copyOf(failures);
    }

    /** Entries in the file list, of every kind. */
    public long files() {
        return listed.total();
    }

    public double bytesPerSecond() {
        return seconds > 0 ? transferredSize / seconds : 0;
    }
}
