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
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A receiver that fails after its final END, as the sender's BYE arrives (a SIGTERM on a daemon
 * at that moment), over the TCP transport: the sender has sent BYE and waits for the close, and
 * the ABORT is the receiver's last message, which the protocol allows.
 */
class AbortAtTheEndTest {

    private static final String STOPPED = "received SIGTERM: the transfer was stopped";

    @TempDir
    Path tmp;

    /** The receiver's own transport, which fails the role when BYE arrives, the BYE unhandled. */
    private static final class StoppedAtBye implements Transport {
        private final Transport inner;
        private boolean endSent;
        private ControlType composing;

        StoppedAtBye(Transport inner) {
            this.inner = inner;
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
            boolean[] bye = {false};
            int handled = inner.poll((type, payload) -> {
                if (endSent && type == ControlType.BYE) {
                    bye[0] = true;
                } else {
                    handler.onMessage(type, payload);
                }
            }, timeoutMillis);
            if (bye[0]) {
                throw new RdcpException(ExitCode.SIGNAL, STOPPED);
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
        }

        @Override
        public void close() throws IOException {
            inner.close();
        }
    }

    @Test
    void aReceiverThatFailsAsByeArrivesIsHeardByTheSender() throws Exception {
        Path source = Files.createDirectories(tmp.resolve("src"));
        Files.writeString(source.resolve("f"), "data");
        Path target = Files.createDirectories(tmp.resolve("dst"));
        TransferOptions options = TransferOptions.of(4096, SessionRequest.RECURSIVE);

        TcpTransport senderEnd;
        TcpTransport receiverEnd;
        try (ServerSocketChannel listener = ServerSocketChannel.open()
                .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            java.net.Socket near = SocketChannel.open(listener.getLocalAddress()).socket();
            java.net.Socket far = listener.accept().socket();
            senderEnd = TcpTransport.open(new BootstrapChannel(near, Duration.ofSeconds(30)),
                    options.receiveBuffers(), 30);
            receiverEnd = TcpTransport.open(new BootstrapChannel(far, Duration.ofSeconds(30)),
                    options.receiveBuffers(), 30);
        }
        CompletableFuture<Void> sender = CompletableFuture.runAsync(() -> {
            try (Transport transport = senderEnd;
                    FileSender role = FileSender.create(transport, options, new TransferListener() { },
                            List.of(SourceOperand.parse(source + "/")))) {
                try {
                    role.run();
                } finally {
                    transport.disconnect();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        Destination destination = Destination.of(target, true, null);
        CompletableFuture<Void> receiver = CompletableFuture.runAsync(() -> {
            try (Transport transport = new StoppedAtBye(receiverEnd);
                    FileReceiver role = FileReceiver.create(transport, destination, options, new TransferReport())) {
                try {
                    role.run();
                } finally {
                    transport.disconnect();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });

        RdcpException own = assertInstanceOf(RdcpException.class, failure(receiver));
        assertEquals(ExitCode.SIGNAL, own.exitCode());
        PeerAbortException heard = assertInstanceOf(PeerAbortException.class, failure(sender));
        assertEquals(ExitCode.SIGNAL, heard.exitCode());
        assertEquals("[receiver] " + STOPPED, heard.getMessage());
    }

    private static Throwable failure(CompletableFuture<Void> side) throws InterruptedException {
        try {
            side.get();
            return null;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            return cause instanceof UncheckedIOException unchecked ? unchecked.getCause() : cause;
        }
    }
}
