package dev.rdcp.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.rdcp.protocol.MessageType;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.transport.BootstrapChannel;
import dev.rdcp.transport.RdmaSettings;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The setup a daemon times as a whole lasts until both queue pairs are ready: an accepted client
 * that never completes the endpoint exchange and READY is still inside its setup deadline.
 */
@Timeout(60)
class ServerSessionSetupTest {

    @TempDir
    Path root;

    @Test
    void anAcceptedRequestDoesNotEndTheSetup() throws Exception {
        Files.createDirectory(root.resolve("in"));
        ServerSession session = new ServerSession(ServerPolicy.daemon(root, false, null),
                new SessionConfig(RdmaSettings.defaults(), 5));
        AtomicInteger setupsDone = new AtomicInteger();
        AtomicReference<Exception> ended = new AtomicReference<>();
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread server = new Thread(() -> {
                try (BootstrapChannel channel = new BootstrapChannel(listener.accept(), Duration.ofSeconds(10))) {
                    session.serve(channel, new ServerSession.SetupWatcher() {
                        @Override
                        public void authenticationFailed() {
                        }

                        @Override
                        public void setupDone() {
                            setupsDone.incrementAndGet();
                        }
                    });
                } catch (Exception e) {
                    ended.set(e);
                }
            });
            server.start();
            try (BootstrapChannel client = new BootstrapChannel(
                    new Socket(InetAddress.getLoopbackAddress(), listener.getLocalPort()), Duration.ofSeconds(10))) {
                ClientSteps.requestPush(client, null, SessionRequest.DESTINATION_IS_DIRECTORY, "in/");
                client.receive(MessageType.ACCEPT);
            }
            server.join();
        }
        assertNotNull(ended.get(), "the session cannot have succeeded without an endpoint exchange");
        assertEquals(0, setupsDone.get(), "setup declared done before READY");
    }
}
