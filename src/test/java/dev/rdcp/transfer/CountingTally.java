package dev.rdcp.transfer;

import dev.rdcp.protocol.EntryCounts;
import dev.rdcp.protocol.EntryType;

/** A receiver's tally for tests that drive a {@link Generator} alone: what it counted, by kind. */
final class CountingTally implements ReceiverTally {

    EntryCounts created = EntryCounts.ZERO;
    EntryCounts deleted = EntryCounts.ZERO;

    @Override
    public void created(EntryType type) {
        created = created.plus(type);
    }

    @Override
    public void deleted(EntryType type) {
        deleted = deleted.plus(type);
    }
}
