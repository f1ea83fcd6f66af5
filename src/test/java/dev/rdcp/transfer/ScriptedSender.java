package dev.rdcp.transfer;

import dev.rdcp.protocol.ChunkBatch;
import dev.rdcp.protocol.SenderEnd;
import dev.rdcp.protocol.ControlType;
import dev.rdcp.protocol.CountedList;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.MrMessage;
import dev.rdcp.protocol.ReceiverEnd;
import dev.rdcp.transport.LoopbackTransport;
import dev.rdcp.transport.Region;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;

/**
 * A sender that says what the test tells it, in the order it is told, to a real FileReceiver
 * over the loopback transport: a hostile peer for one scripted session.
 */
final class ScriptedSender {

    private final LoopbackTransport end;
    private final TransferReport report = new TransferReport();
    private final CompletableFuture<Void> receiver;
    private final ArrayDeque<MrMessage> freeSlots = new ArrayDeque<>();
    private final ByteBuffer source;
    private final Region sourceRegion;
    private ReceiverEnd receiverEnd;

    private ScriptedSender(LoopbackTransport end, CompletableFuture<Void> receiver) {
        this.end = end;
        this.receiver = receiver;
        this.sourceRegion = end.allocate(1 << 16, false);
        this.source = sourceRegion.buffer();
    }

    /** Starts a receiver into directory {@code target}. */
    static ScriptedSender start(Path target, TransferOptions options) throws IOException {
        LoopbackTransport[] ends = LoopbackTransport.pair(5);
        Destination destination = Destination.of(target, true, null);
        TransferReport received = new TransferReport();
        CompletableFuture<Void> receiver = new CompletableFuture<>();
        ScriptedSender[] self = new ScriptedSender[1];
        Thread thread = new Thread(() -> {
            try (LoopbackTransport transport = ends[1];
                    FileReceiver role = FileReceiver.create(transport, destination, options, self[0].report)) {
                try {
                    role.run();
                } finally {
                    transport.disconnect();
                }
                receiver.complete(null);
            } catch (Throwable e) {
                receiver.completeExceptionally(e);
            }
        }, "scripted-receiver");
        self[0] = new ScriptedSender(ends[0], receiver);
        thread.setDaemon(true);
        thread.start();
        return self[0];
    }

    TransferReport report() {
        return report;
    }

    void entries(Entry... entries) throws IOException {
        ByteBuffer out = end.startMessage(ControlType.ENTRIES);
        int at = CountedList.start(out);
        for (Entry entry : entries) {
            entry.encode(out);
        }
        CountedList.finish(out, at, entries.length);
        end.send();
        entriesSent++;
    }

    /** One ENTRIES message of {@code entry} followed by {@code xattrs}, raw: a session with -X or -A. */
    void entryWithXattrs(Entry entry, byte[] xattrs) throws IOException {
        ByteBuffer out = end.startMessage(ControlType.ENTRIES);
        int at = CountedList.start(out);
        entry.encode(out);
        out.put(xattrs);
        CountedList.finish(out, at, 1);
        end.send();
        entriesSent++;
    }

    /** One piece of entry {@code index}'s data, written into a free staging slot. */
    void piece(int index, long offset, byte[] data, boolean last) throws IOException {
        while (freeSlots.isEmpty()) {
            pollOnce();
        }
        MrMessage slot = freeSlots.poll();
        source.clear().put(data);
        end.write(sourceRegion, 0, data.length, slot.address(), slot.rkey());
        CRC32C crc = new CRC32C();
        crc.update(data);
        ChunkBatch batch = new ChunkBatch();
        batch.start(slot.slot(), chunksSent++);
        batch.add(index, 0, offset, data.length, (int) crc.getValue(), last ? ChunkBatch.LAST : 0);
        batch.encode(end.startMessage(ControlType.CHUNKS));
        end.send();
    }

    /**
     * Waits until the receiver has handled everything sent so far: an empty ENTRIES goes last,
     * and every ENTRIES has its WANTS.
     */
    void sync() throws IOException {
        entries();
        while (wantsSeen < entriesSent) {
            pollOnce();
        }
    }

    private int entriesSent;
    private int chunksSent;
    private int wantsSeen;

    /** END, the receiver's END (and MORE until it has said everything), BYE; then the receiver's outcome. */
    Throwable finish() throws Exception {
        new SenderEnd(chunksSent).encode(end.startMessage(ControlType.END));
        end.send();
        while (receiverEnd == null || receiverEnd.more()) {
            if (receiverEnd != null) {
                receiverEnd = null;
                end.startMessage(ControlType.MORE);
                end.send();
            }
            pollOnce();
        }
        end.startMessage(ControlType.BYE);
        end.send();
        try {
            receiver.get(10, TimeUnit.SECONDS);
            report.finish();
            return null;
        } catch (ExecutionException e) {
            return e.getCause();
        }
    }

    private void pollOnce() throws IOException {
        if (receiver.isDone()) {
            throw new IOException("the receiver ended", receiver.handle((v, e) -> e).join());
        }
        end.poll((type, payload) -> {
            switch (type) {
                case MR -> {
                    MrMessage mr = new MrMessage();
                    mr.decode(payload);
                    freeSlots.add(mr);
                }
                case WANTS -> wantsSeen++;
                case END -> receiverEnd = ReceiverEnd.decode(payload);
                default -> {
                }
            }
        }, 100);
    }
}
