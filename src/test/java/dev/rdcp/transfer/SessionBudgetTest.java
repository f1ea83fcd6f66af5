package dev.rdcp.transfer;

import static dev.rdcp.transfer.HostilePeer.Entries.dir;
import static dev.rdcp.transfer.HostilePeer.Entries.dirEnd;
import static dev.rdcp.transfer.HostilePeer.Entries.file;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
                new ReportQueue(report, budget, false), new ReceiverTally(), incoming -> { }, Heartbeat.NONE, budget);
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

    @Test
    void sessionsDrawFromTheirPoolInGrantsAndGiveBackWhatTheyNoLongerNeed() throws Exception {
        BookkeepingPool pool = new BookkeepingPool(4 * BookkeepingPool.GRANT);
        SessionBudget first = new SessionBudget(SessionBudget.MAX_BYTES, pool);
        first.spend(100);
        assertEquals(BookkeepingPool.GRANT, pool.taken());
        first.spend(3 * BookkeepingPool.GRANT);
        assertEquals(4 * BookkeepingPool.GRANT, pool.taken());
        SessionBudget second = new SessionBudget(SessionBudget.MAX_BYTES, pool);
        ProtocolException refused = assertThrows(ProtocolException.class, () -> second.spend(1));
        assertTrue(refused.getMessage().contains("hold all of its 4 MiB"), refused.getMessage());
        first.release(3 * BookkeepingPool.GRANT);
        assertEquals(2 * BookkeepingPool.GRANT, pool.taken(), "one spare grant kept past what is spent");
        second.spend(1);
        first.close();
        first.close();
        assertEquals(BookkeepingPool.GRANT, pool.taken());
        second.close();
        assertEquals(0, pool.taken());
    }

    /**
     * Review: each receiving session's bookkeeping is capped, but a daemon serves 16 sessions, 4 GiB
     * at their caps; they share one pool now. Two pushes of directories under -n into one pool:
     * the second is refused once the first holds it, and a receiver gives everything back when it
     * ends, whatever ended it.
     */
    @Test
    void receiversSharingAPoolAreRefusedWhenItIsSpentAndGiveItBack() throws Exception {
        long flags = SessionRequest.RECURSIVE | SessionRequest.DRY_RUN | SessionRequest.DESTINATION_IS_DIRECTORY
                | SessionRequest.PRESERVE_TIMES;
        BookkeepingPool pool = new BookkeepingPool(3 * BookkeepingPool.GRANT);
        TransferOptions options = TransferOptions.of(4096, flags);
        Path firstRoot = java.nio.file.Files.createDirectory(root.resolve("first"));
        Path secondRoot = java.nio.file.Files.createDirectory(root.resolve("second"));
        try (HostilePeer first = HostilePeer.start(HostilePeer.Wire.LOOPBACK,
                Destination.of(firstRoot, true, firstRoot), options, pool)) {
            listDirectories(first, 2_000);
            assertTrue(pool.taken() >= 2 * BookkeepingPool.GRANT, String.valueOf(pool.taken()));
            try (HostilePeer second = HostilePeer.start(HostilePeer.Wire.LOOPBACK,
                    Destination.of(secondRoot, true, secondRoot), options, pool)) {
                HostilePeer.ReceiverGone gone = assertThrows(HostilePeer.ReceiverGone.class,
                        () -> listDirectories(second, 2_000));
                assertInstanceOf(ProtocolException.class, gone.getCause());
                assertTrue(gone.getCause().getMessage().contains("for bookkeeping"), gone.getCause().getMessage());
            }
        }
        assertEquals(0, pool.taken());
    }

    /** "." and {@code count} directories below it, 150 to an ENTRIES. */
    private static void listDirectories(HostilePeer peer, int count) throws Exception {
        peer.entries(dir(0, "."));
        int index = 1;
        while (index <= count) {
            Entry[] batch = new Entry[Math.min(150, count - index + 1)];
            for (int i = 0; i < batch.length; i++, index++) {
                batch[i] = dir(index, String.format("d%07d", index));
            }
            peer.entries(batch);
        }
    }
}
