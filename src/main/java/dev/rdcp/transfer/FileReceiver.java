package dev.rdcp.transfer;

import dev.rdcp.protocol.ChunkMessage;
import dev.rdcp.protocol.ControlType;
import dev.rdcp.protocol.DoneMessage;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.FileDigest;
import dev.rdcp.protocol.FileMessage;
import dev.rdcp.protocol.MrMessage;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.StatusMessage;
import dev.rdcp.transport.MessagePipe;
import dev.rdcp.transport.PeerWatch;
import dev.rdcp.transport.RcConnection;
import dev.rdcp.verbs.Access;
import dev.rdcp.verbs.MemoryRegion;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.CRC32C;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The receiving side: advertises registered staging buffers (MSG_MR), checks each chunk the
 * sender RDMA-wrote into one against its CRC32C, writes it into a temporary file, re-advertises
 * the buffer, and on MSG_DONE verifies the whole file and renames it into place.
 */
public final class FileReceiver implements AutoCloseable {

    private static final Logger LOG = LogManager.getLogger(FileReceiver.class);
    private static final long TICK_MS = 1000;

    /** A file being received. */
    private static final class Incoming {
        final String name;
        final FileMessage header;
        final AtomicFile file;
        final FileDigest digest = new FileDigest();
        long received;
        boolean failed;

        Incoming(String name, FileMessage header, AtomicFile file) {
            this.name = name;
            this.header = header;
            this.file = file;
        }
    }

    private final MessagePipe pipe;
    private final PeerWatch watch;
    private final Destination destination;
    private final TransferOptions options;
    private final TransferListener listener;
    private final MemoryRegion stagingMr;
    private final ByteBuffer[] slots;
    private final Map<Integer, Incoming> files = new HashMap<>();
    private final ChunkMessage chunk = new ChunkMessage();
    private final CRC32C crc = new CRC32C();
    private boolean ended;

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
    }

    /** Registers the staging buffers: the only memory the peer may write. */
    public static FileReceiver create(RcConnection connection, MessagePipe pipe, PeerWatch watch,
            Destination destination, TransferOptions options, TransferListener listener) throws IOException {
        ByteBuffer staging = ByteBuffer.allocateDirect(options.slots() * options.chunkSize());
        MemoryRegion mr = connection.protectionDomain().register(staging,
                EnumSet.of(Access.LOCAL_WRITE, Access.REMOTE_WRITE));
        return new FileReceiver(pipe, watch, destination, options, listener, mr, staging);
    }

    /** Receives files until the sender's END, then answers END. */
    public void run() throws IOException {
        for (int slot = 0; slot < slots.length; slot++) {
            advertise(slot);
        }
        while (!ended) {
            if (pipe.poll(this::onMessage, TICK_MS) > 0) {
                watch.activity();
            } else {
                watch.check();
            }
        }
        pipe.startMessage(ControlType.END);
        pipe.send();
        // The sender leaves as soon as it has our END, possibly before our side saw the SEND
        // complete: its connection closing now means the END arrived.
        while (!pipe.idle()) {
            if (pipe.poll(this::onMessage, TICK_MS) == 0 && !pipe.idle() && watch.peerGone()) {
                break;
            }
        }
    }

    private void advertise(int slot) throws IOException {
        ByteBuffer out = pipe.startMessage(ControlType.MR);
        MrMessage.encode(out, slot, stagingMr.rkey(), stagingMr.address() + (long) slot * options.chunkSize(),
                options.chunkSize());
        pipe.send();
    }

    private void onMessage(ControlType type, ByteBuffer payload) throws IOException {
        switch (type) {
            case FILE -> onFile(FileMessage.decode(payload));
            case CHUNK -> onChunk(payload);
            case DONE -> onDone(DoneMessage.decode(payload));
            case STATUS -> {
                StatusMessage status = StatusMessage.decode(payload);
                listener.fileFailed(status.code(), status.message());
            }
            case END -> ended = true;
            default -> throw MessagePipe.unexpected(type, "at the receiver");
        }
    }

    private void onFile(FileMessage header) throws IOException {
        if (files.containsKey(header.fileId()) || files.size() >= TransferOptions.FILES_IN_FLIGHT) {
            throw new ProtocolException("FILE " + header.fileId() + " is a duplicate or exceeds the files in flight");
        }
        String name = new String(header.name(), StandardCharsets.UTF_8);
        Incoming incoming;
        try {
            Path target = destination.resolve(name);
            incoming = new Incoming(target.toString(), header, AtomicFile.create(target));
        } catch (IOException e) {
            Incoming failed = new Incoming(name, header, null);
            files.put(header.fileId(), failed);
            // As rsync: a file that cannot be created is skipped, and the run ends as partial (23).
            fail(failed, e instanceof RdcpException ? e : new RdcpException(ExitCode.PARTIAL, describe(e)));
            return;
        }
        files.put(header.fileId(), incoming);
        listener.fileStarted(incoming.name, header.size());
    }

    private void onChunk(ByteBuffer payload) throws IOException {
        chunk.decode(payload);
        int slot = chunk.slot();
        if (slot >= slots.length || chunk.length() > options.chunkSize()) {
            throw new ProtocolException("CHUNK for slot " + slot + " of " + chunk.length() + " bytes is out of range");
        }
        Incoming incoming = files.get(chunk.fileId());
        if (incoming == null) {
            throw new ProtocolException("CHUNK for unknown file " + chunk.fileId());
        }
        if (!incoming.failed) {
            receiveChunk(incoming, slots[slot]);
        }
        advertise(slot);
    }

    private void receiveChunk(Incoming incoming, ByteBuffer slot) throws IOException {
        if (chunk.offset() != incoming.received || incoming.received + chunk.length() > incoming.header.size()) {
            throw new ProtocolException("CHUNK at offset " + chunk.offset() + " for " + incoming.name + " is out of order");
        }
        slot.clear().limit(chunk.length());
        crc.reset();
        crc.update(slot);
        if ((int) crc.getValue() != chunk.crc()) {
            fail(incoming, new RdcpException(ExitCode.DATA_STREAM, "checksum mismatch in the chunk at offset "
                    + chunk.offset()));
            return;
        }
        slot.flip();
        try {
            incoming.file.write(slot, chunk.offset());
        } catch (IOException e) {
            fail(incoming, e);
            return;
        }
        incoming.received += chunk.length();
        incoming.digest.addChunk(chunk.crc());
        listener.progress(incoming.received);
    }

    private void onDone(DoneMessage done) throws IOException {
        Incoming incoming = files.remove(done.fileId());
        if (incoming == null) {
            throw new ProtocolException("DONE for unknown file " + done.fileId());
        }
        if (incoming.failed) {
            return;
        }
        FileMessage header = incoming.header;
        if (incoming.received != header.size() || done.size() != header.size()
                || incoming.digest.finish(header.size()) != done.digest()) {
            fail(incoming, new RdcpException(ExitCode.DATA_STREAM, "file digest mismatch (received "
                    + incoming.received + " of " + header.size() + " bytes)"));
            return;
        }
        try {
            incoming.file.commit(options.preservePermissions() ? header.mode() : null,
                    options.preserveTimes() ? FileTime.from(java.time.Instant.ofEpochSecond(header.mtimeSeconds(),
                            header.mtimeNanos())) : null);
        } catch (IOException e) {
            fail(incoming, e);
            return;
        }
        sendStatus(StatusMessage.ok(header.fileId()));
        listener.fileDone(incoming.name, header.size());
    }

    private void fail(Incoming incoming, IOException cause) throws IOException {
        incoming.failed = true;
        if (incoming.file != null) {
            try {
                incoming.file.close();
            } catch (IOException e) {
                LOG.warn("could not remove {}: {}", incoming.file.temp(), e.getMessage());
            }
        }
        int code = cause instanceof RdcpException r ? r.exitCode().code() : ExitCode.FILE_IO.code();
        String message = incoming.name + ": " + describe(cause);
        LOG.debug("receiving {} failed", incoming.name, cause);
        sendStatus(new StatusMessage(incoming.header.fileId(), code, message));
        listener.fileFailed(code, message);
    }

    static String describe(IOException e) {
        if (e instanceof java.nio.file.FileSystemException fse && fse.getReason() != null) {
            return fse.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private void sendStatus(StatusMessage status) throws IOException {
        status.encode(pipe.startMessage(ControlType.STATUS));
        pipe.send();
    }

    /** Removes every temporary file still open and deregisters the staging buffers. */
    @Override
    public void close() throws IOException {
        IOException first = null;
        for (Incoming incoming : files.values()) {
            if (incoming.file != null) {
                try {
                    incoming.file.close();
                } catch (IOException e) {
                    first = first == null ? e : first;
                }
            }
        }
        files.clear();
        stagingMr.close();
        if (first != null) {
            throw first;
        }
    }
}
