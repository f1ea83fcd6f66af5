package dev.rdcp.transfer;

import dev.rdcp.protocol.ChunkBatch;
import dev.rdcp.protocol.SenderEnd;
import dev.rdcp.protocol.ControlType;
import dev.rdcp.protocol.CountedList;
import dev.rdcp.protocol.Decision;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.ExtendedOptions;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ErrorMessage;
import dev.rdcp.protocol.MrMessage;
import dev.rdcp.protocol.ReceiverEnd;
import dev.rdcp.transport.BootstrapChannel;
import dev.rdcp.transport.LoopbackTransport;
import dev.rdcp.transport.RdmaSettings;
import dev.rdcp.transport.RdmaTransport;
import dev.rdcp.transport.Region;
import dev.rdcp.transport.TcpTransport;
import dev.rdcp.transport.Transport;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.zip.CRC32C;

/**
 * A scripted sender: drives a real {@link FileReceiver} (with its {@link Generator}) on a
 * directory with any sequence of messages the test chooses, valid or not, in any order, through
 * the in-process {@link LoopbackTransport}, a real {@link TcpTransport} on 127.0.0.1, or (in the
 * guest) a real {@link RdmaTransport} with both queue pairs on the first device. Each call
 * sends one message and waits for its answer; once the receiver has ended (a protocol error, for
 * instance) every further call throws {@link ReceiverGone}, and {@link #finish} tells how it
 * ended.
 */
final class HostilePeer implements AutoCloseable {

    /** The receiver is no longer there to answer. */
    static final class ReceiverGone extends Exception {
        private static final long serialVersionUID = 1L;

        ReceiverGone(Throwable cause) {
            super(cause);
        }
    }

    /** Which connection the peer drives the receiver through. */
    enum Wire {
        LOOPBACK,
        TCP,
        RDMA
    }

    private static final long ANSWER_WAIT_MS = 10_000;
    /** The kit writes every piece on stream 0. */
    private static final RdmaSettings ONE_STREAM = RdmaSettings.defaults().withStreams(1);

    private final Transport transport;
    private final Transport receiverEnd;
    private final CompletableFuture<Void> receiver;
    private final TransferReport report = new TransferReport();
    private final ArrayDeque<int[]> freeSlots = new ArrayDeque<>();
    private final long[] slotAddress;
    private final ByteBuffer source;
    private final Region sourceRegion;
    private final ChunkBatch batch = new ChunkBatch();
    private int chunksSent;
    private final CRC32C crc = new CRC32C();
    private final int chunkSize;
    private final boolean endCounts;
    private List<Decision> decisions;
    private ReceiverEnd end;
    /** MR messages expected so far: one per staging buffer at the start, then one per CHUNKS. */
    private int mrsExpected;
    private int mrsReceived;
    /** The receiver's ABORT, once it has failed and said why. */
    private ErrorMessage abortHeard;

    private HostilePeer(Transport transport, Transport receiverEnd, Destination destination, TransferOptions options,
            BookkeepingPool pool) throws IOException {
        this.transport = transport;
        this.receiverEnd = receiverEnd;
        this.chunkSize = options.chunkSize();
        this.endCounts = options.receiver().extended().has(ExtendedOptions.RECEIVER_COUNTS);
        this.slotAddress = new long[options.slots()];
        this.mrsExpected = options.slots();
        this.sourceRegion = transport.allocate(options.chunkSize(), false);
        this.source = sourceRegion.buffer();
        this.receiver = CompletableFuture.runAsync(() -> {
            try (destination; Transport own = receiverEnd;
                    FileReceiver role = FileReceiver.create(own, destination, options, report, pool)) {
                try {
                    role.run();
                } finally {
                    own.disconnect();
                }
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }, HostilePeer::thread);
    }

    /** A receiver on {@code root} (the destination directory, also the root nothing may escape). */
    static HostilePeer start(Wire wire, Path root, TransferOptions options) throws IOException {
        return start(wire, Destination.of(root, true, root), options);
    }

    /** A receiver into {@code destination}, which may have no root: the confined file layer alone then stands guard. */
    static HostilePeer start(Wire wire, Destination destination, TransferOptions options) throws IOException {
        return start(wire, destination, options, BookkeepingPool.unbounded());
    }

    /** As above, the receiver's bookkeeping drawn from {@code pool} (a daemon's, shared by its sessions). */
    static HostilePeer start(Wire wire, Destination destination, TransferOptions options, BookkeepingPool pool)
            throws IOException {
        if (wire == Wire.LOOPBACK) {
            LoopbackTransport[] ends = LoopbackTransport.pair(30);
            return new HostilePeer(ends[0], ends[1], destination, options, pool);
        }
        try (ServerSocketChannel listener = ServerSocketChannel.open()
                .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            java.net.Socket near = SocketChannel.open(listener.getLocalAddress()).socket();
            java.net.Socket far = listener.accept().socket();
            BootstrapChannel senderChannel = new BootstrapChannel(near, Duration.ofSeconds(30));
            BootstrapChannel receiverChannel = new BootstrapChannel(far, Duration.ofSeconds(30));
            if (wire == Wire.TCP) {
                return new HostilePeer(TcpTransport.open(senderChannel, options.receiveBuffers(), 30),
                        TcpTransport.open(receiverChannel, options.sendBuffers(), 30), destination, options, pool);
            }
            return overRdma(senderChannel, receiverChannel, destination, options, pool);
        }
    }

    /** Each end waits for the other's endpoint and barrier, so the receiver's end comes up in a thread of its own. */
    private static HostilePeer overRdma(BootstrapChannel senderChannel, BootstrapChannel receiverChannel,
            Destination destination, TransferOptions options, BookkeepingPool pool) throws IOException {
        CompletableFuture<RdmaTransport> receiving = CompletableFuture.supplyAsync(() -> {
            try {
                return RdmaTransport.establish(receiverChannel, ONE_STREAM, options.receiveBuffers(),
                        options.sendBuffers(), options.slots(), 30, true);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }, HostilePeer::thread);
        RdmaTransport sender = null;
        try {
            sender = RdmaTransport.establish(senderChannel, ONE_STREAM, options.receiveBuffers(),
                    options.sendBuffers(), options.slots(), 30, true);
            return new HostilePeer(sender, receiving.get(30, TimeUnit.SECONDS), destination, options, pool);
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
            IOException failure = new IOException("the receiver's RDMA end did not come up", e);
            closeLate(sender, failure);
            // An end that still comes up has nobody to report to: close it, keep the first failure.
            receiving.thenAccept(late -> closeLate(late, failure));
            throw failure;
        }
    }

    private static void closeLate(Transport transport, IOException failure) {
        if (transport == null) {
            return;
        }
        try {
            transport.close();
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
    }

    private static void thread(Runnable task) {
        Thread thread = new Thread(task, "hostile-peer-receiver");
        thread.setDaemon(true);
        thread.start();
    }

    /** Sends one ENTRIES message and returns the receiver's decisions (its WANTS). */
    List<Decision> entries(Entry... entries) throws ReceiverGone {
        try {
            ByteBuffer out = transport.startMessage(ControlType.ENTRIES);
            CountedList.finish(out, CountedList.start(out), entries.length);
            for (Entry entry : entries) {
                entry.encode(out);
            }
            return sendEntries();
        } catch (IOException | RuntimeException e) {
            throw gone(e);
        }
    }

    /** One ENTRIES message of {@code entry} followed by {@code xattrs} as given, raw: a session with -X or -A. */
    List<Decision> entryWithXattrs(Entry entry, byte[] xattrs) throws ReceiverGone {
        try {
            ByteBuffer out = transport.startMessage(ControlType.ENTRIES);
            CountedList.finish(out, CountedList.start(out), 1);
            entry.encode(out);
            out.put(xattrs);
            return sendEntries();
        } catch (IOException | RuntimeException e) {
            throw gone(e);
        }
    }

    private List<Decision> sendEntries() throws IOException, ReceiverGone {
        decisions = null;
        transport.send();
        pollUntil(() -> decisions != null);
        return decisions;
    }

    /**
     * Writes {@code data} into a free staging buffer and sends the CHUNKS that names it as the
     * piece of entry {@code index} at {@code fileOffset}; waits for the buffer to come back.
     */
    void chunk(int index, long fileOffset, byte[] data, boolean last) throws ReceiverGone {
        try {
            awaitFreeSlot();
            int[] slot = freeSlots.poll();
            source.clear().put(data);
            transport.write(sourceRegion, 0, data.length, slotAddress[slot[0]], slot[1]);
            crc.reset();
            crc.update(data);
            batch.start(slot[0], chunksSent++);
            batch.add(index, 0, fileOffset, data.length, (int) crc.getValue(), last ? ChunkBatch.LAST : 0);
            ByteBuffer out = transport.startMessage(ControlType.CHUNKS);
            batch.encode(out);
            mrsExpected++;
            transport.send();
        } catch (IOException | RuntimeException e) {
            throw gone(e);
        }
        pollUntil(() -> mrsReceived >= mrsExpected);
    }

    /** A CHUNKS of one SIZE piece: entry {@code index} holds {@code size} bytes as the sender opened it. */
    void size(int index, long size) throws ReceiverGone {
        try {
            awaitFreeSlot();
            int[] slot = freeSlots.poll();
            batch.start(slot[0], chunksSent++);
            batch.add(index, 0, size, 0, 0, ChunkBatch.SIZE);
            batch.encode(transport.startMessage(ControlType.CHUNKS));
            mrsExpected++;
            transport.send();
        } catch (IOException | RuntimeException e) {
            throw gone(e);
        }
        pollUntil(() -> mrsReceived >= mrsExpected);
    }

    /** The sender's END, the receiver's ENDs (asking for MORE while it has reports), then BYE. */
    void end() throws ReceiverGone {
        try {
            new SenderEnd(chunksSent).encode(transport.startMessage(ControlType.END));
            end = null;
            transport.send();
            pollUntil(() -> end != null);
            while (end.more()) {
                transport.startMessage(ControlType.MORE);
                end = null;
                transport.send();
                pollUntil(() -> end != null);
            }
            transport.startMessage(ControlType.BYE);
            transport.send();
        } catch (IOException | RuntimeException e) {
            throw gone(e);
        }
    }

    /**
     * A send or poll that failed because the receiver hung up only echoes why it did: the cause is
     * the receiver's own error once it has ended with one, and {@code failure} otherwise.
     */
    private ReceiverGone gone(Exception failure) {
        if (abortHeard != null) {
            // As a real sender leaves on ABORT: the receiver waits for that before it ends.
            try {
                transport.disconnect();
            } catch (IOException e) {
                failure.addSuppressed(e);
            }
        }
        Throwable outcome;
        try {
            outcome = finish();
        } catch (AssertionError stillRunning) {
            stillRunning.addSuppressed(failure);
            throw stillRunning;
        }
        if (outcome == null) {
            return new ReceiverGone(failure);
        }
        ReceiverGone gone = new ReceiverGone(outcome);
        gone.addSuppressed(failure);
        return gone;
    }

    /** Waits for the receiver to end; returns what it ended with, or null when it ended well. */
    Throwable finish() {
        try {
            receiver.get(ANSWER_WAIT_MS, TimeUnit.MILLISECONDS);
            return null;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            return cause instanceof java.io.UncheckedIOException u ? u.getCause() : cause;
        } catch (InterruptedException | TimeoutException e) {
            throw new AssertionError("the receiver did not end", e);
        }
    }

    /** The ABORT the receiver sent when it failed, or null. */
    ErrorMessage abortHeard() {
        return abortHeard;
    }

    /** The receiver's tally: what it reported as failed, created, deleted. */
    TransferReport report() {
        return report;
    }

    private void awaitFreeSlot() throws ReceiverGone {
        pollUntil(() -> !freeSlots.isEmpty());
    }

    private void pollUntil(java.util.function.BooleanSupplier answered) throws ReceiverGone {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ANSWER_WAIT_MS);
        try {
            while (!answered.getAsBoolean()) {
                if (receiver.isDone()) {
                    transport.poll(this::onMessage, 0);
                    if (!answered.getAsBoolean()) {
                        throw new ReceiverGone(finish());
                    }
                    return;
                }
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("the receiver neither answered nor ended");
                }
                transport.poll(this::onMessage, 20);
            }
        } catch (IOException | RuntimeException e) {
            throw gone(e);
        }
    }

    private void onMessage(ControlType type, ByteBuffer payload) throws IOException {
        switch (type) {
            case MR -> {
                MrMessage mr = new MrMessage();
                mr.decode(payload);
                slotAddress[mr.slot()] = mr.address();
                freeSlots.add(new int[] {mr.slot(), mr.rkey()});
                mrsReceived++;
            }
            case WANTS -> {
                int count = CountedList.read(payload, ControlType.WANTS);
                decisions = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    decisions.add(Decision.decode(payload));
                }
            }
            case END -> end = ReceiverEnd.decode(payload, endCounts);
            case ABORT -> {
                abortHeard = ErrorMessage.decode(payload);
                throw new IOException("the receiver ended the session: " + abortHeard.message());
            }
            default -> throw new IOException("the receiver sent " + type);
        }
    }

    /** Entries a test lists, with owner and mode a hostile sender would choose. */
    static final class Entries {
        static final int UID = 4242;
        static final int GID = 4343;

        private Entries() {
        }

        static Entry dir(int index, String name) {
            return entry(index, EntryType.DIRECTORY, 040777, 0, name, "");
        }

        static Entry dirEnd(int index, String name) {
            return entry(index, EntryType.DIRECTORY_END, 0, 0, name, "");
        }

        static Entry file(int index, String name, long size) {
            return entry(index, EntryType.FILE, 0104777, size, name, "");
        }

        static Entry symlink(int index, String name, String target) {
            return entry(index, EntryType.SYMLINK, 0120777, target.length(), name, target);
        }

        static Entry hardlink(int index, String name, String earlier) {
            return entry(index, EntryType.HARDLINK, 0100777, 0, name, earlier);
        }

        private static Entry entry(int index, EntryType type, int mode, long size, String name, String extra) {
            return new Entry(index, type, mode, 1_000_000_000L, 0, size, UID, GID,
                    name.getBytes(StandardCharsets.UTF_8), extra.getBytes(StandardCharsets.UTF_8));
        }
    }

    @Override
    public void close() throws IOException {
        // The verbs order: no more data movement, then the source's registration, then the rest.
        try (Transport own = transport; Region region = sourceRegion) {
            transport.disconnect();
        }
        // The receiver's thread uses its end's memory until it has ended, and closing frees it.
        receiverEnd.disconnect();
        try {
            finish();
        } finally {
            receiverEnd.close();
        }
    }

    /** The chunk size the receiver's staging buffers have. */
    int chunkSize() {
        return chunkSize;
    }
}
