package dev.rdcp.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.Frames;
import dev.rdcp.protocol.MessageType;
import dev.rdcp.protocol.ProtocolException;
import java.io.DataOutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The STREAMS exchange on the bootstrap channel: the smaller wish wins, a greedy peer is refused. */
class StreamAgreementTest {

    @Test
    void bothSidesRunTheSmallerWish() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Integer> server = CompletableFuture.supplyAsync(() -> {
                try (BootstrapChannel channel = new BootstrapChannel(listener.accept(), Duration.ofSeconds(10))) {
                    return channel.agreeStreams(16);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            try (BootstrapChannel client = new BootstrapChannel(
                    new Socket(InetAddress.getLoopbackAddress(), listener.getLocalPort()), Duration.ofSeconds(10))) {
                assertEquals(3, client.agreeStreams(3));
            }
            assertEquals(3, server.get());
        }
    }

    @Test
    void aPeerAskingForMoreThanTheCapIsRefusedBeforeAnyQueuePairExists() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Void> greedy = CompletableFuture.runAsync(() -> {
                try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), listener.getLocalPort())) {
                    Frames.write(new DataOutputStream(socket.getOutputStream()), MessageType.STREAMS,
                            ByteBuffer.allocate(2).putShort((short) 1000).flip());
                    socket.getInputStream().readAllBytes();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            try (BootstrapChannel server = new BootstrapChannel(listener.accept(), Duration.ofSeconds(10))) {
                ProtocolException e = assertThrows(ProtocolException.class, () -> server.agreeStreams(16));
                assertTrue(e.getMessage().contains("1000 streams; at most 16"), e.getMessage());
            }
            greedy.get();
        }
    }

    /** Settings leave 0 for "the default"; opening queue pairs needs the agreed count, and says so. */
    @Test
    void establishingWithTheDefaultRatherThanTheAgreedCountIsRefusedBeforeTheDeviceIsOpened() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                BootstrapChannel channel = new BootstrapChannel(
                        new Socket(InetAddress.getLoopbackAddress(), listener.getLocalPort()), Duration.ofSeconds(10))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> RdmaTransport.establish(channel, RdmaSettings.defaults(), 8, 8, 8, 10, false));
            assertTrue(e.getMessage().contains("agreed number of streams, not 0"), e.getMessage());
        }
    }
}
