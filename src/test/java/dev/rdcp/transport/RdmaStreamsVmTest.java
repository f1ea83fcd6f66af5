package dev.rdcp.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ControlType;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Several streams of one RdmaTransport on rxe0: a WRITE and a message on each, all seen by one poller. */
@Tag("vm")
class RdmaStreamsVmTest {

    private static final int STREAMS = 3;
    private static final int SLOTS = 6;
    private static final int PIECE = 4096;

    private static RdmaTransport establish(Socket socket) throws IOException {
        BootstrapChannel channel = new BootstrapChannel(socket, Duration.ofSeconds(30));
        int streams = channel.agreeStreams(STREAMS);
        return RdmaTransport.establish(channel, RdmaSettings.defaults().withStreams(streams), 16, 16, SLOTS, 30, true);
    }

    /** Two connected transports of {@link #STREAMS} streams each. */
    private record Pair(RdmaTransport sender, RdmaTransport receiver) implements AutoCloseable {

        static Pair connect() throws Exception {
            try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                CompletableFuture<RdmaTransport> accepted = CompletableFuture.supplyAsync(() -> {
                    try {
                        return establish(listener.accept());
                    } catch (IOException e) {
                        throw new IllegalStateException(e);
                    }
                });
                RdmaTransport sender;
                try {
                    sender = establish(new Socket(InetAddress.getLoopbackAddress(), listener.getLocalPort()));
                } catch (Exception | Error e) {
                    // The other side may have got as far as a transport of its own.
                    accepted.thenAccept(Pair::closeQuietly);
                    throw e;
                }
                try {
                    return new Pair(sender, join(accepted));
                } catch (Exception | Error e) {
                    sender.close();
                    throw e;
                }
            }
        }

        private static void closeQuietly(RdmaTransport transport) {
            try {
                transport.close();
            } catch (IOException e) {
                // The test has already failed; this only releases the handles.
            }
        }

        @Override
        public void close() throws IOException {
            try (RdmaTransport s = sender; RdmaTransport r = receiver) {
                s.disconnect();
                r.disconnect();
            }
        }
    }

    /**
     * A wait over several streams ends when it takes any completion, as a single stream's does: a
     * SEND's completion is what a sender out of pool buffers waits for, and once the wait has taken
     * it from the CQ no event comes for it. On one CPU the completion is there before the post
     * returns, so the wait's first look takes it; it used to sleep on for the whole timeout.
     */
    @Test
    @Timeout(30)
    void aSendCompletionAloneEndsTheWait() throws Exception {
        try (Pair pair = Pair.connect()) {
            pair.sender().startMessage(ControlType.CHUNKS, 1).putInt(1);
            pair.sender().send();
            int[] seen = {0};
            while (seen[0] == 0) {
                pair.receiver().poll((type, payload) -> seen[0]++, 1000);
            }
            assertFalse(pair.sender().idle(), "the SEND's completion has not been taken yet");
            assertEquals(0, pair.sender().poll((type, payload) -> seen[0]++, 600_000), "no message came back");
            assertTrue(pair.sender().idle(), "the wait took the SEND's completion and returned");
        }
    }

    @Test
    void eachStreamCarriesItsWriteAndItsMessageAndOnePollSeesThemAll() throws Exception {
        try (Pair pair = Pair.connect()) {
            RdmaTransport sender = pair.sender();
            RdmaTransport receiver = pair.receiver();
            assertEquals(STREAMS, sender.streams());
            assertEquals(STREAMS, receiver.streams());
            try (Region target = receiver.allocate(STREAMS * PIECE, true);
                    Region from = sender.allocate(STREAMS * PIECE, false)) {
                ByteBuffer staging = target.buffer();
                ByteBuffer source = from.buffer();
                for (int stream = 0; stream < STREAMS; stream++) {
                    for (int i = 0; i < PIECE; i++) {
                        source.put(stream * PIECE + i, (byte) (stream * 31 + i));
                    }
                    sender.write(stream, from, (long) stream * PIECE, PIECE, target.address() + (long) stream * PIECE,
                            target.key());
                    sender.startMessage(ControlType.CHUNKS, stream).putInt(stream);
                    sender.send();
                }
                List<Integer> seen = new ArrayList<>();
                long deadline = System.currentTimeMillis() + 10_000;
                while (seen.size() < STREAMS && System.currentTimeMillis() < deadline) {
                    receiver.poll((type, payload) -> seen.add(payload.getInt()), 1000);
                }
                assertEquals(STREAMS, seen.size(), "a message from every stream: " + seen);
                for (int stream = 0; stream < STREAMS; stream++) {
                    for (int i = 0; i < PIECE; i += 511) {
                        assertEquals((byte) (stream * 31 + i), staging.get(stream * PIECE + i),
                                "stream " + stream + " byte " + i);
                    }
                }
                while (!sender.idle()) {
                    sender.poll((type, payload) -> { }, 100);
                }
                for (int stream = 0; stream < STREAMS; stream++) {
                    assertEquals(2, sender.completedThrough(stream), "the WRITE and SEND of stream " + stream);
                }
            }
        }
    }

    /** The regions' memory goes when the transports close, after their queue pairs, not at some later collection. */
    @Test
    void closingTheTransportsFreesTheirRegions() throws Exception {
        Region target;
        Region from;
        long before;
        try (Pair pair = Pair.connect()) {
            target = pair.receiver().allocate(4 << 20, true);
            from = pair.sender().allocate(4 << 20, false);
            target.buffer().put(0, (byte) 1);
            from.buffer().put(0, (byte) 1);
            target.close();
            from.close();
            before = DirectPool.bytesInUse();
        }
        assertTrue(DirectPool.bytesInUse() <= before - (8 << 20),
                "both regions' memory given back while " + target + " and " + from + " are still reachable");
    }

    private static RdmaTransport join(CompletableFuture<RdmaTransport> future) throws Exception {
        try {
            return future.get();
        } catch (ExecutionException e) {
            throw (Exception) e.getCause().getCause();
        }
    }
}
