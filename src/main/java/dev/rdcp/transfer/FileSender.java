package dev.rdcp.transfer;

import dev.rdcp.posix.FileStatus;
import dev.rdcp.posix.PathErrors;
import dev.rdcp.posix.ReadOnlyFile;
import dev.rdcp.protocol.ChunkBatch;
import dev.rdcp.protocol.ControlHeader;
import dev.rdcp.protocol.ControlType;
import dev.rdcp.protocol.CountedList;
import dev.rdcp.protocol.Decision;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ErrorMessage;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ExtendedOptions;
import dev.rdcp.protocol.FileDigest;
import dev.rdcp.protocol.ItemizedChange;
import dev.rdcp.protocol.MrMessage;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.ReceiverEnd;
import dev.rdcp.protocol.Report;
import dev.rdcp.protocol.SenderEnd;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.transport.PeerWatch;
import dev.rdcp.transport.Region;
import dev.rdcp.transport.ResourceStack;
import dev.rdcp.transport.Transport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The sending side. It streams the file list (ENTRIES) ahead of the data, and sends the files the
 * receiver asked for (WANTS) into the staging buffers it advertised (MR), through a pool of
 * chunk-sized buffers registered once for the session: a large file is read (pread) into one a
 * chunk at a time; small files are read into one and packed, many to one staging buffer. Each
 * write is followed by a CHUNKS message naming its pieces with their CRC32C. The sender waits
 * only when every staging buffer is taken and the list is as far ahead as the receiver allows.
 * Pinned memory is the pool, whatever the files' sizes. As rsync's sender, it sends each file as
 * long as fstat says it is once opened, telling the receiver first where that differs from the
 * listed size (a SIZE piece); a file that shrinks after that, while it is read, gives a short
 * read and fails alone.
 */
public final class FileSender implements AutoCloseable {

    private static final Logger LOG = LogManager.getLogger(FileSender.class);

    private static final long TICK_MS = 1000;
    private static final int MAX_ENTRIES_PER_MESSAGE = 256;
    /**
     * Files the receiver asked for and not yet sent, beyond which the list waits for the data: a
     * receiver that asks for every file and never takes one cannot make the sender hold a whole
     * tree, or one operand repeated. Ahead of the data, this many files are plenty to hide the
     * list's latency.
     */
    static final int MAX_WANTED_AHEAD = 4096;
    /**
     * --delete-before: what the files listed and not yet decided may make this side hold, the
     * receiver deciding none until the whole list is there (rsync's sender holds its whole list
     * then too). A tree that needs more ends the session, as rsync's out of memory does (exit 22).
     */
    static final long MAX_UNDECIDED_BYTES = 256L << 20;
    /**
     * A file with this much left to send is read past the page cache when most of its first
     * {@link #CACHE_PROBE} bytes are not cached (docs/performance.md, "Reading uncached sources
     * past the page cache"); a smaller one costs the probe more than the copy it saves.
     */
    private static final long DIRECT_READ_MIN = 16L << 20;
    private static final long CACHE_PROBE = 64L << 20;

    /** A file the receiver wants, while it is being sent. */
    private static final class Outgoing {
        final Entry entry;
        final Path path;
        /** The file's status when listed: what is opened to send must still be that file. */
        final FileStatus listed;
        final String name;
        /** Where the data sent starts: 0, or where the receiver resumes or appends. */
        long start;
        /** The bytes it holds as sent: its listed size, or the size fstat gave once it was opened. */
        long size;
        /** Its size at open differs from the listed one: a SIZE piece goes before its first data. */
        boolean sizeToTell;
        ReadOnlyFile file;
        long offset;
        /** The file is given up: an ABANDON piece tells the receiver. */
        boolean abandoned;
        /** The exit code its ABANDON piece carries: 0 for one skipped with a note. */
        int abandonCode;

        Outgoing(Entry entry, Path path, FileStatus listed, long start) {
            this.entry = entry;
            this.path = path;
            this.listed = listed;
            this.name = FileNames.display(entry.name());
            this.start = start;
            this.offset = start;
            this.size = entry.size();
        }

        /** Sent a chunk at a time from the pool, rather than packed whole with other small files. */
        boolean chunked(int bounceSize) {
            return size > bounceSize;
        }
    }

    private final Transport transport;
    /** Made once: a method reference evaluated per poll would allocate per poll. */
    private final Transport.Handler onMessage = this::onMessage;
    private final Transport.Handler afterBye = this::afterBye;
    private final PeerWatch watch;
    private final TransferOptions options;
    private final TransferListener listener;
    private final FileList list;
    /** -X, -A: each entry is followed by its extended attributes. */
    private final boolean withXattrs;
    /** -U: each entry is followed by its access time. */
    private final boolean withAtimes;

    private final int[] slotRkey;
    private final long[] slotAddress;
    private final int[] slotLength;
    private final int[] freeSlots;
    private int freeHead;
    private int freeCount;

    /** For the digests RESUME asks for, allocated at the first: one per session, not one per file. */
    private final ScratchBuffer prefixBuffer;

    /** The pool: one chunk-sized, page-aligned buffer per staging slot, registered once. */
    private final Region poolRegion;
    private final ByteBuffer[] pool;
    /** The last write from each pool buffer: it may be refilled once that completed. */
    private final long[] poolLastRequest;
    /** The stream of that write: requests are numbered per stream. */
    private final int[] poolLastStream;
    private int poolNext;
    /** CHUNKS messages sent so far: the next one's sequence, and the count END carries. */
    private int chunksSent;

    private final ArrayDeque<ListedEntry> awaitingDecision = new ArrayDeque<>();
    private final ArrayDeque<Outgoing> wanted = new ArrayDeque<>();
    private final ArrayDeque<Entry> problems = new ArrayDeque<>();
    /** -i: null unless the receiver itemizes. */
    private final ItemizedDetails itemized;
    private final SentFiles sentWhole = new SentFiles();
    private final ChunkBatch batch = new ChunkBatch();
    private final MrMessage mr = new MrMessage();
    private final CRC32C crc = new CRC32C();
    /** The next chunk of a file read past the page cache, read while the current one is sent. */
    private final ReadAhead readAhead = new ReadAhead();
    private ListedEntry carried;
    private boolean listDone;
    /** --delete-before (extended flag DELETE_BEFORE): the receiver decides only once the list has ended. */
    private final boolean decidedAfterList;
    /** --delete-before: the empty ENTRIES that ends the list is sent. */
    private boolean listEndSent;
    /**
     * --delete-before: list messages the receiver holds undecided; each ENTRIES sent after the
     * list's end has it answer one.
     */
    private int undecidedMessages;
    /**
     * --delete-before, or --delete as rsync's --delete-during: the estimated bytes
     * {@link #awaitingDecision} holds, against {@link #MAX_UNDECIDED_BYTES} and drawn from the
     * pool a daemon's sessions share.
     */
    private final SessionBudget undecided;
    /**
     * --delete as rsync's --delete-during (extended flag DELETE_DURING): the receiver's account of
     * what it decides in answer to each ENTRIES, kept from what this side sent; null otherwise.
     */
    private final ChildrenFirst childrenFirst;
    /** DELETE_DURING: the decisions each answer in flight carries, in the order the ENTRIES went. */
    private final ArrayDeque<Integer> decisionsExpected = new ArrayDeque<>();
    /** DELETE_DURING: the kinds of the entries of the list message being made. */
    private final byte[] kinds = new byte[MAX_ENTRIES_PER_MESSAGE];
    /** DELETE_DURING: counts what the receiver decides; this side deletes nothing. */
    private static final ChildrenFirst.Steps COUNTED = new ChildrenFirst.Steps() {
        @Override
        public void deleteDue() {
        }

        @Override
        public void decideNext(boolean decides) {
        }

        @Override
        public void messageDone() {
        }
    };
    private int listsInFlight;
    private Outgoing current;
    private final Pacer pacer;
    private long bytesSent;
    private boolean endReceived;
    private boolean moreReports;
    /** END is sent: a problem found now is only this side's to tell. */
    private boolean endSent;
    private final SourceRemoval removal;
    /** Through a symlink where the list follows them (still only the file listed); --open-noatime. */
    private final ReadOnlyFile.Opening opening;
    /** The receiver takes SIZE pieces: a file whose size changed since it was listed is sent as it is at open. */
    private final boolean sizeAtOpen;

    private FileSender(Transport transport, TransferOptions options, TransferListener listener,
            List<SourceOperand> sources, Path sourceRoot, Region poolRegion, BookkeepingPool bookkeeping) {
        this.transport = transport;
        this.undecided = new SessionBudget(MAX_UNDECIDED_BYTES, bookkeeping);
        this.decidedAfterList = options.receiver().extended().has(ExtendedOptions.DELETE_BEFORE);
        this.childrenFirst = options.receiver().extended().has(ExtendedOptions.DELETE_DURING) ? new ChildrenFirst() : null;
        this.withXattrs = options.has(SessionRequest.XATTRS) || options.has(SessionRequest.ACLS);
        this.withAtimes = options.preserveAtimes();
        this.sizeAtOpen = options.receiver().extended().has(ExtendedOptions.SIZE_AT_OPEN);
        this.opening = new ReadOnlyFile.Opening(FollowedLinks.of(options).any(),
                options.has(SessionRequest.OPEN_NOATIME));
        this.removal = options.has(SessionRequest.REMOVE_SOURCE_FILES) && !options.dryRun()
                ? new SourceRemoval(sourceRoot, this::sourceProblem, bookkeeping) : null;
        this.watch = transport.watch();
        this.options = options;
        this.prefixBuffer = new ScratchBuffer(options.chunkSize());
        this.itemized = options.has(SessionRequest.ITEMIZE) ? new ItemizedDetails() : null;
        this.listener = listener;
        this.list = new FileList(sources, options, StopRequest.checking(watch::busy), IdNaming.SYSTEM, sourceRoot,
                bookkeeping);
        this.pacer = new Pacer(options.bandwidthLimit(), System::nanoTime);
        int slots = options.slots();
        this.slotRkey = new int[slots];
        this.slotAddress = new long[slots];
        this.slotLength = new int[slots];
        this.freeSlots = new int[slots];
        this.poolRegion = poolRegion;
        this.pool = new ByteBuffer[slots];
        this.poolLastRequest = new long[slots];
        this.poolLastStream = new int[slots];
        for (int i = 0; i < slots; i++) {
            pool[i] = poolRegion.buffer().slice(i * options.chunkSize(), options.chunkSize());
        }
    }

    /**
     * Allocates and registers the pool, one buffer per staging slot (no more writes can be in
     * flight), page-aligned as DMA likes it.
     */
    public static FileSender create(Transport transport, TransferOptions options, TransferListener listener,
            List<SourceOperand> sources) throws IOException {
        return create(transport, options, listener, sources, null);
    }

    /** @param sourceRoot the served directory every source is beneath (a server's), or null */
    public static FileSender create(Transport transport, TransferOptions options, TransferListener listener,
            List<SourceOperand> sources, Path sourceRoot) throws IOException {
        return create(transport, options, listener, sources, sourceRoot, BookkeepingPool.unbounded());
    }

    /**
     * As above, what --delete-before makes it hold drawn from {@code bookkeeping}, which a
     * daemon's sessions share.
     */
    public static FileSender create(Transport transport, TransferOptions options, TransferListener listener,
            List<SourceOperand> sources, Path sourceRoot, BookkeepingPool bookkeeping) throws IOException {
        Region region = transport.allocate(options.stagingBytes(), false);
        try {
            return new FileSender(transport, options, listener, sources, sourceRoot, region, bookkeeping);
        } catch (Throwable e) {
            // An Error too (out of memory mid-construction): the region is on no transport's stack yet.
            ResourceStack.closeAfter(region, e);
            throw e;
        }
    }

    /** A problem of the sending side after listing: in the list while it runs, so both ends hear of it. */
    private void sourceProblem(int exitCode, String message) {
        if (endSent) {
            listener.fileFailed(exitCode, message);
        } else {
            problems.add(list.problem(exitCode, new byte[0], message));
        }
    }

    /** Reports {@code message} as a source problem of its own (a request path the server refused). */
    public void refuse(String message) {
        problems.add(list.problem(ExitCode.PARTIAL.code(), new byte[0], message));
    }

    /**
     * Sends the list and every wanted file, then END; once the receiver's final END is here,
     * sends BYE and returns when the receiver has closed its end.
     */
    public void run() throws IOException {
        SessionAbort.runTellingPeer(transport, "receiver", () -> {
            pacer.start();
            while (!everythingSent()) {
                StopRequest.check();
                if (doWork() == 0) {
                    waitForPeer(idleMillis());
                }
            }
            // The last batch is paced too, as rsync's --bwlimit holds for the whole transfer: else a
            // transfer of one batch (up to a chunk of small files) was not slowed at all.
            for (long wait = pacer.delayMillis(bytesSent); wait > 0; wait = pacer.delayMillis(bytesSent)) {
                waitForPeer(Math.min(wait, TICK_MS));
            }
            finishSession();
        });
    }

    /**
     * One duty cycle: sends list entries and one batch of data where the receiver's answers, the
     * pool and the pacing allow. Returns the work done; 0 means only the receiver can make
     * progress now.
     */
    private int doWork() throws IOException {
        int work = 0;
        if (canAskForHeld()) {
            askForHeld();
            work++;
        } else if (canList()) {
            sendEntries();
            work++;
        } else if (canAskForDecisions()) {
            askForDecisions();
            work++;
        }
        if (canSendData() && pacer.delayMillis(bytesSent) == 0) {
            sendBatch();
            work++;
        }
        return work;
    }

    /**
     * How long an idle sender waits for the receiver: until the pacing allows the next batch, else
     * a tick; never longer than a tick, so that a stop is seen even under a low --bwlimit.
     */
    private long idleMillis() {
        return canSendData() ? Math.min(pacer.delayMillis(bytesSent), TICK_MS) : TICK_MS;
    }

    private boolean everythingSent() throws ProtocolException {
        boolean sent = listDone && carried == null && problems.isEmpty() && listsInFlight == 0 && wanted.isEmpty()
                && current == null;
        if (sent && childrenFirst != null && !awaitingDecision.isEmpty() && !childrenFirst.canDecide()) {
            throw new IllegalStateException("the list ended with " + awaitingDecision.size()
                    + " files that wait for a CHILDREN_END never sent");
        }
        if (sent && childrenFirst == null && !decidedAfterList && !awaitingDecision.isEmpty()) {
            // Each list message's files are decided in its answer: none is left for a later one.
            throw new ProtocolException("the receiver answered every list message and left "
                    + awaitingDecision.size() + " files undecided");
        }
        if (!sent || !decidedAfterList) {
            return sent && awaitingDecision.isEmpty();
        }
        if (listEndSent && !awaitingDecision.isEmpty() && undecidedMessages == 0) {
            throw new ProtocolException("the receiver answered every list message and left "
                    + awaitingDecision.size() + " files undecided");
        }
        return listEndSent && awaitingDecision.isEmpty();
    }

    /**
     * --delete-before, once the list is out: an empty ENTRIES, the first ending the list and each
     * asking for the decisions of one list message the receiver holds, while files wait for theirs.
     */
    private boolean canAskForDecisions() {
        return decidedAfterList && listDone && carried == null && problems.isEmpty()
                && listsInFlight < TransferOptions.LISTS_IN_FLIGHT && wanted.size() < MAX_WANTED_AHEAD
                && (!listEndSent || (undecidedMessages > 0 && !awaitingDecision.isEmpty()));
    }

    /**
     * DELETE_DURING: an empty ENTRIES, while the receiver holds list messages of which it can now
     * decide something (a directory's children ended): before more of the list, so that what the
     * receiver holds stays one directory's.
     */
    private boolean canAskForHeld() {
        return childrenFirst != null && childrenFirst.canDecide() && listsInFlight < TransferOptions.LISTS_IN_FLIGHT
                && wanted.size() < MAX_WANTED_AHEAD;
    }

    private void askForHeld() throws IOException {
        sendEmptyEntries();
        decisionsExpected.add(childrenFirst.answer(COUNTED));
    }

    private void askForDecisions() throws IOException {
        sendEmptyEntries();
        // The first ends the list; each, that one too, has the receiver answer a list message it holds.
        undecidedMessages = Math.max(0, undecidedMessages - 1);
        listEndSent = true;
    }

    /** An ENTRIES of no entries, which the receiver answers as any other. */
    private void sendEmptyEntries() throws IOException {
        ByteBuffer out = transport.startMessage(ControlType.ENTRIES);
        CountedList.finish(out, CountedList.start(out), 0);
        transport.send();
        listsInFlight++;
    }

    /** END, the receiver's reports until its final END, BYE, and the receiver's close. */
    private void finishSession() throws IOException {
        new SenderEnd(chunksSent).encode(transport.startMessage(ControlType.END));
        transport.send();
        endSent = true;
        LOG.debug("END sent after {} CHUNKS; waiting for the receiver's", chunksSent);
        while (!endReceived) {
            waitForPeer(TICK_MS);
            if (moreReports) {
                moreReports = false;
                transport.startMessage(ControlType.MORE);
                transport.send();
            }
        }
        transport.startMessage(ControlType.BYE);
        transport.send();
        // A send always completes, in success or a bounded retry error. The receiver leaves on BYE
        // and closes its end: waiting for that close, rather than closing first, means the
        // receiver never has to guess whether a close came before or after BYE.
        while (!transport.idle()) {
            transport.poll(onMessage, TICK_MS);
        }
        watch.awaitPeerClose();
        // A receiver that failed after its final END (a stop as BYE arrived) said so last.
        transport.poll(afterBye, 0);
    }

    private void waitForPeer(long millis) throws IOException {
        StopRequest.check();
        if (transport.poll(onMessage, millis) > 0) {
            watch.activity();
            return;
        }
        watch.check();
    }

    private boolean canList() {
        return listsInFlight < TransferOptions.LISTS_IN_FLIGHT && wanted.size() < MAX_WANTED_AHEAD
                && (!listDone || carried != null || !problems.isEmpty());
    }

    private boolean canSendData() {
        if (freeCount == 0 || (current == null && wanted.isEmpty())) {
            return false;
        }
        Outgoing next = current != null ? current : wanted.peek();
        return next.abandoned
                || poolLastRequest[poolNext] <= transport.completedThrough(poolLastStream[poolNext]);
    }

    private void sendEntries() throws IOException {
        ByteBuffer out = transport.startMessage(ControlType.ENTRIES);
        int countAt = CountedList.start(out);
        int count = 0;
        while (count < MAX_ENTRIES_PER_MESSAGE) {
            ListedEntry next = nextEntry();
            if (next == null) {
                break;
            }
            if (next.encodedSize(withXattrs, withAtimes) > out.remaining()) {
                carried = next;
                break;
            }
            next.entry().encode(out, withAtimes);
            if (withXattrs) {
                next.xattrs().encode(out);
            }
            if (childrenFirst != null) {
                kinds[count] = childrenFirst.kind(next.entry());
            }
            count++;
            listed(next);
        }
        CountedList.finish(out, countAt, count);
        listener.listMessage(ControlHeader.SIZE + out.position() - countAt);
        transport.send();
        listsInFlight++;
        if (childrenFirst != null) {
            childrenFirst.taken(Arrays.copyOf(kinds, count));
            decisionsExpected.add(childrenFirst.answer(COUNTED));
        }
        if (decidedAfterList && count > 0 && !listEndSent) {
            // Held undecided. One sent after the list's end (a problem found since) is held too,
            // and has the receiver answer one held: their number stays.
            undecidedMessages++;
        }
    }

    private ListedEntry nextEntry() throws IOException {
        if (carried != null) {
            ListedEntry next = carried;
            carried = null;
            return next;
        }
        if (!problems.isEmpty()) {
            return new ListedEntry(problems.poll());
        }
        if (listDone) {
            return null;
        }
        try {
            ListedEntry next = list.next();
            listDone = next == null;
            return next;
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private void listed(ListedEntry listed) throws IOException {
        Entry entry = listed.entry();
        if (itemized != null && entry.type() != EntryType.PROBLEM && entry.type() != EntryType.DIRECTORY_END
                && entry.type() != EntryType.ID_NAME && entry.type() != EntryType.MISSING
                && entry.type() != EntryType.SUBDIRECTORY && entry.type() != EntryType.CHILDREN_END) {
            itemized.listed(entry);
        }
        if (removal != null) {
            removal.listed(listed);
        }
        switch (entry.type()) {
            case FILE -> {
                if (decidedAfterList || childrenFirst != null) {
                    holdUndecided(listed);
                }
                awaitingDecision.add(listed);
                listener.listed(FileNames.display(entry.name()), EntryType.FILE, entry.size());
            }
            case SYMLINK -> listener.listed(FileNames.display(entry.name()), EntryType.SYMLINK, entry.extra().length);
            case DIRECTORY, DEVICE, SPECIAL -> listener.listed(FileNames.display(entry.name()), entry.type(), 0);
            case HARDLINK -> listener.listed(FileNames.display(entry.name()), EntryType.FILE, entry.size());
            case PROBLEM -> listener.fileFailed(entry.mode(), new String(entry.extra(), StandardCharsets.UTF_8));
            case DIRECTORY_END, ID_NAME, MISSING, SUBDIRECTORY, CHILDREN_END -> {
            }
        }
    }

    private void onWants(ByteBuffer payload) throws IOException {
        if (listsInFlight == 0) {
            throw new ProtocolException("unexpected WANTS");
        }
        listsInFlight--;
        int count = CountedList.read(payload, ControlType.WANTS);
        if (childrenFirst != null) {
            int expected = decisionsExpected.poll();
            if (count != expected) {
                throw new ProtocolException("WANTS carries " + count + " decisions where the list messages it"
                        + " answers call for " + expected);
            }
        }
        for (int i = 0; i < count; i++) {
            Decision decision = Decision.decode(payload);
            ListedEntry listed = awaitingDecision.poll();
            if (listed == null || listed.entry().index() != decision.index()) {
                throw new ProtocolException("WANTS answers entry " + decision.index() + " out of order");
            }
            if (decidedAfterList || childrenFirst != null) {
                undecided.release(undecidedCost(listed));
            }
            decide(listed, decision);
        }
        reports(payload);
    }

    /**
     * --delete-before: {@code listed} is held until the list ends; --delete as rsync's
     * --delete-during: until its directory's deletions are made. A list too large to hold ends the session.
     */
    private void holdUndecided(ListedEntry listed) throws IOException {
        try {
            undecided.spend(undecidedCost(listed));
        } catch (SessionBudget.Exceeded e) {
            if (childrenFirst != null) {
                throw new RdcpException(ExitCode.MEMORY, "--delete: the files of one directory need more than "
                        + (MAX_UNDECIDED_BYTES >> 20) + " MiB held on the sending side until its deletions are made"
                        + " (--delete-after deletes without holding them)");
            }
            throw new RdcpException(ExitCode.MEMORY, "--delete-before: the file list needs more than "
                    + (MAX_UNDECIDED_BYTES >> 20) + " MiB held on the sending side until it ends"
                    + " (--delete-during or --delete-after deletes without holding it)");
        }
    }

    /** What holding {@code listed} until its decision is estimated to cost. */
    private static long undecidedCost(ListedEntry listed) {
        return 512 + 2L * (listed.entry().name().length + listed.entry().extra().length) + listed.xattrs().encodedSize();
    }

    private void decide(ListedEntry listed, Decision decision) throws IOException {
        Entry entry = listed.entry();
        String name = FileNames.display(entry.name());
        if (decision.kind() == Decision.Kind.SKIP) {
            listener.upToDate(name);
            return;
        }
        if (options.dryRun()) {
            listener.fileStarted(name, entry.size());
            listener.fileDone(name, entry.size());
            return;
        }
        long start = start(decision, entry.size(), length -> prefixDigest(listed, length));
        wanted.add(new Outgoing(entry, listed.path(), listed.listed(), start));
    }

    /** The sender's FileDigest of a file's first bytes. */
    @FunctionalInterface
    interface PrefixDigest {
        int of(long length) throws IOException;
    }

    /**
     * Where a file of {@code size} bytes is sent from, as the receiver decided: a RESUME's offset
     * if the receiver's digest of the bytes before it is the sender's own, an APPEND's offset
     * unchecked (one not before the end is a protocol error: a last piece must still come), else 0.
     */
    static long start(Decision decision, long size, PrefixDigest digest) throws IOException {
        return switch (decision.kind()) {
            case RESUME -> decision.offset() <= size && digest.of(decision.offset()) == decision.prefixDigest()
                    ? decision.offset() : 0;
            case APPEND -> {
                if (decision.offset() >= size) {
                    throw new ProtocolException("APPEND for entry " + decision.index() + " at offset "
                            + decision.offset() + ", not before its end (" + size + ")");
                }
                yield decision.offset();
            }
            default -> 0;
        };
    }

    /** The sender's own FileDigest of the first {@code length} bytes, chunk by chunk as the receiver computed it. */
    private int prefixDigest(ListedEntry listed, long length) throws IOException {
        FileDigest digest = new FileDigest();
        ByteBuffer buffer = prefixBuffer.get();
        try (ReadOnlyFile file = openListed(listed.path(), listed.listed())) {
            for (long at = 0; at < length; ) {
                buffer.clear().limit((int) Math.min(buffer.capacity(), length - at));
                if (file.read(buffer, at) < buffer.limit()) {
                    return ~digest.finish(length);
                }
                crc.reset();
                crc.update(buffer.flip());
                digest.addChunk((int) crc.getValue());
                watch.busy();
                at += buffer.limit();
            }
        } catch (IOException e) {
            return ~digest.finish(length);
        }
        return digest.finish(length);
    }

    /**
     * The listed file, opened without following a symlink in its last component (unless the list
     * follows symlinks), on a server beneath the served directory's descriptor, and only if it is
     * still the file listed (device and inode; its size may have changed): one swapped meanwhile,
     * or reached through a directory swapped for a symlink, fails alone (NoSuchFileException: it
     * vanished).
     */
    private ReadOnlyFile openListed(Path path, FileStatus listed) throws IOException {
        return list.openListed(path, listed, opening);
    }

    private void sendBatch() throws IOException {
        int slot = freeSlots[freeHead];
        batch.start(slot, chunksSent);
        if (current == null) {
            startNext();
        }
        if (current.abandoned) {
            batch.add(current.entry.index(), 0, current.offset, 0, current.abandonCode, ChunkBatch.ABANDON);
            closeCurrent();
        } else if (current.chunked(options.bounceSize())) {
            sendChunk(slot);
        } else {
            sendPacked(slot);
        }
        freeHead = (freeHead + 1) % freeSlots.length;
        freeCount--;
        batch.encode(transport.startMessage(ControlType.CHUNKS, streamOf(slot)));
        transport.send();
        chunksSent++;
    }

    /**
     * The stream that writes into {@code slot} and carries its CHUNKS: the slots are split among the
     * streams, so a file's chunks, taking whichever slots free up, are striped over all of them.
     */
    private int streamOf(int slot) {
        return slot % transport.streams();
    }

    /** Writes {@code length} bytes of the next pool buffer into {@code slot}, on the slot's stream. */
    private void writePoolBuffer(int slot, int length) throws IOException {
        int stream = streamOf(slot);
        poolLastStream[poolNext] = stream;
        poolLastRequest[poolNext] = transport.write(stream, poolRegion, (long) poolNext * options.chunkSize(),
                length, slotAddress[slot], slotRkey[slot]);
        poolNext = (poolNext + 1) % pool.length;
    }

    /**
     * Makes the next wanted file current and opens it: its size is from then on what fstat gave
     * there, as rsync's sender sends, and decides whether it is packed or sent chunk by chunk.
     */
    private void startNext() {
        current = wanted.poll();
        if (!current.abandoned) {
            open(current);
        }
        if (current.abandoned && current.abandonCode == ExitCode.OK.code()) {
            listener.fileSkipped(current.name);
        } else {
            listener.fileStarted(current.name, current.size);
        }
    }

    private void open(Outgoing file) {
        try {
            file.file = openListed(file.path, file.listed);
        } catch (IOException e) {
            abandon(file, e instanceof NoSuchFileException ? ExitCode.VANISHED : ExitCode.PARTIAL,
                    sourceMessage(file.name, e));
            return;
        }
        if (file.file.size() != file.entry.size()) {
            resized(file, file.file.size());
        }
        long left = file.size - file.start;
        if (!file.abandoned && file.chunked(options.bounceSize()) && left >= DIRECT_READ_MIN) {
            file.file.bypassCacheIfUncached(file.start, Math.min(left, CACHE_PROBE));
        }
    }

    /**
     * {@code file} holds {@code atOpen} bytes, not the size listed. A receiver that takes SIZE
     * pieces gets that many; --append skips a file that shrank, as rsync's "skipped diminished
     * file" (a note, exit 0); a resumed one whose kept prefix is now past its end is sent whole.
     * Before SIZE pieces the file failed alone (23), as it still does for a receiver without them.
     */
    private void resized(Outgoing file, long atOpen) {
        if (!sizeAtOpen) {
            abandon(file, ExitCode.PARTIAL, file.name + ": file changed size during the transfer");
        } else if (options.has(SessionRequest.APPEND) && atOpen < file.entry.size()) {
            abandon(file, ExitCode.OK, "skipped diminished file: " + file.name);
        } else {
            if (atOpen < file.start) {
                file.start = 0;
                file.offset = 0;
            }
            file.size = atOpen;
            file.sizeToTell = true;
        }
    }

    /** A SIZE piece: the receiver takes the file's size at open before its first data piece. */
    private void tellSize(Outgoing file) {
        batch.add(file.entry.index(), 0, file.size, 0, 0, ChunkBatch.SIZE);
        file.sizeToTell = false;
    }

    /**
     * One chunk of a large file, read into the next pool buffer and written from there. A short
     * read (the file shrank) or a read error gives the file up with an ABANDON piece instead.
     */
    private void sendChunk(int slot) throws IOException {
        Outgoing file = current;
        if (file.sizeToTell) {
            tellSize(file);
        }
        int length = (int) Math.min(Math.min(options.chunkSize(), slotLength[slot]), file.size - file.offset);
        if (!readChunk(file, poolNext, length)) {
            batch.add(file.entry.index(), 0, file.offset, 0, file.abandonCode, ChunkBatch.ABANDON);
            closeCurrent();
            return;
        }
        readNextAhead(file, file.offset + length);
        ByteBuffer buffer = pool[poolNext];
        crc.reset();
        crc.update(buffer.limit(length).position(0));
        int chunkCrc = (int) crc.getValue();
        writePoolBuffer(slot, length);
        boolean last = file.offset + length == file.size;
        batch.add(file.entry.index(), 0, file.offset, length, chunkCrc, last ? ChunkBatch.LAST : 0);
        file.offset += length;
        sent(length);
        if (last) {
            finishCurrent();
        }
    }

    /**
     * {@code length} bytes of {@code file} at its offset into pool buffer {@code poolIndex}: the read
     * ahead already in flight there, or one made now; false once the file is given up.
     */
    private boolean readChunk(Outgoing file, int poolIndex, int length) {
        try {
            int read;
            if (readAhead.holds(file.file, poolIndex, file.offset)) {
                read = readAhead.await();
            } else {
                readAhead.drop();
                read = file.file.read(pool[poolIndex].clear(), length, file.offset);
            }
            if (read >= length) {
                return true;
            }
            if (list.vanished(file.path, file.listed)) {
                abandon(file, ExitCode.VANISHED, "file has vanished: " + file.name);
            } else {
                abandon(file, ExitCode.PARTIAL, file.name + ": file changed size during the transfer");
            }
        } catch (IOException e) {
            abandon(file, ExitCode.PARTIAL, sourceMessage(file.name, e));
        }
        return false;
    }

    /**
     * A file read past the page cache: its chunk at {@code offset} is read now, on the read-ahead
     * thread, into the pool buffer after this one if that buffer's last write is done, so that the
     * device works while this chunk is checksummed and written (a buffered read has the kernel's
     * readahead for that).
     */
    private void readNextAhead(Outgoing file, long offset) {
        int next = (poolNext + 1) % pool.length;
        long left = file.size - offset;
        if (left <= 0 || next == poolNext || !file.file.bypassesCache()
                || poolLastRequest[next] > transport.completedThrough(poolLastStream[next])) {
            return;
        }
        readAhead.start(file.file, pool[next].clear(), next, (int) Math.min(options.chunkSize(), left), offset);
    }

    /**
     * Whole small files, read into one pool buffer and written with one WRITE; one whose size
     * changed since it was listed takes two pieces, its SIZE and its data.
     */
    private void sendPacked(int slot) throws IOException {
        ByteBuffer buffer = pool[poolNext].clear();
        int used = 0;
        while (current != null && !batch.isFull()) {
            Outgoing file = current;
            int size = (int) (file.size - file.start);
            if (used + size > Math.min(buffer.capacity(), slotLength[slot])
                    || (file.sizeToTell && !file.abandoned && batch.room() < 2)) {
                break;
            }
            if (!file.abandoned && file.sizeToTell) {
                tellSize(file);
            }
            if (!file.abandoned && readWhole(file, buffer, used)) {
                crc.reset();
                crc.update(buffer.limit(used + size).position(used));
                batch.add(file.entry.index(), used, file.start, size, (int) crc.getValue(), ChunkBatch.LAST);
                used += size;
                sent(size);
                finishCurrent();
            } else {
                batch.add(file.entry.index(), used, 0, 0, file.abandonCode, ChunkBatch.ABANDON);
                closeCurrent();
            }
            if (wanted.isEmpty()) {
                break;
            }
            startNext();
            if (current.chunked(options.bounceSize())) {
                break;
            }
        }
        if (used > 0) {
            writePoolBuffer(slot, used);
        }
    }

    /**
     * A small file's bytes from its start (0, or where --append starts) into {@code buffer} at
     * {@code at}: as many as it held at open; fewer (it shrank since) give it up.
     */
    private boolean readWhole(Outgoing file, ByteBuffer buffer, int at) {
        int size = (int) (file.size - file.start);
        buffer.limit(at + size).position(at);
        try {
            if (file.file.read(buffer, file.start) < size) {
                abandon(file, ExitCode.PARTIAL, file.name + ": file changed size during the transfer");
                return false;
            }
        } catch (IOException e) {
            abandon(file, ExitCode.PARTIAL, sourceMessage(file.name, e));
            return false;
        }
        return true;
    }

    private void sent(int length) {
        bytesSent += length;
        listener.progress(current.offset - current.start + (current.chunked(options.bounceSize()) ? 0 : length));
    }

    /**
     * All of it is sent: it counts as done now, and a failure the receiver reports for it before
     * its END takes that back ({@link TransferListener#sentFileFailed}).
     */
    private void finishCurrent() throws IOException {
        long bytes = current.size - current.start;
        listener.fileDone(current.name, bytes);
        sentWhole.add(current.entry.index(), bytes);
        closeCurrent();
    }

    private void closeCurrent() throws IOException {
        Outgoing file = current;
        current = null;
        if (file.file != null) {
            readAhead.drop();
            file.file.close();
        }
    }

    /** Gives a file up: the sender reports it (exit code 0: a note), and its ABANDON piece tells the receiver. */
    private void abandon(Outgoing file, ExitCode code, String message) {
        file.abandoned = true;
        file.abandonCode = code.code();
        problems.add(list.problem(code.code(), file.entry.name(), message));
    }

    private static String sourceMessage(String name, IOException e) {
        return e instanceof NoSuchFileException ? "file has vanished: " + name : name + ": " + PathErrors.reason(e);
    }

    private void onMessage(ControlType type, ByteBuffer payload) throws IOException {
        switch (type) {
            case MR -> {
                mr.decode(payload);
                if (mr.slot() >= freeSlots.length || freeCount == freeSlots.length) {
                    throw new ProtocolException("MR for slot " + mr.slot() + " is out of range");
                }
                slotRkey[mr.slot()] = mr.rkey();
                slotAddress[mr.slot()] = mr.address();
                slotLength[mr.slot()] = mr.length();
                freeSlots[(freeHead + freeCount) % freeSlots.length] = mr.slot();
                freeCount++;
                reports(payload);
            }
            case WANTS -> onWants(payload);
            case END -> {
                ReceiverEnd end = ReceiverEnd.decode(payload,
                        options.receiver().extended().has(ExtendedOptions.RECEIVER_COUNTS));
                moreReports = end.more();
                reports(payload);
                if (!moreReports) {
                    if (end.counts() != null) {
                        listener.receiverCounts(end.counts());
                    }
                    endReceived = true;
                    sentWhole.clear();
                    if (removal != null) {
                        removal.clear();
                    }
                }
            }
            case ABORT -> throw ErrorMessage.decode(payload).toPeerAbort("receiver");
            default -> throw Transport.unexpected(type, "at the sender");
        }
    }

    /** The receiver's last word may only be an ABORT once BYE is sent. */
    private void afterBye(ControlType type, ByteBuffer payload) throws IOException {
        if (type == ControlType.ABORT) {
            throw ErrorMessage.decode(payload).toPeerAbort("receiver");
        }
        throw Transport.unexpected(type, "after the end of the session");
    }

    private void reports(ByteBuffer payload) throws IOException {
        while (payload.hasRemaining()) {
            Report report = Report.decode(payload);
            if (report.kind() == Report.Kind.DELETED) {
                listener.deleted(report.text());
                continue;
            }
            if (report.kind() == Report.Kind.ITEMIZED) {
                ItemizedChange change = ItemizedChange.decode(report.text());
                listener.itemized((itemized == null ? change : itemized.fill(report.index(), change)).asSent());
                continue;
            }
            if (report.kind() == Report.Kind.BACKED_UP) {
                if (!options.receiver().extended().has(ExtendedOptions.INFO_BACKUP)) {
                    throw new ProtocolException("BACKED_UP without --info=backup");
                }
                listener.backedUp(report.backedUpName(), report.backupName());
                continue;
            }
            if (report.kind() == Report.Kind.IN_PLACE) {
                if (removal == null) {
                    throw new ProtocolException("IN_PLACE without --remove-source-files");
                }
                removal.inPlace(report.index());
                continue;
            }
            if (removal != null) {
                removal.failed(report.index());
            }
            listener.fileFailed(report.code(), FileNames.printable(new String(report.text(), StandardCharsets.UTF_8)));
            long sent = sentWhole.takeBack(report.index());
            if (sent >= 0) {
                listener.sentFileFailed(sent);
            }
            if (current != null && current.entry.index() == report.index() && !current.abandoned) {
                // The receiver gave the file up: stop sending it.
                current.abandoned = true;
                current.abandonCode = report.code();
            }
        }
    }

    /**
     * Releases the open source, the directories still being listed and the pool. Call it once
     * the transport is disconnected: a buffer must not be deregistered while a write may read it.
     */
    @Override
    public void close() throws IOException {
        ResourceStack owned = new ResourceStack();
        owned.push(undecided);
        owned.push(poolRegion);
        owned.push(prefixBuffer);
        owned.push(readAhead);
        if (removal != null) {
            owned.push(removal);
        }
        owned.push(list);
        try {
            if (current != null) {
                closeCurrent();
            }
        } catch (IOException | RuntimeException e) {
            // The pool is released even when the source cannot be closed.
            owned.closeAfter(e);
            throw e;
        }
        owned.close();
    }
}
