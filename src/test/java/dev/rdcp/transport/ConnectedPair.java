package dev.rdcp.transport;

import dev.rdcp.protocol.QpEndpoint;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * Two RC connections on the local RDMA device, connected to each other through a real TCP
 * bootstrap exchange on 127.0.0.1, with both bootstrap channels kept open for the test's own use.
 */
final class ConnectedPair implements AutoCloseable {

    final RcConnection client;
    final RcConnection server;
    final BootstrapChannel clientChannel;
    final BootstrapChannel serverChannel;

    private ConnectedPair(RcConnection client, RcConnection server, BootstrapChannel clientChannel,
            BootstrapChannel serverChannel) {
        this.client = client;
        this.server = server;
        this.clientChannel = clientChannel;
        this.serverChannel = serverChannel;
    }

    static ConnectedPair open() throws Exception {
        ResourceStack opened = new ResourceStack();
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            RcConnection server = opened.push(openOneStream());
            RcConnection client = opened.push(openOneStream());
            CompletableFuture<BootstrapChannel> accepted = CompletableFuture.supplyAsync(() -> {
                try {
                    BootstrapChannel channel = new BootstrapChannel(listener.accept(), Duration.ofSeconds(30));
                    channel.handshake();
                    server.connect(0, channel.exchange(server.localEndpoint(0)));
                    return channel;
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            BootstrapChannel clientChannel = opened.push(new BootstrapChannel(
                    new Socket(InetAddress.getLoopbackAddress(), listener.getLocalPort()), Duration.ofSeconds(30)));
            clientChannel.handshake();
            QpEndpoint serverEndpoint = clientChannel.exchange(client.localEndpoint(0));
            client.connect(0, serverEndpoint);
            BootstrapChannel serverChannel = opened.push(join(accepted));
            return new ConnectedPair(client, server, clientChannel, serverChannel);
        } catch (Exception e) {
            opened.closeAfter(e);
            throw e;
        }
    }

    private static BootstrapChannel join(CompletableFuture<BootstrapChannel> future) throws Exception {
        try {
            return future.get();
        } catch (ExecutionException e) {
            throw (Exception) e.getCause().getCause();
        }
    }

    @Override
    public void close() throws IOException {
        ResourceStack all = new ResourceStack();
        all.push(server);
        all.push(client);
        all.push(serverChannel);
        all.push(clientChannel);
        all.close();
    }

    private static RcConnection openOneStream() throws IOException {
        RdmaSettings settings = RdmaSettings.defaults();
        return RcConnection.open(RdmaDevice.open(settings), settings.queueDepth(), 1);
    }
}
