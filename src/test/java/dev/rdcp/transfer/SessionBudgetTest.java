package dev.rdcp.transfer;

import static dev.rdcp.transfer.HostilePeer.Entries.dir;
import static dev.rdcp.transfer.HostilePeer.Entries.dirEnd;
import static dev.rdcp.transfer.HostilePeer.Entries.file;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.CountedList;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.SessionRequest;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 11's defect 6: what a sender's list makes the receiver remember is bounded for the session. */
class SessionBudgetTest {

    @TempDir
    Path root;

    @Test
    void threeHundredThousandDirectoriesUnderDryRunEndTheSession() throws Exception {
        long flags = SessionRequest.RECURSIVE | SessionRequest.DRY_RUN | SessionRequest.DESTINATION_IS_DIRECTORY
                | SessionRequest.PRESERVE_TIMES;
        try (HostilePeer peer = HostilePeer.start(HostilePeer.Wire.LOOPBACK, root, TransferOptions.of(4096, flags))) {
            HostilePeer.ReceiverGone gone = assertThrows(HostilePeer.ReceiverGone.class, () -> {
                peer.entries(dir(0, "."));
                int index = 1;
                while (index <= 300_000) {
                    Entry[] batch = new Entry[150];
                    for (int i = 0; i < batch.length; i++, index++) {
                        batch[i] = dir(index, String.format("d%07d", index));
                    }
                    peer.entries(batch);
                }
            });
            assertInstanceOf(ProtocolException.class, gone.getCause());
            assertTrue(gone.getCause().getMessage().contains("MiB of bookkeeping"), gone.getCause().getMessage());
        }
    }

    /**
     * Found in review: with --delete-after (or --max-delete) every DIRECTORY_END waited for the end
     * uncharged, and "." may be listed and ended again and again (each "dir/" operand lists it
     * anew), so a sender could make the receiver hold memory in step with what it sent: 20,000
     * rounds of an 8,000-byte directory listed and ended grew a receiver's heap by 175 MB.
     */
    @Test
    void directoryEndsKeptForDeleteAfterCountAgainstTheBudget() throws Exception {
        long flags = SessionRequest.RECURSIVE | SessionRequest.DESTINATION_IS_DIRECTORY | SessionRequest.DELETE
                | SessionRequest.DELETE_AFTER;
        try (Destination destination = Destination.of(root, true, root)) {
            Generator generator = generator(destination, flags, new SessionBudget(1 << 20));
            ProtocolException e = assertThrows(ProtocolException.class, () -> {
                int index = 0;
                for (int round = 0; round < 5_000; round++) {
                    answer(generator, List.of(dir(index++, "."), dirEnd(index++, ".")));
                }
            });
            assertTrue(e.getMessage().contains("MiB of bookkeeping"), e.getMessage());
        }
    }

    /**
     * Found in review: the names --delete keeps for a directory until its deletions outlived the
     * order check's charge for them under --delete-after, and were bounded only by their
     * characters (256 MiB of them), not by the memory they take (about 95 bytes a short name: a
     * few gigabytes at the bound).
     */
    @Test
    void namesKeptForDeleteAfterCountAgainstTheBudget() throws Exception {
        long flags = SessionRequest.RECURSIVE | SessionRequest.DESTINATION_IS_DIRECTORY | SessionRequest.DELETE
                | SessionRequest.DELETE_AFTER | SessionRequest.DRY_RUN;
        try (Destination destination = Destination.of(root, true, root)) {
            Generator generator = generator(destination, flags, new SessionBudget(2 << 20));
            ProtocolException e = assertThrows(ProtocolException.class, () -> {
                int index = 0;
                answer(generator, List.of(dir(index++, ".")));
                for (int directory = 0; directory < 40; directory++) {
                    String name = "d" + directory;
                    answer(generator, List.of(dir(index++, name)));
                    List<Entry> files = new ArrayList<>();
                    for (int i = 0; i < 1_000; i++) {
                        files.add(file(index++, name + "/" + i, 0));
                    }
                    answer(generator, files);
                    answer(generator, List.of(dirEnd(index++, name)));
                }
            });
            assertTrue(e.getMessage().contains("MiB of bookkeeping"), e.getMessage());
        }
    }

    private static Generator generator(Destination destination, long flags, SessionBudget budget) throws Exception {
        TransferOptions options = TransferOptions.of(4096, flags);
        destination.prepare(false);
        TransferReport report = new TransferReport();
        return new Generator(destination, options, report, new Attributes(options, destination),
                new ReportQueue(report, budget, false), () -> { }, incoming -> { }, Heartbeat.NONE, budget);
    }

    /** One ENTRIES payload of {@code entries}, answered. */
    private static void answer(Generator generator, List<Entry> entries) throws Exception {
        ByteBuffer payload = ByteBuffer.allocate(64 * entries.size() + 64);
        int at = CountedList.start(payload);
        entries.forEach(entry -> entry.encode(payload));
        CountedList.finish(payload, at, entries.size());
        generator.answer(payload.flip(), ByteBuffer.allocate(32 * entries.size() + 64));
    }

    @Test
    void spendingPastTheCapFailsAndReleasingMakesRoom() throws Exception {
        SessionBudget budget = new SessionBudget(1000);
        budget.spend(600);
        assertThrows(ProtocolException.class, () -> budget.spend(500));
        budget.release(200);
        budget.spend(500);
    }
}
