package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.rdcp.protocol.ControlType;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.PeerAbortException;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.transport.BootstrapChannel;
import dev.rdcp.transport.PeerWatch;
import dev.rdcp.transport.Region;
import dev.rdcp.transport.TcpTransport;
import dev.rdcp.transport.Transport;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A receiver's ABORT over the TCP transport, where the sender is not polling when it comes: it
 * is the receiver's last message, and the sender must end with it, not with what the close that
 * follows does to its own sends and waits.
 */
class SessionAbortOverTcpTest {

    private static final String STOPPED = "received SIGTERM: the transfer was stopped";

    @TempDir
    Path tmp;

    /** The receiver's own transport, which fails the role once, as {@code failAt} arrives, unhandled. */
    private static final class FailingAt implements Transport {
        private final Transport inner;
        private final ControlType failAt;
        private final RdcpException failure;
        private final CountDownLatch disconnected = new CountDownLatch(1);
        private boolean endSent;
        private boolean failed;
        private ControlType composing;

        FailingAt(Transport inner, ControlType failAt, RdcpException failure) {
            this.inner = inner;
            this.failAt = failAt;
            this.failure = failure;
        }

        @Override
        public Region allocate(int bytes, boolean peerWritable) throws IOException {
            return inner.allocate(bytes, peerWritable);
        }

        @Override
        public ByteBuffer startMessage(ControlType type) throws IOException {
            composing = type;
            return inner.startMessage(type);
        }

        @Override
        public void send() throws IOException {
            endSent |= composing == ControlType.END;
            inner.send();
        }

        @Override
        public void discardMessage() {
            inner.discardMessage();
        }

        @Override
        public long write(Region source, long offset, int length, long remoteAddress, int remoteKey)
                throws IOException {
            return inner.write(source, offset, length, remoteAddress, remoteKey);
        }

        @Override
        public long completedThrough() {
            return inner.completedThrough();
        }

        @Override
        public boolean idle() {
            return inner.idle();
        }

        @Override
        public int poll(Handler handler, long timeoutMillis) throws IOException {
            if (failed) {
                return inner.poll(handler, timeoutMillis);
            }
            int handled = inner.poll((type, payload) -> {
                if (type == failAt && (failAt != ControlType.BYE || endSent)) {
                    failed = true;
                } else if (!failed) {
                    handler.onMessage(type, payload);
                }
            }, timeoutMillis);
            if (failed) {
                throw failure;
            }
            return handled;
        }

        @Override
        public PeerWatch watch() {
            return inner.watch();
        }

        @Override
        public void disconnect() throws IOException {
            inner.disconnect();
            disconnected.countDown();
        }

        /** Until the receiver has closed its end, at most 10 s. */
        void awaitDisconnected() {
            try {
                disconnected.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public void close() throws IOException {
            inner.close();
        }
    }

    /**
     * Copies {@code source} into {@code target} over a TCP transport pair, the receiver's role
     * failing with {@code failure} as a {@code failAt} message arrives; {@code senderEvents} hears
     * the sender, and may hold it up until the receiver's end is closed.
     */
    private static LoopbackCopy.Outcome copy(Path source, Path target, ControlType failAt, RdcpException failure,
            Function<FailingAt, TransferListener> senderEvents) throws Exception {
        TransferOptions options = TransferOptions.of(4096, SessionRequest.RECURSIVE);
        TcpTransport senderEnd;
        TcpTransport receiverEnd;
        try (ServerSocketChannel listener = ServerSocketChannel.open()
                .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            Socket near = SocketChannel.open(listener.getLocalAddress()).socket();
            Socket far = listener.accept().socket();
            senderEnd = TcpTransport.open(new BootstrapChannel(near, Duration.ofSeconds(30)),
                    options.receiveBuffers(), 30);
            receiverEnd = TcpTransport.open(new BootstrapChannel(far, Duration.ofSeconds(30)),
                    options.receiveBuffers(), 30);
        }
        FailingAt failing = new FailingAt(receiverEnd, failAt, failure);
        return LoopbackCopy.run(senderEnd, failing, List.of(SourceOperand.parse(source + "/")),
                Destination.of(target, true, null), options, senderEvents.apply(failing), null);
    }

    /** The receiver is stopped (SIGTERM on a daemon) as the sender's BYE arrives, after its final END. */
    @Test
    void aReceiverThatFailsAsByeArrivesIsHeardByTheSender() throws Exception {
        Path source = Files.createDirectories(tmp.resolve("src"));
        Files.writeString(source.resolve("f"), "data");
        Path target = Files.createDirectories(tmp.resolve("dst"));

        LoopbackCopy.Outcome sides = copy(source, target, ControlType.BYE,
                new RdcpException(ExitCode.SIGNAL, STOPPED), receiver -> new TransferListener() { });

        assertEquals(ExitCode.SIGNAL, assertInstanceOf(RdcpException.class, sides.receiverError()).exitCode());
        PeerAbortException heard = assertInstanceOf(PeerAbortException.class, sides.senderError());
        assertEquals(ExitCode.SIGNAL, heard.exitCode());
        assertEquals("[receiver] " + STOPPED, heard.getMessage());
    }

    /**
     * The receiver fails at the first CHUNKS while the sender is busy (a slow source) for longer
     * than the receiver waits for its close: the sender's next sends find the connection closed,
     * but the ABORT came before the close, and is what the sender must end with.
     */
    @Test
    void aSenderBusyPastTheWaitStillEndsWithTheReceiversAbort() throws Exception {
        Path source = Files.createDirectories(tmp.resolve("src"));
        Files.write(source.resolve("a"), new byte[3 * 4096]);
        Files.write(source.resolve("b"), new byte[64 * 4096]);
        Path target = Files.createDirectories(tmp.resolve("dst"));
        String reason = "malformed filter rule in d/.rsync-filter line 1";

        LoopbackCopy.Outcome sides = copy(source, target, ControlType.CHUNKS,
                new RdcpException(ExitCode.USAGE, reason), receiver -> new TransferListener() {
                    @Override
                    public void fileStarted(String name, long size) {
                        if (name.equals("b")) {
                            receiver.awaitDisconnected();
                        }
                    }
                });

        assertEquals(ExitCode.USAGE, assertInstanceOf(RdcpException.class, sides.receiverError()).exitCode());
        PeerAbortException heard = assertInstanceOf(PeerAbortException.class, sides.senderError(),
                () -> String.valueOf(sides.senderError()));
        assertEquals(ExitCode.USAGE, heard.exitCode());
        assertEquals("[receiver] " + reason, heard.getMessage());
    }
}
