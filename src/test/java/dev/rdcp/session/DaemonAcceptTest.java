package dev.rdcp.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.Challenge;
import dev.rdcp.protocol.MessageType;
import dev.rdcp.transport.BootstrapChannel;
import dev.rdcp.transport.RdmaSettings;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A failing accept() (EMFILE under a low descriptor limit) must not end the daemon. */
@Timeout(60)
class DaemonAcceptTest {

    private static final int FAILURES = 5;

    @TempDir
    Path root;

    /** Fails its first accepts as accept(2) does when the process is out of descriptors. */
    private static final class ExhaustedListener extends ServerSocket {
        private final AtomicInteger failuresLeft = new AtomicInteger(FAILURES);

        ExhaustedListener() throws IOException {
            super(0, 50, InetAddress.getLoopbackAddress());
        }

        @Override
        public Socket accept() throws IOException {
            if (failuresLeft.getAndDecrement() > 0) {
                throw new IOException("Too many open files");
            }
            return super.accept();
        }
    }

    @Test
    void failedAcceptsArePausedLoggedOnceAndServingGoesOn() throws Exception {
        SessionConfig config = new SessionConfig(RdmaSettings.defaults(), 5);
        ExhaustedListener listener = new ExhaustedListener();
        try (CapturedLog log = new CapturedLog(Daemon.class);
                Daemon daemon = new Daemon(listener, new ServerSession(ServerPolicy.daemon(root, false, null), config),
                        Duration.ofSeconds(5), 2, AuthBackoff.standard())) {
            Thread serving = new Thread(daemon::serve);
            serving.setDaemon(true);
            serving.start();
            try (BootstrapChannel channel = new BootstrapChannel(
                    new Socket(InetAddress.getLoopbackAddress(), daemon.port()), Duration.ofSeconds(20))) {
                channel.handshake();
                Challenge challenge = Challenge.decode(channel.receive(MessageType.CHALLENGE));
                assertFalse(challenge.required());
            }
            assertTrue(serving.isAlive(), "the accepting thread ended");
            List<String> failures = log.warnings().stream().filter(m -> m.contains("Too many open files")).toList();
            assertEquals(1, failures.size(), log.warnings().toString());
        }
    }
}
