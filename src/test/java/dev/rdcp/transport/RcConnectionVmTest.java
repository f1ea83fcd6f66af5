package dev.rdcp.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.posix.ReadOnlyFile;
import dev.rdcp.verbs.Access;
import dev.rdcp.verbs.MemoryRegion;
import dev.rdcp.verbs.VerbsException;
import dev.rdcp.verbs.WorkCompletions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real verbs on rxe0 in the Soft-RoCE VM: two QPs connected through a TCP bootstrap. */
@Tag("vm")
class RcConnectionVmTest {

    private static final long TIMEOUT_MS = Long.getLong("vmtest.timeout", 30_000);
    private static final int SIZE = 4 << 20;

    @TempDir
    Path dir;

    @Test
    void theDeviceOpenedAheadIsTheOneTheConnectionUses() throws Exception {
        try (DeviceOpening opening = DeviceOpening.start(RdmaSettings.defaults())) {
            assertNull(opening.unavailableReason(), "rxe0 is usable in the guest");
            RdmaDevice device = opening.take();
            assertThrows(IllegalStateException.class, opening::take, "a device has one owner");
            try (RcConnection connection = RcConnection.open(device, 16, 2)) {
                assertEquals(2, connection.streams());
                assertSame(device.protectionDomain(), connection.protectionDomain());
                assertTrue(connection.localEndpoint(1).qpNumber() != connection.localEndpoint(0).qpNumber());
            }
        }
    }

    @Test
    void rdmaWriteOfAFileReadIntoRegisteredMemoryArrivesByteForByte() throws Exception {
        byte[] content = randomBytes(SIZE, 1);
        Path source = Files.write(dir.resolve("source.bin"), content);
        ByteBuffer target = ByteBuffer.allocateDirect(SIZE);
        ByteBuffer pool = ByteBuffer.allocateDirect(SIZE);
        try (ConnectedPair pair = ConnectedPair.open();
                ReadOnlyFile file = ReadOnlyFile.open(source, source.toAbsolutePath().toString().getBytes(StandardCharsets.UTF_8))) {
            try (MemoryRegion targetMr = pair.server.protectionDomain().register(target,
                    EnumSet.of(Access.LOCAL_WRITE, Access.REMOTE_WRITE));
                    MemoryRegion sourceMr = pair.client.protectionDomain().register(pool,
                            EnumSet.noneOf(Access.class))) {
                assertEquals(SIZE, targetMr.length());
                assertEquals(SIZE, file.read(pool, SIZE, 0));

                pair.client.queuePair(0).postWrite(7, sourceMr.address(), sourceMr.lkey(), SIZE, targetMr.address(),
                        targetMr.rkey(), true);
                awaitOne(pair.client, wc -> {
                    assertTrue(wc.isSuccess(0), () -> wc.failure(0, "write").getMessage());
                    assertEquals(7, wc.wrId(0));
                });
            }
        }
        byte[] received = new byte[SIZE];
        target.get(received);
        assertArrayEquals(content, received);
    }

    @Test
    void sendIsConsumedByAPostedReceive() throws Exception {
        byte[] message = "MSG_DONE crc=0x1234".getBytes(StandardCharsets.US_ASCII);
        ByteBuffer inbox = ByteBuffer.allocateDirect(256);
        ByteBuffer outbox = ByteBuffer.allocateDirect(256).put(message);
        try (ConnectedPair pair = ConnectedPair.open();
                MemoryRegion inboxMr = pair.server.protectionDomain().register(inbox, EnumSet.of(Access.LOCAL_WRITE));
                MemoryRegion outboxMr = pair.client.protectionDomain().register(outbox, EnumSet.noneOf(Access.class))) {
            pair.server.queuePair(0).postRecv(42, inboxMr.address(), inboxMr.lkey(), 256);
            pair.client.queuePair(0).postSend(9, outboxMr.address(), outboxMr.lkey(), message.length, true, false);

            awaitOne(pair.client, sent -> assertTrue(sent.isSuccess(0)));
            awaitOne(pair.server, received -> {
                assertTrue(received.isSuccess(0));
                assertEquals(42, received.wrId(0));
                assertTrue(received.isReceive(0));
                assertEquals(message.length, received.byteLength(0));
            });
        }
        byte[] got = new byte[message.length];
        inbox.get(got);
        assertArrayEquals(message, got);
    }

    @Test
    void inlineSendNeedsNoRegisteredSource() throws Exception {
        ByteBuffer inbox = ByteBuffer.allocateDirect(64);
        ByteBuffer outbox = ByteBuffer.allocateDirect(16).putLong(0x0102030405060708L).putLong(-1L);
        try (ConnectedPair pair = ConnectedPair.open();
                MemoryRegion inboxMr = pair.server.protectionDomain().register(inbox, EnumSet.of(Access.LOCAL_WRITE));
                MemoryRegion outboxMr = pair.client.protectionDomain().register(outbox, EnumSet.noneOf(Access.class))) {
            pair.server.queuePair(0).postRecv(1, inboxMr.address(), inboxMr.lkey(), 64);
            // An inline send copies the bytes at post time: the lkey is not used, so pass none.
            pair.client.queuePair(0).postSend(2, outboxMr.address(), 0, 16, true, true);
            awaitOne(pair.client, sent -> assertTrue(sent.isSuccess(0)));
            awaitOne(pair.server, received -> {
                assertTrue(received.isSuccess(0));
                assertEquals(16, received.byteLength(0));
            });
        }
        assertEquals(0x0102030405060708L, inbox.getLong(0));
        assertEquals(-1L, inbox.getLong(8));
    }

    @Test
    void wrongRkeyFailsWithRemoteAccessError() throws Exception {
        ByteBuffer target = ByteBuffer.allocateDirect(4096);
        ByteBuffer source = ByteBuffer.allocateDirect(4096);
        try (ConnectedPair pair = ConnectedPair.open();
                MemoryRegion targetMr = pair.server.protectionDomain().register(target,
                        EnumSet.of(Access.LOCAL_WRITE, Access.REMOTE_WRITE));
                MemoryRegion sourceMr = pair.client.protectionDomain().register(source, EnumSet.noneOf(Access.class))) {
            pair.client.queuePair(0).postWrite(11, sourceMr.address(), sourceMr.lkey(), 4096, targetMr.address(),
                    targetMr.rkey() ^ 0x5a5a00, true);
            awaitOne(pair.client, wc -> {
                assertFalse(wc.isSuccess(0));
                VerbsException error = wc.failure(0, "RDMA WRITE");
                assertTrue(error.isCompletionError());
                assertTrue(error.getMessage().contains("remote access error"), error.getMessage());
                assertEquals(11, wc.wrId(0));
            });
        }
    }

    @Test
    void writeToAVanishedPeerFailsWithRetryErrorInBoundedTime() throws Exception {
        ByteBuffer target = ByteBuffer.allocateDirect(4096);
        ByteBuffer source = ByteBuffer.allocateDirect(4096);
        try (ConnectedPair pair = ConnectedPair.open();
                MemoryRegion sourceMr = pair.client.protectionDomain().register(source, EnumSet.noneOf(Access.class))) {
            long remoteAddress;
            int rkey;
            try (MemoryRegion targetMr = pair.server.protectionDomain().register(target,
                    EnumSet.of(Access.LOCAL_WRITE, Access.REMOTE_WRITE))) {
                remoteAddress = targetMr.address();
                rkey = targetMr.rkey();
            }
            pair.server.close();

            pair.client.queuePair(0).postWrite(13, sourceMr.address(), sourceMr.lkey(), 4096, remoteAddress, rkey,
                    true);
            awaitOne(pair.client, wc -> {
                assertFalse(wc.isSuccess(0));
                assertTrue(wc.failure(0, "write").getMessage().contains("retry"), wc.failure(0, "write").getMessage());
            });
        }
    }

    @Test
    void closingTwiceIsHarmlessAndUseAfterCloseIsRefused() throws Exception {
        ConnectedPair pair = ConnectedPair.open();
        pair.close();
        pair.close();
        assertThrows(IllegalStateException.class,
                () -> pair.client.queuePair(0).postRecv(1, 0, 0, 0));
    }

    /** What one completion on the connection's first queue is checked for; its batch is closed after. */
    private interface CompletionCheck {
        void check(WorkCompletions completion) throws IOException;
    }

    private static void awaitOne(RcConnection connection, CompletionCheck check) throws IOException {
        try (WorkCompletions wc = new WorkCompletions(1)) {
            int n = connection.completionQueue(0).await(wc, TIMEOUT_MS);
            assertEquals(1, n, "no completion within " + TIMEOUT_MS + " ms");
            check.check(wc);
        }
    }

    private static byte[] randomBytes(int size, long seed) {
        byte[] bytes = new byte[size];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }
}
