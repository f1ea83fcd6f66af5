package dev.rdcp.transfer;

import dev.rdcp.posix.FileStatus;
import dev.rdcp.posix.PathErrors;
import dev.rdcp.protocol.ChunkBatch;
import dev.rdcp.protocol.ControlHeader;
import dev.rdcp.protocol.ControlType;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ErrorMessage;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ExtendedOptions;
import dev.rdcp.protocol.MrMessage;
import dev.rdcp.protocol.PeerText;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.ReceiverCounts;
import dev.rdcp.protocol.ReceiverEnd;
import dev.rdcp.protocol.SenderEnd;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.transport.PeerWatch;
import dev.rdcp.transport.Region;
import dev.rdcp.transport.ResourceStack;
import dev.rdcp.transport.Transport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.zip.CRC32C;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The receiving side, rsync's receiver: it advertises registered staging buffers (MR), checks
 * each piece the sender wrote into one against its CRC32C, writes it into a temporary file that
 * is renamed into place once complete, and re-advertises the buffer. Each ENTRIES message goes to
 * the {@link Generator}, whose decisions are the WANTS answer. What the sender should hear of
 * (failed files, deletions) rides on those answers; the session ends with END and BYE.
 */
public final class FileReceiver implements AutoCloseable {

    private static final Logger LOG = LogManager.getLogger(FileReceiver.class);
    private static final long TICK_MS = 1000;

    private final Transport transport;
    /** Made once: a method reference evaluated per poll would allocate per poll. */
    private final Transport.Handler onMessage = this::onMessage;
    private final PeerWatch watch;
    private final Destination destination;
    private final TransferOptions options;
    private final TransferListener listener;
    private final Region stagingRegion;
    private final ByteBuffer[] slots;
    private final Attributes attributes;
    private final ReportQueue reports;
    private final Generator generator;
    private final Backups backups;
    private final DelayedUpdates delayedUpdates;
    private final SessionBudget budget;
    private final ArrayDeque<Incoming> wanted = new ArrayDeque<>();
    private final ChunkBatch batch = new ChunkBatch();
    private final ChunkOrder order;
    private boolean endHandled;
    private final CRC32C crc = new CRC32C();
    /** -S: runs of zero blocks become holes. */
    private final boolean sparse;
    /** The sender may tell a file's size at open (SIZE pieces). */
    private final boolean sizeAtOpen;
    private final FileWrites writes;
    /** What this side made and deleted, by kind, for its END and --stats. */
    private final ReceiverTally tally = new ReceiverTally();
    /** File data the peer wrote here, for rsync's "received N bytes". */
    private long dataBytesReceived;
    private boolean endSent;
    private boolean byeReceived;

    private FileReceiver(Transport transport, Destination destination, TransferOptions options,
            TransferListener listener, Region stagingRegion, BookkeepingPool pool) {
        this.transport = transport;
        this.budget = new SessionBudget(SessionBudget.MAX_BYTES, pool);
        this.watch = transport.watch();
        this.destination = destination;
        this.reports = new ReportQueue(listener, budget, options.receiver().extended().has(ExtendedOptions.INFO_BACKUP));
        this.backups = new Backups(destination, options, reports::backedUp);
        this.options = options;
        this.listener = listener;
        this.stagingRegion = stagingRegion;
        this.slots = new ByteBuffer[options.slots()];
        this.order = new ChunkOrder(options.slots());
        this.sparse = options.has(SessionRequest.SPARSE);
        this.sizeAtOpen = options.receiver().extended().has(ExtendedOptions.SIZE_AT_OPEN);
        this.writes = FileWrites.of(options);
        for (int i = 0; i < slots.length; i++) {
            slots[i] = stagingRegion.buffer().slice(i * options.chunkSize(), options.chunkSize());
        }
        this.attributes = new Attributes(options, destination);
        this.generator = new Generator(destination, options, listener, attributes, reports, tally,
                wanted::add, StopRequest.checking(watch::busy), budget);
        this.delayedUpdates = new DelayedUpdates(destination, options, backups, reports, budget);
    }

    /**
     * Registers the staging buffers: the only memory the peer may write. {@code destination} stays
     * the caller's to close, after this receiver.
     */
    public static FileReceiver create(Transport transport, Destination destination, TransferOptions options,
            TransferListener listener) throws IOException {
        return create(transport, destination, options, listener, BookkeepingPool.unbounded());
    }

    /** As above, the session's bookkeeping drawn from {@code pool}, which a daemon's sessions share. */
    public static FileReceiver create(Transport transport, Destination destination, TransferOptions options,
            TransferListener listener, BookkeepingPool pool) throws IOException {
        Region region = transport.allocate(options.stagingBytes(), true);
        try {
            return new FileReceiver(transport, destination, options, listener, region, pool);
        } catch (Throwable e) {
            // An Error too (out of memory mid-construction): the region is on no transport's stack yet.
            ResourceStack.closeAfter(region, e);
            throw e;
        }
    }

    /** Bytes of file data received so far (the chunks taken in, whatever became of their files). */
    public long dataBytesReceived() {
        return dataBytesReceived;
    }

    /** Receives until the sender's END has been answered with every report and the sender has said BYE. */
    public void run() throws IOException {
        SessionAbort.runTellingPeer(transport, "sender", () -> {
            if (!destination.waitsForEntries()) {
                generator.prepare();
            }
            for (int slot = 0; slot < slots.length; slot++) {
                advertise(slot);
            }
            // The sender closes only after this side has closed, so its close before BYE is a failure.
            while (!byeReceived) {
                StopRequest.check();
                if (transport.poll(onMessage, TICK_MS) > 0) {
                    watch.activity();
                } else {
                    watch.check();
                }
            }
        });
    }

    private void onMessage(ControlType type, ByteBuffer payload) throws IOException {
        try {
            handle(type, payload);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private void handle(ControlType type, ByteBuffer payload) throws IOException {
        switch (type) {
            case ENTRIES -> {
                listener.listMessage(ControlHeader.SIZE + payload.remaining());
                ByteBuffer out = transport.startMessage(ControlType.WANTS);
                generator.answer(payload, out);
                reports.appendTo(out);
                transport.send();
            }
            case CHUNKS -> {
                if (order.arrived(payload)) {
                    inSequence(payload);
                }
            }
            case END -> {
                order.endAfter(SenderEnd.decode(payload).chunksMessages());
                endWhenFenced();
            }
            case MORE -> {
                if (!endHandled) {
                    throw new ProtocolException("MORE before the receiver's END");
                }
                sendEnd();
            }
            case BYE -> {
                if (!endSent) {
                    throw new ProtocolException("BYE before the receiver's final END");
                }
                byeReceived = true;
            }
            case ABORT -> throw ErrorMessage.decode(payload).toPeerAbort("sender");
            default -> throw Transport.unexpected(type, "at the receiver");
        }
    }

    /** Handles a CHUNKS whose turn it is, then every kept one whose turn follows. */
    private void inSequence(ByteBuffer payload) throws IOException {
        for (ByteBuffer next = payload; next != null; next = order.takeNext()) {
            onChunks(next);
            order.handled();
        }
        endWhenFenced();
    }

    /** The sender's END takes effect only after every CHUNKS it counts, whichever stream brought them. */
    private void endWhenFenced() throws IOException {
        if (!endHandled && order.endReady()) {
            endHandled = true;
            generator.checkListDecided();
            delayedUpdates.renameAll(generator::inPlace);
            generator.finish();
            sendEnd();
        }
    }

    private void onChunks(ByteBuffer payload) throws IOException {
        batch.decode(payload);
        int slot = batch.slot();
        if (slot >= slots.length) {
            throw new ProtocolException("CHUNKS for slot " + slot + " is out of range");
        }
        ByteBuffer buffer = slots[slot];
        for (int i = 0; i < batch.count(); i++) {
            Incoming incoming = wanted.peek();
            if (incoming == null || incoming.entry.index() != batch.index(i)) {
                throw new ProtocolException("piece of entry " + batch.index(i) + " arrived out of order");
            }
            if (batch.slotOffset(i) + (long) batch.length(i) > buffer.capacity()) {
                throw new ProtocolException("piece of " + batch.length(i) + " bytes overruns its staging buffer");
            }
            if (batch.isAbandoned(i)) {
                budget.release(wanted.poll().cost());
                discard(incoming);
                if (batch.crc(i) == ExitCode.OK.code()) {
                    // Skipped, not failed (an ABANDON carries its exit code where a piece has its CRC).
                    listener.fileSkipped(incoming.name);
                }
                continue;
            }
            if (batch.isSize(i)) {
                resize(incoming, batch.fileOffset(i));
                continue;
            }
            if (!incoming.failed) {
                receivePiece(incoming, buffer, i);
            }
            if (batch.isLast(i)) {
                budget.release(wanted.poll().cost());
                finish(incoming);
            }
        }
        advertise(slot);
    }

    /**
     * A SIZE piece: {@code incoming} holds {@code size} bytes as the sender opened it. Only in a
     * session that asked for them, once per file and before its first data piece, and never the
     * listed size; anything else is a protocol error. A size past --max-size fails the file alone
     * (23): its data is not written.
     */
    private void resize(Incoming incoming, long size) throws IOException {
        if (!sizeAtOpen) {
            throw new ProtocolException("SIZE piece for " + incoming.name + " in a session without them");
        }
        if (incoming.size != incoming.entry.size() || incoming.file != null || incoming.failed) {
            throw new ProtocolException("SIZE piece for " + incoming.name + " after its data began");
        }
        if (size == incoming.entry.size()) {
            throw new ProtocolException("SIZE piece for " + incoming.name + " gives its listed size");
        }
        incoming.size = size;
        long maxSize = options.receiver().limits().maxSize();
        if (maxSize >= 0 && size > maxSize) {
            fail(incoming, ExitCode.PARTIAL.code(), incoming.name + ": grew to " + size
                    + " bytes since it was listed, past --max-size");
        }
    }

    private void receivePiece(Incoming incoming, ByteBuffer buffer, int piece) throws IOException {
        long offset = batch.fileOffset(piece);
        int length = batch.length(piece);
        if (incoming.file == null) {
            if (offset != 0 && offset != incoming.resumeOffset) {
                throw new ProtocolException(incoming.name + " starts at offset " + offset);
            }
            try {
                if (incoming.inPlace && incoming.existed && backups.enabled()) {
                    backups.keepCopy(incoming.local);
                }
                incoming.file = incoming.inPlace
                        ? InPlaceFile.open(destination.base(), incoming.local, incoming.size, writes)
                        : options.has(SessionRequest.PARTIAL)
                        ? AtomicFile.partial(destination.base(), incoming.local, offset,
                                options.receiver().partialDirectory().bytes(), generator.tempDirectory(), writes)
                        : AtomicFile.create(destination.base(), incoming.local, generator.tempDirectory(), writes);
            } catch (IOException e) {
                // As rsync: a file that cannot even be created is a partial transfer, not an I/O error.
                fail(incoming, new RdcpException(ExitCode.PARTIAL, PathErrors.reason(e)));
                return;
            }
            incoming.received = offset;
            incoming.start = offset;
            listener.fileStarted(incoming.name, incoming.size);
            try {
                incoming.file.preallocate(incoming.size);
            } catch (IOException e) {
                fail(incoming, e);
                return;
            }
        }
        if (offset != incoming.received || offset + length > incoming.size) {
            throw new ProtocolException("piece at offset " + offset + " of " + incoming.name + " is out of order");
        }
        dataBytesReceived += length;
        int at = batch.slotOffset(piece);
        buffer.clear().limit(at + length).position(at);
        crc.reset();
        crc.update(buffer);
        if ((int) crc.getValue() != batch.crc(piece)) {
            fail(incoming, new RdcpException(ExitCode.DATA_STREAM, "checksum mismatch in the chunk at offset " + offset));
            return;
        }
        buffer.position(at);
        try {
            if (sparse) {
                SparseWrites.write(incoming.file, buffer, offset);
            } else {
                incoming.file.write(buffer, offset);
            }
        } catch (IOException e) {
            fail(incoming, e);
            return;
        }
        incoming.received += length;
        listener.progress(incoming.received - incoming.start);
    }

    private void finish(Incoming incoming) throws IOException {
        if (incoming.failed) {
            return;
        }
        if (incoming.received != incoming.size) {
            fail(incoming, new RdcpException(ExitCode.DATA_STREAM, "received " + incoming.received + " of "
                    + incoming.size + " bytes"));
            return;
        }
        IOException[] xattrFailure = new IOException[1];
        // A kept --partial file may come from another run: give it all the metadata.
        boolean fresh = !options.has(SessionRequest.PARTIAL) && !incoming.inPlace;
        ReceivingFile.Finisher finisher = temp -> {
            if (fresh) {
                attributes.applyToNew(temp, incoming.entry, incoming.replacedMode);
            } else {
                attributes.apply(temp, incoming.entry);
                attributes.applyModeWithoutPermissions(temp, incoming.entry, incoming.replacedMode);
            }
            try {
                attributes.applyXattrs(temp, incoming.xattrs);
            } catch (IOException e) {
                // As rsync: the data still lands; the attributes that would not go on fail it (exit 23).
                xattrFailure[0] = e;
            }
        };
        FileStatus held = null;
        try {
            if (delayedUpdates.enabled() && incoming.file instanceof AtomicFile atomic) {
                held = atomic.hold(delayedUpdates.directory(), finisher);
            } else {
                if (incoming.existed && backups.enabled() && !incoming.inPlace) {
                    backups.keep(incoming.local);
                }
                incoming.file.commit(finisher);
            }
        } catch (AtomicFile.UnusableHoldingDirectory e) {
            // rsync's line. rsync then exits 0, as if the file had arrived: the old file stays, so it fails (23).
            fail(incoming, ExitCode.PARTIAL.code(), "Unable to create partial-dir for " + incoming.name
                    + " -- discarding completed file: " + PathErrors.reason((IOException) e.getCause()));
            return;
        } catch (IOException e) {
            fail(incoming, e);
            return;
        }
        if (xattrFailure[0] != null) {
            reports.failed(incoming.entry.index(), ExitCode.PARTIAL.code(), incoming.name + ": "
                    + PathErrors.reason(xattrFailure[0]));
        }
        if (!incoming.existed) {
            tally.created(EntryType.FILE);
        }
        listener.fileDone(incoming.name, incoming.received - incoming.start);
        generator.linkTarget(incoming.entry, incoming.local);
        // A copy without the attributes asked for is not the source's: --remove-source-files keeps it.
        if (held != null) {
            delayedUpdates.add(incoming.entry, incoming.local, incoming.existed, xattrFailure[0] == null, held);
        } else if (xattrFailure[0] == null) {
            generator.inPlace(incoming.entry);
        }
    }

    /** The sender gave the file up: it already reported why. */
    private void discard(Incoming incoming) {
        closeQuietly(incoming);
    }

    private void fail(Incoming incoming, IOException cause) {
        LOG.debug("receiving {} failed", incoming.name, PeerText.printable(cause));
        fail(incoming, cause instanceof RdcpException r ? r.exitCode().code() : ExitCode.FILE_IO.code(),
                incoming.name + ": " + PathErrors.reason(cause));
    }

    private void fail(Incoming incoming, int exitCode, String line) {
        incoming.failed = true;
        closeQuietly(incoming);
        reports.failed(incoming.entry.index(), exitCode, line);
    }

    private static void closeQuietly(Incoming incoming) {
        if (incoming.file != null) {
            try {
                incoming.file.close();
            } catch (IOException e) {
                LOG.warn("could not clean up {}: {}", PeerText.printable(incoming.file.temp().toString()),
                        PeerText.printable(PathErrors.reason(e)));
            }
        }
    }

    private void advertise(int slot) throws IOException {
        ByteBuffer out = transport.startMessage(ControlType.MR);
        MrMessage.encode(out, slot, stagingRegion.key(), stagingRegion.address() + (long) slot * options.chunkSize(),
                options.chunkSize());
        reports.appendTo(out);
        transport.send();
    }

    private void sendEnd() throws IOException {
        ByteBuffer out = transport.startMessage(ControlType.END);
        ReceiverCounts counts = tally.counts();
        int endAt = options.receiver().extended().has(ExtendedOptions.RECEIVER_COUNTS) ? ReceiverEnd.start(out, counts)
                : ReceiverEnd.start(out, counts.created().total());
        reports.appendTo(out);
        ReceiverEnd.setMore(out, endAt, !reports.isEmpty());
        endSent = reports.isEmpty();
        transport.send();
        LOG.debug("END sent ({} created, {} reports still waiting)", counts.created().total(), reports.size());
        if (endSent) {
            listener.receiverCounts(counts);
        }
    }

    /**
     * Removes every temporary file still open (keeping --partial ones), deregisters the staging
     * buffers and closes the reference directories; the destination stays its creator's to close.
     */
    @Override
    public void close() throws IOException {
        for (Incoming incoming : wanted) {
            closeQuietly(incoming);
        }
        wanted.clear();
        try {
            stagingRegion.close();
        } finally {
            try {
                backups.close();
                generator.close();
            } finally {
                budget.close();
            }
        }
    }
}
