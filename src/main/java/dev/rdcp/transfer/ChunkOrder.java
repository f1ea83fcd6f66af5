package dev.rdcp.transfer;

import dev.rdcp.protocol.ChunkBatch;
import dev.rdcp.protocol.ControlHeader;
import dev.rdcp.protocol.ProtocolException;
import java.nio.ByteBuffer;

/**
 * Puts the CHUNKS messages of several streams back into the sender's order, and fences the
 * sender's END behind them. Nothing orders one RC connection against another, so a CHUNKS may
 * arrive before an earlier one sent on another stream, or after the END sent on stream 0. One that
 * comes early is copied into a holding buffer until its turn. At most one CHUNKS per staging slot
 * is in flight, so a sequence at or beyond {@code handled + slots} cannot be honest, and the
 * holding buffers, one message each per slot, are allocated once.
 */
final class ChunkOrder {

    private final ByteBuffer[] held;
    private final boolean[] occupied;
    private int next;
    private int endCount = -1;

    ChunkOrder(int slots) {
        this.held = new ByteBuffer[slots];
        this.occupied = new boolean[slots];
        for (int i = 0; i < slots; i++) {
            held[i] = ByteBuffer.allocate(ControlHeader.MAX_MESSAGE);
        }
    }

    /**
     * Takes a CHUNKS payload as it arrives: true if it is the next in sequence, to be handled now;
     * otherwise it is kept (copied: the payload is valid only during the transport's call).
     */
    boolean arrived(ByteBuffer payload) throws ProtocolException {
        int sequence = ChunkBatch.peekSequence(payload);
        if (endCount >= 0 && sequence >= endCount) {
            throw new ProtocolException("CHUNKS " + sequence + " after an END that counted " + endCount);
        }
        if (sequence == next) {
            return true;
        }
        int at = sequence % held.length;
        if (sequence < next || sequence - next >= held.length || occupied[at]) {
            throw new ProtocolException("CHUNKS " + sequence + " is out of sequence (expected " + next + ")");
        }
        held[at].clear().put(0, payload, payload.position(), payload.remaining()).limit(payload.remaining());
        occupied[at] = true;
        return false;
    }

    /** The CHUNKS next in sequence was handled. */
    void handled() {
        next++;
    }

    /** The kept CHUNKS that is next in sequence, if it is here; it is then no longer kept. */
    ByteBuffer takeNext() {
        int at = next % held.length;
        if (!occupied[at]) {
            return null;
        }
        occupied[at] = false;
        return held[at];
    }

    /** The sender's END counted {@code count} CHUNKS in all. */
    void endAfter(int count) throws ProtocolException {
        if (endCount >= 0) {
            throw new ProtocolException("a second END from the sender");
        }
        if (count < next) {
            throw new ProtocolException("END counts " + count + " CHUNKS, but " + next + " arrived");
        }
        endCount = count;
    }

    /** True once the sender's END is here and every CHUNKS it counts has been handled. */
    boolean endReady() {
        return endCount >= 0 && next == endCount;
    }
}
