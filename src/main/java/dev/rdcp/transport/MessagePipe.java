package dev.rdcp.transport;

import dev.rdcp.protocol.ControlHeader;
import dev.rdcp.protocol.ControlType;
import dev.rdcp.verbs.Access;
import dev.rdcp.verbs.CompletionQueue;
import dev.rdcp.verbs.MemoryRegion;
import dev.rdcp.verbs.QueuePair;
import dev.rdcp.verbs.VerbsException;
import dev.rdcp.verbs.WorkCompletions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.EnumSet;
import java.util.List;

/**
 * Control messages over RDMA SEND/RECV, and RDMA WRITEs, on one connected queue pair.
 *
 * <p>Owns two registered rings of {@link ControlHeader#MAX_MESSAGE}-byte buffers: receive
 * buffers, all posted from the start and re-posted as soon as their message is copied out for its
 * handler, and send buffers. Every SEND is signaled so its buffer can be reused; WRITEs are not,
 * because the completion of a later SEND proves every earlier work request done. A WRITE is held
 * until the SEND that follows it and posted with it in one list: one doorbell per piece (on rxe,
 * one system call, which runs the transfer) instead of two; anything that waits posts a held
 * WRITE first. Nothing here allocates per message. The rings' memory goes to the transport,
 * which frees it once the queue pair that receives into it is gone.
 */
final class MessagePipe implements AutoCloseable {

    private static final long KIND_SHIFT = 56;
    private static final long KIND_RECV = 1;
    private static final long KIND_SEND = 2;
    private static final long KIND_WRITE = 3;
    private static final long INDEX_MASK = (1L << KIND_SHIFT) - 1;
    private static final int POLL_BATCH = 32;
    /** Send completions always come: success, or a bounded transport retry error. */
    private static final long WAIT_FOREVER_MS = Long.MAX_VALUE / 2_000_000L;

    private final QueuePair qp;
    private final CompletionQueue cq;
    private final int maxInline;
    private final int sendQueueDepth;
    private final ResourceStack owned = new ResourceStack();

    private final MemoryRegion receiveMr;
    private final ByteBuffer[] receiveBuffers;
    /** Receive completions seen while waiting for a send buffer, handled on the next poll. */
    private final int[] pendingIndex;
    private final int[] pendingLength;
    private int pendingHead;
    private int pendingCount;

    private final MemoryRegion sendMr;
    private final ByteBuffer[] sendBuffers;
    /** For each send buffer, the work-request sequence number of its SEND. */
    private final long[] sendSequence;
    private long sendsPosted;
    private long sendsCompleted;
    private long requestsPosted;
    private long requestsCompleted;
    private long completionsSeen;
    private ByteBuffer composing;
    private ControlType composingType;

    /** A WRITE taken but not posted yet: it goes out with the next SEND, or alone before any wait. */
    private boolean writeHeld;
    private long heldAddress;
    private int heldLkey;
    private int heldLength;
    private long heldRemoteAddress;
    private int heldRkey;

    private final WorkCompletions batch = new WorkCompletions(POLL_BATCH);
    /** The message being handled, copied out of its receive buffer (see {@link #deliver}). */
    private final ByteBuffer handling;

    private MessagePipe(RcConnection connection, int stream, int receiveCount, int sendCount,
            List<DirectMemory> memory) throws IOException {
        this.qp = connection.queuePair(stream);
        this.cq = connection.completionQueue(stream);
        this.maxInline = qp.capacity().maxInlineData();
        this.sendQueueDepth = qp.capacity().maxSendWr();
        owned.push(batch);
        ByteBuffer receiveRing;
        ByteBuffer sendRing;
        try {
            this.handling = DirectMemory.allocate(ControlHeader.MAX_MESSAGE, memory).buffer();
            receiveRing = DirectMemory.allocate(receiveCount * ControlHeader.MAX_MESSAGE, memory).buffer();
            sendRing = DirectMemory.allocate(sendCount * ControlHeader.MAX_MESSAGE, memory).buffer();
            this.receiveMr = owned.push(connection.protectionDomain().register(receiveRing,
                    EnumSet.of(Access.LOCAL_WRITE)));
            this.sendMr = owned.push(connection.protectionDomain().register(sendRing, EnumSet.noneOf(Access.class)));
        } catch (Throwable e) {
            owned.closeAfter(e);
            throw e;
        }
        this.receiveBuffers = slices(receiveRing, receiveCount);
        this.sendBuffers = slices(sendRing, sendCount);
        this.sendSequence = new long[sendCount];
        this.pendingIndex = new int[receiveCount];
        this.pendingLength = new int[receiveCount];
    }

    /**
     * Registers the rings and posts every receive buffer. Call it before the endpoint exchange,
     * so the peer can never send into a queue without receives. The rings' memory is added to
     * {@code memory} as soon as it is allocated, for the caller to free after the queue pair.
     */
    public static MessagePipe open(RcConnection connection, int stream, int receiveCount, int sendCount,
            List<DirectMemory> memory) throws IOException {
        MessagePipe pipe = new MessagePipe(connection, stream, receiveCount, sendCount, memory);
        try {
            for (int i = 0; i < receiveCount; i++) {
                pipe.postReceive(i);
            }
            return pipe;
        } catch (Throwable e) {
            pipe.owned.closeAfter(e);
            throw e;
        }
    }

    private static ByteBuffer[] slices(ByteBuffer ring, int count) {
        ByteBuffer[] slices = new ByteBuffer[count];
        for (int i = 0; i < count; i++) {
            // The wire's order, stated: docs/protocol.md says big-endian, whatever made the ring.
            slices[i] = ring.slice(i * ControlHeader.MAX_MESSAGE, ControlHeader.MAX_MESSAGE).order(ByteOrder.BIG_ENDIAN);
        }
        return slices;
    }

    private void postReceive(int index) throws VerbsException {
        qp.postRecv(KIND_RECV << KIND_SHIFT | index, receiveMr.address() + (long) index * ControlHeader.MAX_MESSAGE,
                receiveMr.lkey(), ControlHeader.MAX_MESSAGE);
    }

    /**
     * Starts a control message in a free send buffer and returns it positioned at the payload.
     * Waits for an earlier SEND to complete if every buffer is in flight.
     */
    public ByteBuffer startMessage(ControlType type) throws IOException {
        if (composing != null) {
            throw new IllegalStateException("a " + composingType + " message is already being composed");
        }
        while (sendsPosted - sendsCompleted >= sendBuffers.length || requestsPosted - requestsCompleted >= sendQueueDepth - 1) {
            awaitCompletions(null, WAIT_FOREVER_MS);
        }
        ByteBuffer buffer = sendBuffers[(int) (sendsPosted % sendBuffers.length)];
        buffer.clear().position(ControlHeader.SIZE);
        composing = buffer;
        composingType = type;
        return buffer;
    }

    /** Sends the message started by {@link #startMessage}. */
    public void send() throws IOException {
        ByteBuffer buffer = composing;
        int length = buffer.position();
        buffer.position(0);
        ControlHeader.write(buffer, composingType, length - ControlHeader.SIZE);
        composing = null;
        int index = (int) (sendsPosted % sendBuffers.length);
        long address = sendMr.address() + (long) index * ControlHeader.MAX_MESSAGE;
        long wrId = KIND_SEND << KIND_SHIFT | index;
        if (writeHeld) {
            writeHeld = false;
            qp.postWriteThenSend(KIND_WRITE << KIND_SHIFT, heldAddress, heldLkey, heldLength, heldRemoteAddress,
                    heldRkey, wrId, address, sendMr.lkey(), length, length <= maxInline);
        } else {
            qp.postSend(wrId, address, sendMr.lkey(), length, true, length <= maxInline);
        }
        sendsPosted++;
        sendSequence[index] = ++requestsPosted;
    }

    /** Drops the message started and not sent: its buffer is the next one taken again. */
    public void discardMessage() {
        composing = null;
    }

    /**
     * Unsignaled RDMA WRITE, held until the next SEND (which reports its completion) or until
     * anything waits. Returns its request number.
     */
    public long write(long localAddress, int lkey, int length, long remoteAddress, int rkey) throws IOException {
        postHeldWrite();
        while (requestsPosted - requestsCompleted >= sendQueueDepth - 1) {
            awaitCompletions(null, WAIT_FOREVER_MS);
        }
        writeHeld = true;
        heldAddress = localAddress;
        heldLkey = lkey;
        heldLength = length;
        heldRemoteAddress = remoteAddress;
        heldRkey = rkey;
        return ++requestsPosted;
    }

    /** Posts a held WRITE alone: nothing may wait on a request that was never posted. */
    private void postHeldWrite() throws VerbsException {
        if (writeHeld) {
            writeHeld = false;
            qp.postWrite(KIND_WRITE << KIND_SHIFT, heldAddress, heldLkey, heldLength, heldRemoteAddress, heldRkey,
                    false);
        }
    }

    /** How many completions this pipe has taken from its CQ, sends and receives alike. */
    long completionsSeen() {
        return completionsSeen;
    }

    /** True when every posted work request has completed. */
    public boolean idle() {
        return requestsCompleted == requestsPosted;
    }

    /** Every work request numbered up to this has completed. */
    public long completedThrough() {
        return requestsCompleted;
    }

    /**
     * Handles received messages (those seen earlier first), waiting up to {@code timeoutMillis}
     * for the first; returns how many were handled.
     */
    public int poll(Transport.Handler handler, long timeoutMillis) throws IOException {
        int handled = drainPending(handler);
        if (handled > 0) {
            return handled;
        }
        return awaitCompletions(handler, timeoutMillis);
    }

    /**
     * Handles what is here without waiting: messages seen earlier, then one poll of the CQ. With
     * several streams the transport sleeps on their shared channel instead.
     */
    int pollNow(Transport.Handler handler) throws IOException {
        postHeldWrite();
        int handled = drainPending(handler);
        int n = cq.poll(batch);
        return handled + handleCompletions(handler, n);
    }

    /** Asks for an event on the channel at this CQ's next completion. */
    void arm() throws VerbsException {
        postHeldWrite();
        cq.arm();
    }

    private int drainPending(Transport.Handler handler) throws IOException {
        int handled = 0;
        while (pendingCount > 0) {
            int index = pendingIndex[pendingHead];
            int length = pendingLength[pendingHead];
            pendingHead = (pendingHead + 1) % pendingIndex.length;
            pendingCount--;
            deliver(handler, index, length);
            handled++;
        }
        return handled;
    }

    /** Polls the CQ once (waiting up to the timeout); returns the number of messages handled. */
    private int awaitCompletions(Transport.Handler handler, long timeoutMillis) throws IOException {
        postHeldWrite();
        return handleCompletions(handler, cq.await(batch, timeoutMillis));
    }

    /**
     * Accounts for the {@code n} completions in the batch, queueing received messages, and only
     * then hands the queue to {@code handler}: a handler that sends may wait for completions, which
     * refills the one batch, so no handler runs while the batch is being read.
     */
    private int handleCompletions(Transport.Handler handler, int n) throws IOException {
        completionsSeen += n;
        for (int i = 0; i < n; i++) {
            long wrId = batch.wrId(i);
            long kind = wrId >>> KIND_SHIFT;
            int index = (int) (wrId & INDEX_MASK);
            if (!batch.isSuccess(i)) {
                throw batch.failure(i, kind == KIND_RECV ? "RDMA RECV" : kind == KIND_SEND ? "RDMA SEND" : "RDMA WRITE");
            }
            if (kind == KIND_SEND) {
                sendsCompleted++;
                requestsCompleted = Math.max(requestsCompleted, sendSequence[index]);
            } else if (kind == KIND_RECV) {
                queuePending(index, batch.byteLength(i));
            }
        }
        return handler == null ? 0 : drainPending(handler);
    }

    private void queuePending(int index, int length) {
        int tail = (pendingHead + pendingCount) % pendingIndex.length;
        pendingIndex[tail] = index;
        pendingLength[tail] = length;
        pendingCount++;
    }

    /**
     * Hands the handler a copy of the message, its receive buffer posted again first. A handler
     * may answer with what lets the peer send again at once (a receiver returning a staging slot
     * to the sender), and the peer may do so before this thread resumes (within microseconds from
     * another host); a SEND that finds no posted receive is refused with an RNR NAK and retried
     * only after the RNR timer (41 ms). A stream's ring holds just as many receives as it has
     * slots, so the buffer must be back before the answer goes out.
     */
    private void deliver(Transport.Handler handler, int index, int length) throws IOException {
        ByteBuffer received = receiveBuffers[index];
        received.clear().limit(length);
        handling.clear();
        handling.put(received).flip();
        postReceive(index);
        handler.onMessage(ControlHeader.read(handling, length), handling);
    }

    /** Deregisters the rings. Close it before the connection whose protection domain they belong to. */
    @Override
    public void close() throws IOException {
        owned.close();
    }
}
