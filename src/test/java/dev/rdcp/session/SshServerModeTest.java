package dev.rdcp.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.MessageType;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.ServerGreeting;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.transfer.SourceOperand;
import dev.rdcp.transfer.TransferOptions;
import dev.rdcp.transfer.TransferReport;
import dev.rdcp.transport.BootstrapChannel;
import dev.rdcp.transport.DeviceOpening;
import dev.rdcp.transport.RdmaSettings;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.PipedReader;
import java.io.PipedWriter;
import java.io.PrintWriter;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * ssh mode's port is reachable from the network: connections that do not prove the token are
 * closed and the server waits on for the one that does, within the setup timeout.
 */
@Timeout(60)
class SshServerModeTest {

    @TempDir
    Path root;
    @TempDir
    Path local;

    /** A server started as ssh would start it, and what its greeting said. */
    private record Started(CompletableFuture<TransferReport> result, int port, byte[] token) {
    }

    @Test
    void strangersWhoConnectFirstDoNotKeepTheClientWithTheTokenOut() throws Exception {
        Started server = start(10);
        try (Socket silent = connect(server.port())) {
            try (Socket garbage = connect(server.port())) {
                garbage.getOutputStream().write("GET / HTTP/1.0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                drain(garbage.getInputStream());
            }
            try (BootstrapChannel guessing = new BootstrapChannel(connect(server.port()), Duration.ofSeconds(10))) {
                ClientSteps.requestPush(guessing, "a guess".getBytes(StandardCharsets.US_ASCII),
                        SessionRequest.TRANSPORT_TCP, "guessed.bin");
                RdcpException refused = assertThrows(RdcpException.class, () -> guessing.receive(MessageType.ACCEPT));
                assertEquals("authentication failed", refused.getMessage());
            }
            byte[] data = "what the client with the token sends".getBytes(StandardCharsets.US_ASCII);
            Path source = Files.write(local.resolve("source.bin"), data);
            try (BootstrapChannel channel = new BootstrapChannel(connect(server.port()), Duration.ofSeconds(10))) {
                ClientSession client = new ClientSession(channel,
                        new SessionConfig(RdmaSettings.defaults(), 10, TransportChoice.TCP), server.token(),
                        DeviceOpening.none());
                client.push(List.of(SourceOperand.parse(source.toString())), "received.bin", false,
                        TransferOptions.of(TransferOptions.DEFAULT_CHUNK, 0), new TransferReport());
            }
            TransferReport report = server.result().get();
            assertEquals(1, report.filesDone());
            assertArrayEquals(data, Files.readAllBytes(root.resolve("received.bin")));
        }
    }

    @Test
    void theServerGivesUpAfterSixteenConnectionsWithoutTheToken() throws Exception {
        Started server = start(10);
        for (int i = 0; i < SshServerMode.MAX_CONNECTIONS; i++) {
            try (Socket garbage = connect(server.port())) {
                garbage.getOutputStream().write(new byte[] {'x', 0, 0, 0, 0});
                drain(garbage.getInputStream());
            }
        }
        RdcpException gaveUp = failure(server);
        assertEquals(ExitCode.START_CLIENT_SERVER, gaveUp.exitCode());
        assertEquals("16 connections to port " + server.port() + " did not prove the token; giving up",
                gaveUp.getMessage());
        assertThrows(ConnectException.class, () -> connect(server.port()).close(), "the port is still open");
    }

    /** A stranger dripping its hello never trips the read timeout: only the setup's deadline ends it. */
    @Test
    void aStrangerDrippingItsHelloIsClosedAtTheSetupDeadline() throws Exception {
        int timeoutSeconds = 2;
        Started server = start(timeoutSeconds);
        try (Socket dripping = connect(server.port())) {
            Thread drip = DrippingHello.start(dripping, 500);
            RdcpException expired = failure(server);
            assertEquals(ExitCode.TIMEOUT, expired.exitCode());
            assertEquals("no client proved the token within " + timeoutSeconds + " s", expired.getMessage());
            assertTrue(DrippingHello.length() * 500 > timeoutSeconds * 1000, "the hello must outlast the deadline");
            drain(dripping.getInputStream());
            drip.interrupt();
        }
    }

    /** Runs ssh mode serving {@link #root} in a thread of its own and reads its greeting. */
    private Started start(long timeoutSeconds) throws IOException {
        PipedReader greeting = new PipedReader();
        PrintWriter out = new PrintWriter(new PipedWriter(greeting), true);
        CompletableFuture<TransferReport> result = new CompletableFuture<>();
        Thread server = new Thread(() -> {
            try {
                SessionConfig config = new SessionConfig(RdmaSettings.defaults(), timeoutSeconds);
                result.complete(SshServerMode.run(config, out, root, false));
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        }, "ssh-server-mode");
        server.setDaemon(true);
        server.start();
        String[] fields = new BufferedReader(greeting).readLine().split(" ");
        assertEquals(ServerGreeting.WORD, fields[0]);
        return new Started(result, Integer.parseInt(fields[1]), fields[2].getBytes(StandardCharsets.US_ASCII));
    }

    private static RdcpException failure(Started server) throws InterruptedException {
        ExecutionException e = assertThrows(ExecutionException.class, () -> server.result().get());
        return assertInstanceOf(RdcpException.class, e.getCause(), e.getCause()::toString);
    }

    /** A channel's socket, as the client's own: a TCP transfer reads from the connection's channel. */
    private static Socket connect(int port) throws IOException {
        Socket socket = SocketChannel.open(new InetSocketAddress(InetAddress.getLoopbackAddress(), port)).socket();
        socket.setSoTimeout(30_000);
        return socket;
    }

    /** Reads until the server closes the connection. */
    private static void drain(InputStream in) {
        try {
            while (in.read() >= 0) {
                // what the server said before closing does not matter here
            }
        } catch (IOException e) {
            // closed with a reset: closed all the same
        }
    }
}
