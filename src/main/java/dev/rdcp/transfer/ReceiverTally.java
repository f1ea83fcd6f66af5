package dev.rdcp.transfer;

import dev.rdcp.protocol.EntryType;

/** What the receiving side counts by kind for --stats: the entries it makes, and those --delete removes. */
interface ReceiverTally {

    /** An entry of {@code type} that did not exist here was made (or would be, in a dry run). */
    void created(EntryType type);

    /** What stood here as {@code type} was deleted (or would be, in a dry run). */
    void deleted(EntryType type);
}
