package dev.rdcp.session;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.MessageType;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.transfer.ChmodRules;
import dev.rdcp.transport.BootstrapChannel;
import dev.rdcp.transport.RdmaSettings;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** rsyncd.conf's per-module {@code timeout}: it, not the daemon's --timeout, bounds a silent client of the module. */
@Timeout(120)
class ModuleTimeoutTest {

    /** Far longer than the test waits: a session still open after the read below times out kept the daemon's. */
    private static final int DAEMON_TIMEOUT_SECONDS = 600;
    private static final int WAIT_MILLIS = 60_000;

    @TempDir
    Path root;

    @Test
    void aSilentClientOfAModuleIsDroppedAtTheModulesTimeout() throws Exception {
        ServedModules modules = ServedModules.named(List.of(
                new DaemonModule("quick", root, false, null, List.of(), List.of(), 0, "",
                        new DaemonModule.Serving(true, 1, false, false, false, ChmodRules.NONE, ChmodRules.NONE,
                                OptionRefusals.NONE))));
        try (Daemon daemon = new Daemon(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                new ServerSession(modules, new SessionConfig(RdmaSettings.defaults(), DAEMON_TIMEOUT_SECONDS)),
                Duration.ofSeconds(DAEMON_TIMEOUT_SECONDS), 2)) {
            Thread serving = new Thread(daemon::serve);
            serving.setDaemon(true);
            serving.start();
            try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), daemon.port())) {
                BootstrapChannel channel = new BootstrapChannel(socket, Duration.ofSeconds(10));
                ClientSteps.requestPush(channel, null,
                        SessionRequest.TRANSPORT_TCP | SessionRequest.DESTINATION_IS_DIRECTORY, "quick/");
                channel.receive(MessageType.ACCEPT);
                // Fails with a read timeout if the session waits longer than the test does.
                socket.setSoTimeout(WAIT_MILLIS);
                // What the daemon says before it closes: its ABORT names the module's timeout, not another cause.
                String said = new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
                assertTrue(said.contains("from the peer for 1 s (--timeout)"), said);
            }
        }
    }
}
