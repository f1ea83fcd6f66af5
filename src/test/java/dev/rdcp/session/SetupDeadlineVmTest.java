package dev.rdcp.session;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.MessageType;
import dev.rdcp.protocol.QpEndpoint;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.transport.BootstrapChannel;
import dev.rdcp.transport.RdmaSettings;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An accepted client that drips its QP_ENDPOINT a byte a second never trips the per-read
 * timeout; the setup deadline, which lasts through READY, drops it. Needs RDMA: only there does
 * the server get as far as waiting for the endpoint.
 */
@Tag("vm")
@Timeout(120)
class SetupDeadlineVmTest {

    private static final int TIMEOUT_SECONDS = 10;

    @TempDir
    Path root;

    @Test
    void aClientDrippingItsEndpointIsDroppedAtTheSetupDeadline() throws Exception {
        Files.createDirectory(root.resolve("in"));
        SessionConfig config = new SessionConfig(RdmaSettings.defaults(), TIMEOUT_SECONDS);
        try (Daemon daemon = new Daemon(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                new ServerSession(ServerPolicy.daemon(root, false, null), config),
                Duration.ofSeconds(TIMEOUT_SECONDS), 2)) {
            Thread serving = new Thread(daemon::serve);
            serving.setDaemon(true);
            serving.start();
            Socket socket = new Socket(InetAddress.getLoopbackAddress(), daemon.port());
            try (BootstrapChannel client = new BootstrapChannel(socket, Duration.ofSeconds(60))) {
                ClientSteps.requestPush(client, null, SessionRequest.DESTINATION_IS_DIRECTORY, "in/");
                client.receive(MessageType.ACCEPT);
                client.agreeStreams(1);
                client.receive(MessageType.QP_ENDPOINT);
                AtomicBoolean allSent = new AtomicBoolean();
                Thread drip = dripEndpoint(socket.getOutputStream(), allSent);
                InputStream in = socket.getInputStream();
                while (in.read() >= 0) {
                    // nothing more is due from the daemon: wait for it to close
                }
                assertFalse(allSent.get(), "the daemon waited for the whole endpoint, byte by byte");
                drip.interrupt();
            }
        }
    }

    /** Sends a QP_ENDPOINT frame one byte a second: more seconds than the deadline allows. */
    private static Thread dripEndpoint(OutputStream out, AtomicBoolean allSent) {
        byte[] frame = new byte[5 + QpEndpoint.SIZE];
        frame[0] = (byte) MessageType.QP_ENDPOINT.code();
        ByteBuffer.wrap(frame, 1, 4).putInt(QpEndpoint.SIZE);
        assertTrue(frame.length > 3 * TIMEOUT_SECONDS, "the drip must outlast the deadline");
        Thread drip = new Thread(() -> {
            try {
                for (byte b : frame) {
                    Thread.sleep(1_000);
                    out.write(b);
                    out.flush();
                }
                allSent.set(true);
            } catch (IOException | InterruptedException e) {
                // the daemon closed the connection: what the test waits for
            }
        });
        drip.setDaemon(true);
        drip.start();
        return drip;
    }
}
