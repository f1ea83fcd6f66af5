package dev.rdcp.transfer;

import dev.rdcp.protocol.ChunkBatch;
import dev.rdcp.protocol.ControlType;
import dev.rdcp.protocol.Decision;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.MrMessage;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.Report;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.transport.MessagePipe;
import dev.rdcp.transport.PeerWatch;
import dev.rdcp.transport.RcConnection;
import dev.rdcp.verbs.Access;
import dev.rdcp.verbs.MemoryRegion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The receiving side. It answers each ENTRIES message with one WANTS (creating directories and
 * symlinks on the way, and deciding which files need data), advertises registered staging
 * buffers (MSG_MR), checks each piece the sender RDMA-wrote into one against its CRC32C, writes it
 * into a temporary file that is renamed into place once complete, and re-advertises the buffer.
 * What the sender should hear of (failed files, deletions) rides on those answers.
 */
public final class FileReceiver implements AutoCloseable {

    private static final Logger LOG = LogManager.getLogger(FileReceiver.class);
    private static final long TICK_MS = 1000;
    private static final int MAX_QUEUED_REPORTS = 100_000;
    private static final long LINGER_NANOS = 5_000_000_000L;
    private static final long LINGER_POLL_MS = 20;

    /** A file the receiver asked for, until its last piece. */
    private static final class Incoming {
        final Entry entry;
        final Path path;
        final String name;
        final long resumeOffset;
        final boolean existed;
        AtomicFile file;
        /** Where this run's data starts: 0, or the resumed prefix. */
        long start;
        long received;
        boolean failed;

        Incoming(Entry entry, Path path, long resumeOffset, boolean existed) {
            this.entry = entry;
            this.path = path;
            this.name = FileNames.display(entry.name());
            this.resumeOffset = resumeOffset;
            this.existed = existed;
        }
    }

    /** A directory whose metadata is applied at the end, once nothing more is written into it. */
    private record DirectoryFix(Path path, Entry entry) {
    }

    private record PendingLink(Entry entry, Path path) {
    }

    private final MessagePipe pipe;
    private final PeerWatch watch;
    private final Destination destination;
    private final TransferOptions options;
    private final TransferListener listener;
    private final MemoryRegion stagingMr;
    private final ByteBuffer[] slots;
    private final UpdateCheck check;
    private final Attributes attributes;
    private final ReceiverTree tree;
    private final ArrayDeque<Incoming> wanted = new ArrayDeque<>();
    private final ArrayDeque<Report> reports = new ArrayDeque<>();
    /** By name: a directory listed again is fixed once, with what was listed last. */
    private final Map<String, DirectoryFix> directoryFixes = new LinkedHashMap<>();
    /** -H: regular files of this run that are complete here, by name, for the links that name them. */
    private final Map<String, Path> linkTargets = new HashMap<>();
    /** -H: other names of those files, made once the data has arrived (at the sender's END). */
    private final List<PendingLink> pendingLinks = new ArrayList<>();
    private final ChunkBatch batch = new ChunkBatch();
    private final CRC32C crc = new CRC32C();
    private long created;
    private boolean endSent;

    private FileReceiver(MessagePipe pipe, PeerWatch watch, Destination destination, TransferOptions options,
            TransferListener listener, MemoryRegion stagingMr, ByteBuffer staging) {
        this.pipe = pipe;
        this.watch = watch;
        this.destination = destination;
        this.options = options;
        this.listener = listener;
        this.stagingMr = stagingMr;
        this.slots = new ByteBuffer[options.slots()];
        for (int i = 0; i < slots.length; i++) {
            slots[i] = staging.slice(i * options.chunkSize(), options.chunkSize());
        }
        this.check = new UpdateCheck(options, watch::busy);
        this.attributes = new Attributes(options, destination);
        this.tree = new ReceiverTree(destination, options, new ReceiverTree.Events() {
            @Override
            public void deleted(byte[] name) {
                reportDeleted(name);
            }

            @Override
            public void deleteFailed(byte[] name, IOException cause) {
                failed(-1, ExitCode.PARTIAL.code(), "cannot delete " + FileNames.display(name) + ": " + describe(cause));
            }
        }, watch::busy);
    }

    /** Registers the staging buffers: the only memory the peer may write. */
    public static FileReceiver create(RcConnection connection, MessagePipe pipe, PeerWatch watch,
            Destination destination, TransferOptions options, TransferListener listener) throws IOException {
        ByteBuffer staging = ByteBuffer.allocateDirect(options.slots() * options.chunkSize());
        MemoryRegion mr = connection.protectionDomain().register(staging,
                EnumSet.of(Access.LOCAL_WRITE, Access.REMOTE_WRITE));
        return new FileReceiver(pipe, watch, destination, options, listener, mr, staging);
    }

    /** Receives until the sender's END has been answered with every report, then returns. */
    public void run() throws IOException {
        destination.prepare(options.dryRun());
        for (int slot = 0; slot < slots.length; slot++) {
            advertise(slot);
        }
        while (!endSent) {
            if (pipe.poll(this::onMessage, TICK_MS) > 0) {
                watch.activity();
            } else {
                watch.check();
            }
        }
        // The sender leaves as soon as it has our last END, possibly before our side saw the SEND
        // complete: its connection closing now means the END arrived.
        while (!pipe.idle()) {
            if (pipe.poll(this::onMessage, TICK_MS) == 0 && !pipe.idle() && watch.peerGone()) {
                return;
            }
        }
        // Leave the closing to the sender, which closes once it has taken our END: in the emulated
        // test bed, a receiver closing first was seen to leave the sender without it now and then.
        long deadline = System.nanoTime() + LINGER_NANOS;
        while (System.nanoTime() < deadline && !watch.peerGone()) {
            pipe.poll(this::onMessage, LINGER_POLL_MS);
        }
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
            case ENTRIES -> onEntries(payload);
            case CHUNKS -> onChunks(payload);
            case END -> {
                makeLinks();
                finishDirectories();
                sendEnd();
            }
            case MORE -> sendEnd();
            default -> throw MessagePipe.unexpected(type, "at the receiver");
        }
    }

    private void onEntries(ByteBuffer payload) throws IOException {
        if (payload.remaining() < 2) {
            throw new ProtocolException("ENTRIES payload too short");
        }
        int count = Short.toUnsignedInt(payload.getShort());
        ByteBuffer out = pipe.startMessage(ControlType.WANTS);
        int countAt = out.position();
        out.putShort((short) 0);
        int decisions = 0;
        for (int i = 0; i < count; i++) {
            Decision decision = onEntry(Entry.decode(payload));
            if (decision != null) {
                decision.encode(out);
                decisions++;
            }
        }
        if (payload.hasRemaining()) {
            throw new ProtocolException("ENTRIES has trailing bytes");
        }
        out.putShort(countAt, (short) decisions);
        appendReports(out);
        pipe.send();
    }

    /** Handles one list entry; returns the decision for a regular file, else null. */
    private Decision onEntry(Entry entry) throws IOException {
        if (entry.type() == EntryType.PROBLEM) {
            listener.fileFailed(entry.mode(), FileNames.printable(new String(entry.extra(), StandardCharsets.UTF_8)));
            return null;
        }
        if (entry.type() == EntryType.DIRECTORY_END) {
            try {
                tree.directoryEnd(entry.name(), entry.mode() == 0);
            } catch (IOException e) {
                failed(entry.index(), ExitCode.PARTIAL.code(), FileNames.display(entry.name()) + ": " + describe(e));
            }
            return null;
        }
        tree.listed(entry.name());
        String name = FileNames.display(entry.name());
        try {
            Path path = destination.resolve(entry.name());
            tree.requireParent(entry.name(), path);
            switch (entry.type()) {
                case DIRECTORY -> {
                    if (tree.directory(entry.name(), path)) {
                        newEntry();
                    }
                    directoryFixes.put(new String(entry.name(), StandardCharsets.ISO_8859_1), new DirectoryFix(path, entry));
                    listener.listed(name, EntryType.DIRECTORY, 0);
                }
                case SYMLINK -> {
                    if (!options.has(SessionRequest.LINKS)) {
                        throw new RdcpException(ExitCode.PARTIAL, "a symlink, but -l was not asked for");
                    }
                    if (tree.symlink(path, entry, attributes)) {
                        newEntry();
                    }
                    listener.listed(name, EntryType.SYMLINK, 0);
                }
                case HARDLINK -> {
                    if (!options.has(SessionRequest.HARD_LINKS)) {
                        throw new RdcpException(ExitCode.PARTIAL, "a hard link, but -H was not asked for");
                    }
                    listener.listed(name, EntryType.FILE, 0);
                    pendingLinks.add(new PendingLink(entry, path));
                }
                default -> {
                    listener.listed(name, EntryType.FILE, entry.size());
                    return decide(entry, path, name);
                }
            }
        } catch (ProtocolException e) {
            throw e;
        } catch (IOException e) {
            failed(entry.index(), e instanceof RdcpException r ? r.exitCode().code() : ExitCode.PARTIAL.code(),
                    name + ": " + describe(e));
            if (entry.type() == EntryType.FILE) {
                return new Decision(entry.index(), Decision.Kind.SKIP, 0, 0);
            }
        }
        return null;
    }

    private Decision decide(Entry entry, Path path, String name) throws IOException {
        UpdateCheck.Verdict verdict = check.examine(entry, path);
        if (verdict.upToDate()) {
            if (!options.dryRun() && verdict.attributes() != null && attributes.differ(verdict.attributes(), entry)) {
                attributes.apply(path, entry);
            }
            listener.upToDate(name);
            linkTarget(entry, path);
            return new Decision(entry.index(), Decision.Kind.SKIP, 0, 0);
        }
        if (options.dryRun()) {
            if (verdict.attributes() == null) {
                newEntry();
            }
            listener.fileStarted(name, entry.size());
            listener.fileDone(name, entry.size());
            linkTarget(entry, path);
            return new Decision(entry.index(), Decision.Kind.SEND, 0, 0);
        }
        Partial partial = options.has(SessionRequest.PARTIAL) ? Partial.examine(AtomicFile.partialPath(path),
                options.chunkSize(), entry.size(), watch::busy) : Partial.NONE;
        wanted.add(new Incoming(entry, path, partial.offset(), verdict.attributes() != null));
        return partial.offset() > 0 ? new Decision(entry.index(), Decision.Kind.RESUME, partial.offset(),
                partial.digest()) : new Decision(entry.index(), Decision.Kind.SEND, 0, 0);
    }

    private void newEntry() {
        created++;
        listener.created(1);
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
                wanted.poll();
                discard(incoming);
                continue;
            }
            if (!incoming.failed) {
                receivePiece(incoming, buffer, i);
            }
            if (batch.isLast(i)) {
                wanted.poll();
                finish(incoming);
            }
        }
        advertise(slot);
    }

    private void receivePiece(Incoming incoming, ByteBuffer buffer, int piece) throws IOException {
        long offset = batch.fileOffset(piece);
        int length = batch.length(piece);
        if (incoming.file == null) {
            if (offset != 0 && offset != incoming.resumeOffset) {
                throw new ProtocolException(incoming.name + " starts at offset " + offset);
            }
            try {
                incoming.file = options.has(SessionRequest.PARTIAL) ? AtomicFile.partial(incoming.path, offset)
                        : AtomicFile.create(incoming.path);
            } catch (IOException e) {
                // As rsync: a file that cannot even be created is a partial transfer, not an I/O error.
                fail(incoming, new RdcpException(ExitCode.PARTIAL, describe(e)));
                return;
            }
            incoming.received = offset;
            incoming.start = offset;
            listener.fileStarted(incoming.name, incoming.entry.size());
        }
        if (offset != incoming.received || offset + length > incoming.entry.size()) {
            throw new ProtocolException("piece at offset " + offset + " of " + incoming.name + " is out of order");
        }
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
            incoming.file.write(buffer, offset);
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
        if (incoming.received != incoming.entry.size()) {
            fail(incoming, new RdcpException(ExitCode.DATA_STREAM, "received " + incoming.received + " of "
                    + incoming.entry.size() + " bytes"));
            return;
        }
        try {
            // A kept --partial file may come from another run: give it all the metadata.
            boolean fresh = !options.has(SessionRequest.PARTIAL);
            incoming.file.commit(temp -> {
                if (fresh) {
                    attributes.applyToNew(temp, incoming.entry);
                } else {
                    attributes.apply(temp, incoming.entry);
                }
            });
        } catch (IOException e) {
            fail(incoming, e);
            return;
        }
        if (!incoming.existed) {
            newEntry();
        }
        listener.fileDone(incoming.name, incoming.received - incoming.start);
        linkTarget(incoming.entry, incoming.path);
    }

    /** The sender gave the file up: it already reported why. */
    private void discard(Incoming incoming) {
        closeQuietly(incoming);
    }

    private void fail(Incoming incoming, IOException cause) {
        incoming.failed = true;
        closeQuietly(incoming);
        LOG.debug("receiving {} failed", incoming.name, cause);
        failed(incoming.entry.index(), cause instanceof RdcpException r ? r.exitCode().code() : ExitCode.FILE_IO.code(),
                incoming.name + ": " + describe(cause));
    }

    private static void closeQuietly(Incoming incoming) {
        if (incoming.file != null) {
            try {
                incoming.file.close();
            } catch (IOException e) {
                LOG.warn("could not clean up {}: {}", incoming.file.temp(), e.getMessage());
            }
        }
    }

    /** Reports a failed entry here and, on the next answer, to the sender. */
    private void failed(int index, int code, String message) {
        listener.fileFailed(code, message);
        queue(new Report(Report.Kind.FAILED, index, code, message.getBytes(StandardCharsets.UTF_8)));
    }

    private void reportDeleted(byte[] name) {
        listener.deleted(FileNames.display(name));
        queue(new Report(Report.Kind.DELETED, -1, 0, name));
    }

    /**
     * Reports wait for room in the next answers. A peer whose entries make far more of them than
     * the answers can carry is not playing the protocol; the bound keeps its session's memory small.
     */
    private void queue(Report report) {
        if (reports.size() >= MAX_QUEUED_REPORTS) {
            throw new UncheckedIOException(new ProtocolException("more than " + MAX_QUEUED_REPORTS
                    + " reports are waiting to be sent"));
        }
        reports.add(report);
    }

    static String describe(IOException e) {
        if (e instanceof FileSystemException fse && fse.getReason() != null) {
            return fse.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private void advertise(int slot) throws IOException {
        ByteBuffer out = pipe.startMessage(ControlType.MR);
        MrMessage.encode(out, slot, stagingMr.rkey(), stagingMr.address() + (long) slot * options.chunkSize(),
                options.chunkSize());
        appendReports(out);
        pipe.send();
    }

    /** Queued reports, as many as fit in the rest of the message. */
    private void appendReports(ByteBuffer out) {
        while (!reports.isEmpty() && reports.peek().encodedSize() <= out.remaining()) {
            reports.poll().encode(out);
        }
    }

    /** Directory permissions and times, applied last: writing into a directory changes its mtime. */
    private void finishDirectories() {
        if (options.dryRun()) {
            return;
        }
        List<DirectoryFix> fixes = new ArrayList<>(directoryFixes.values());
        for (int i = fixes.size() - 1; i >= 0; i--) {
            DirectoryFix fix = fixes.get(i);
            if (!Files.isDirectory(fix.path(), LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            try {
                attributes.apply(fix.path(), fix.entry());
            } catch (IOException e) {
                failed(fix.entry().index(), ExitCode.PARTIAL.code(), FileNames.display(fix.entry().name()) + ": "
                        + describe(e));
            }
        }
        directoryFixes.clear();
    }

    private void linkTarget(Entry entry, Path path) {
        if (options.has(SessionRequest.HARD_LINKS)) {
            linkTargets.put(new String(entry.name(), StandardCharsets.ISO_8859_1), path);
        }
    }

    /** Gives each file its other names; a name whose file did not arrive fails alone. */
    private void makeLinks() {
        for (PendingLink link : pendingLinks) {
            Path target = linkTargets.get(new String(link.entry().extra(), StandardCharsets.ISO_8859_1));
            String name = FileNames.display(link.entry().name());
            try {
                if (target == null) {
                    throw new RdcpException(ExitCode.PARTIAL, "its other name " + FileNames.display(link.entry().extra())
                            + " did not arrive");
                }
                if (tree.hardLink(link.path(), target)) {
                    newEntry();
                }
            } catch (IOException e) {
                failed(link.entry().index(), e instanceof RdcpException r ? r.exitCode().code() : ExitCode.PARTIAL.code(),
                        name + ": " + describe(e));
            }
        }
        pendingLinks.clear();
    }

    private void sendEnd() throws IOException {
        ByteBuffer out = pipe.startMessage(ControlType.END);
        int moreAt = out.position() + 8;
        out.putLong(created).put((byte) 0);
        appendReports(out);
        out.put(moreAt, (byte) (reports.isEmpty() ? 0 : 1));
        endSent = reports.isEmpty();
        pipe.send();
        LOG.debug("END sent ({} created, {} reports still waiting)", created, reports.size());
    }

    /** Removes every temporary file still open (keeping --partial ones) and deregisters the staging buffers. */
    @Override
    public void close() throws IOException {
        for (Incoming incoming : wanted) {
            closeQuietly(incoming);
        }
        wanted.clear();
        stagingMr.close();
    }
}
