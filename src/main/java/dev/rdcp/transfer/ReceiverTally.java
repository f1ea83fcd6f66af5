package dev.rdcp.transfer;

import dev.rdcp.protocol.EntryCounts;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ReceiverCounts;

/**
 * What the receiving side counts by kind for --stats: the entries it makes, and those --delete
 * removes; counted as entries are made and deleted, never per chunk.
 */
final class ReceiverTally {

    private EntryCounts created = EntryCounts.ZERO;
    private EntryCounts deleted = EntryCounts.ZERO;

    /** An entry of {@code type} that did not exist here was made (or would be, in a dry run). */
    void created(EntryType type) {
        created = created.plus(type);
    }

    /** What stood here as {@code type} was deleted (or would be, in a dry run). */
    void deleted(EntryType type) {
        deleted = deleted.plus(type);
    }

    ReceiverCounts counts() {
        return new ReceiverCounts(created, deleted);
    }
}
