package dev.rdcp.transfer;

import dev.rdcp.protocol.ChunkMessage;
import dev.rdcp.protocol.ControlType;
import dev.rdcp.protocol.DoneMessage;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.FileDigest;
import dev.rdcp.protocol.FileMessage;
import dev.rdcp.protocol.MrMessage;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.StatusMessage;
import dev.rdcp.transport.MessagePipe;
import dev.rdcp.transport.PeerWatch;
import dev.rdcp.transport.RcConnection;
import dev.rdcp.verbs.ProtectionDomain;
import dev.rdcp.verbs.ReadOnlyFile;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.zip.CRC32C;

/**
 * The sending side: announces each file (FILE), RDMA-WRITEs its chunks from a registered mmap
 * into the staging buffers the receiver advertised (each WRITE followed by a CHUNK naming
 * buffer, offset, length and CRC32C), and closes it with DONE. As many chunks are in flight as
 * the receiver has buffers: the sender only waits when every buffer is taken.
 */
public final class FileSender implements AutoCloseable {

    private static final long TICK_MS = 1000;
    /** Windows whose WRITEs may still be in flight; beyond this the sender waits before mapping more. */
    private static final int MAX_RETIRING_WINDOWS = 2;

    /** The file being sent. */
    private static final class Outgoing {
        final int id;
        final SourceFile source;
        final ReadOnlyFile file;
        final long size;
        final FileDigest digest = new FileDigest();
        long offset;

        Outgoing(int id, SourceFile source, ReadOnlyFile file, long size) {
            this.id = id;
            this.source = source;
            this.file = file;
            this.size = size;
        }
    }

    private final MessagePipe pipe;
    private final PeerWatch watch;
    private final ProtectionDomain pd;
    private final TransferOptions options;
    private final TransferListener listener;

    private final int[] slotRkey;
    private final long[] slotAddress;
    private final int[] slotLength;
    private final int[] freeSlots;
    private int freeHead;
    private int freeCount;

    private final Map<Integer, Outgoing> awaitingStatus = new HashMap<>();
    private final ArrayDeque<SourceWindow> retiring = new ArrayDeque<>();
    private final MrMessage mr = new MrMessage();
    private final CRC32C crc = new CRC32C();
    private Outgoing current;
    private SourceWindow window;
    private int nextFileId;
    private boolean endReceived;

    public FileSender(RcConnection connection, MessagePipe pipe, PeerWatch watch, TransferOptions options,
            TransferListener listener) {
        this.pipe = pipe;
        this.watch = watch;
        this.pd = connection.protectionDomain();
        this.options = options;
        this.listener = listener;
        int slots = options.slots();
        this.slotRkey = new int[slots];
        this.slotAddress = new long[slots];
        this.slotLength = new int[slots];
        this.freeSlots = new int[slots];
    }

    /** Sends every file, then END, and returns when the receiver has answered END. */
    public void run(Iterator<SourceFile> sources) throws IOException {
        while (true) {
            releaseCompletedWindows();
            if (current == null && sources.hasNext() && awaitingStatus.size() < TransferOptions.FILES_IN_FLIGHT) {
                start(sources.next());
            } else if (current != null && freeCount > 0 && retiring.size() < MAX_RETIRING_WINDOWS) {
                sendChunk();
            } else if (current == null && !sources.hasNext() && awaitingStatus.isEmpty()) {
                break;
            } else {
                waitForPeer();
            }
        }
        pipe.startMessage(ControlType.END);
        pipe.send();
        while (!endReceived) {
            waitForPeer();
        }
    }

    private void waitForPeer() throws IOException {
        if (pipe.poll(this::onMessage, TICK_MS) > 0) {
            watch.activity();
        } else {
            watch.check();
        }
    }

    private void start(SourceFile source) throws IOException {
        ReadOnlyFile file;
        try {
            file = ReadOnlyFile.open(source.path());
        } catch (IOException e) {
            sourceProblem(source.path() + ": " + FileReceiver.describe(e));
            return;
        }
        long size = file.size();
        Outgoing outgoing = new Outgoing(nextFileId++, source, file, size);
        // Owned from here on: close() releases it if announcing the file fails.
        current = outgoing;
        new FileMessage(outgoing.id, size, source.mode(), source.mtimeSeconds(), source.mtimeNanos(), source.name())
                .encode(pipe.startMessage(ControlType.FILE));
        pipe.send();
        awaitingStatus.put(outgoing.id, outgoing);
        listener.fileStarted(source.path().toString(), size);
        if (size == 0) {
            finishCurrent();
        }
    }

    private void sendChunk() throws IOException {
        Outgoing file = current;
        int slot = freeSlots[freeHead];
        int length = (int) Math.min(Math.min(options.chunkSize(), slotLength[slot]), file.size - file.offset);
        if (window == null || !window.covers(file.offset, length)) {
            retireWindow();
            long windowLength = Math.min((long) options.windowChunks() * options.chunkSize(), file.size - file.offset);
            window = SourceWindow.map(file.file, pd, file.offset, windowLength);
        }
        freeHead = (freeHead + 1) % freeSlots.length;
        freeCount--;
        crc.reset();
        crc.update(window.slice(file.offset, length));
        int chunkCrc = (int) crc.getValue();
        pipe.write(window.address(file.offset), window.lkey(), length, slotAddress[slot], slotRkey[slot]);
        ChunkMessage.encode(pipe.startMessage(ControlType.CHUNK), file.id, slot, file.offset, length, chunkCrc);
        pipe.send();
        window.usedThrough(pipe.requestsPosted());
        file.digest.addChunk(chunkCrc);
        file.offset += length;
        listener.progress(file.offset);
        if (file.offset == file.size) {
            finishCurrent();
        }
    }

    private void finishCurrent() throws IOException {
        Outgoing file = current;
        new DoneMessage(file.id, file.size, file.digest.finish(file.size)).encode(pipe.startMessage(ControlType.DONE));
        pipe.send();
        closeCurrent();
    }

    private void closeCurrent() throws IOException {
        retireWindow();
        Outgoing file = current;
        current = null;
        file.file.close();
    }

    private void retireWindow() {
        if (window != null) {
            retiring.add(window);
            window = null;
        }
    }

    private void releaseCompletedWindows() throws IOException {
        while (!retiring.isEmpty() && retiring.peek().lastRequest() <= pipe.completedThrough()) {
            retiring.poll().close();
        }
    }

    private void onMessage(ControlType type, java.nio.ByteBuffer payload) throws IOException {
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
            }
            case STATUS -> onStatus(StatusMessage.decode(payload));
            case END -> endReceived = true;
            default -> throw MessagePipe.unexpected(type, "at the sender");
        }
    }

    private void onStatus(StatusMessage status) throws IOException {
        Outgoing file = awaitingStatus.remove(status.fileId());
        if (file == null) {
            throw new ProtocolException("STATUS for unknown file " + status.fileId());
        }
        if (status.isOk()) {
            listener.fileDone(file.source.path().toString(), file.size);
            return;
        }
        listener.fileFailed(status.code(), status.message());
        if (file == current) {
            // The receiver gave up on it: stop sending, and close it so the receiver forgets it.
            new DoneMessage(file.id, file.size, 0).encode(pipe.startMessage(ControlType.DONE));
            pipe.send();
            closeCurrent();
        }
    }

    /** A source that cannot be sent: both ends report it, and the transfer ends as partial. */
    public void sourceProblem(String message) throws IOException {
        int code = ExitCode.PARTIAL.code();
        new StatusMessage(-1, code, message).encode(pipe.startMessage(ControlType.STATUS));
        pipe.send();
        listener.fileFailed(code, message);
    }

    /**
     * Releases the open source and every window. Call it once the pipe's connection is closed or
     * idle: a window must not be unmapped while a WRITE may still read it.
     */
    @Override
    public void close() throws IOException {
        if (current != null) {
            closeCurrent();
        }
        for (SourceWindow w : retiring) {
            w.close();
        }
        retiring.clear();
    }
}
