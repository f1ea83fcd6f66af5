package dev.rdcp.protocol;

import java.nio.ByteBuffer;

/**
 * What the receiving side made and what its --delete removed (or would have, in a dry run), by
 * kind: rsync's "Number of created files" and "Number of deleted files". On the wire (the
 * receiver's END with extended flag 6) the created counts, then the deleted counts.
 */
public record ReceiverCounts(EntryCounts created, EntryCounts deleted) {

    public static final int SIZE = 2 * EntryCounts.SIZE;
    public static final ReceiverCounts ZERO = new ReceiverCounts(EntryCounts.ZERO, EntryCounts.ZERO);

    void encode(ByteBuffer out) {
        created.encode(out);
        deleted.encode(out);
    }

    static ReceiverCounts decode(ByteBuffer in) throws ProtocolException {
        EntryCounts created = EntryCounts.decode(in, "END created counts");
        return new ReceiverCounts(created, EntryCounts.decode(in, "END deleted counts"));
    }
}
