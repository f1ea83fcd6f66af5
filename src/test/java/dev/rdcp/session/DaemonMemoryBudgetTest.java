package dev.rdcp.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.filter.FilterRules;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.MessageType;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.transfer.TransferOptions;
import dev.rdcp.transport.BootstrapChannel;
import dev.rdcp.transport.RdmaSettings;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The daemon's sessions share one budget of direct memory, reserved before and given back after each. */
@Timeout(120)
class DaemonMemoryBudgetTest {

    private static final int TIMEOUT_SECONDS = 10;
    /** What a session with ClientSteps's settings (8 slots of 1 MiB) reserves. */
    private static final long ONE_SESSION = new TransferOptions(1 << 20, 8, 0, 0, FilterRules.NONE).maxDirectBytes();

    @TempDir
    Path root;

    @Test
    void aSessionThatWouldPassTheBudgetIsRefusedAsBusyUntilTheOneHoldingItEnds() throws Exception {
        try (Daemon daemon = serving(ONE_SESSION * 3 / 2)) {
            BootstrapChannel first = accepted(daemon, ".");
            try {
                assertEquals(ONE_SESSION, daemon.memoryReserved());
                RdcpException busy = assertThrows(RdcpException.class, () -> accepted(daemon, ".").close());
                assertEquals(ExitCode.START_CLIENT_SERVER, busy.exitCode());
                assertTrue(busy.getMessage().startsWith("the server is busy"), busy.getMessage());
                assertTrue(busy.getMessage().endsWith("try again later"), busy.getMessage());
            } finally {
                first.close();
            }
            awaitReserved(daemon, 0);
            try (BootstrapChannel again = accepted(daemon, ".")) {
                assertEquals(ONE_SESSION, daemon.memoryReserved());
            }
        }
    }

    /** A budget of one session: each failed setup must have given it back for the next to be let in. */
    @Test
    void sessionsThatFailInTheirSetupGiveTheirMemoryBack() throws Exception {
        try (Daemon daemon = serving(ONE_SESSION)) {
            for (int i = 0; i < 3; i++) {
                RdcpException escaping = assertThrows(RdcpException.class,
                        () -> accepted(daemon, "../outside").close());
                assertEquals(ExitCode.FILE_SELECTION, escaping.exitCode(), escaping.getMessage());
                awaitReserved(daemon, 0);
            }
            for (int i = 0; i < 3; i++) {
                // Gone right after ACCEPT: the server's transport finds the connection closed.
                accepted(daemon, ".").close();
                awaitReserved(daemon, 0);
            }
            try (BootstrapChannel whole = accepted(daemon, ".")) {
                assertEquals(ONE_SESSION, daemon.memoryReserved());
            }
        }
    }

    /** A daemon serving {@link #root} to anyone, its sessions' buffers within {@code budget}. */
    private Daemon serving(long budget) throws IOException {
        SessionConfig config = new SessionConfig(RdmaSettings.defaults(), TIMEOUT_SECONDS);
        // A channel's socket, as the daemon's own: a TCP transfer reads from the connection's channel.
        ServerSocket listener = ServerSocketChannel.open().socket();
        listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        Daemon daemon = new Daemon(listener,
                new ServerSession(ServerPolicy.daemon(root, false, null), config), Duration.ofSeconds(TIMEOUT_SECONDS),
                4, AuthBackoff.standard(), new DirectMemoryBudget(budget));
        Thread thread = new Thread(daemon::serve);
        thread.setDaemon(true);
        thread.start();
        return daemon;
    }

    /** A push over TCP to {@code destination} that the daemon accepted; its session then waits for the transfer. */
    private static BootstrapChannel accepted(Daemon daemon, String destination) throws IOException {
        Socket socket = SocketChannel.open(new InetSocketAddress(InetAddress.getLoopbackAddress(), daemon.port()))
                .socket();
        BootstrapChannel channel = new BootstrapChannel(socket, Duration.ofSeconds(TIMEOUT_SECONDS));
        try {
            ClientSteps.requestPush(channel, null,
                    SessionRequest.TRANSPORT_TCP | SessionRequest.DESTINATION_IS_DIRECTORY, destination);
            channel.receive(MessageType.ACCEPT);
            return channel;
        } catch (IOException e) {
            channel.close();
            throw e;
        }
    }

    /** Sessions end after the client is told: waits (a generous while) for the budget to come back. */
    private static void awaitReserved(Daemon daemon, long bytes) throws InterruptedException {
        for (int i = 0; i < 3_000 && daemon.memoryReserved() != bytes; i++) {
            Thread.sleep(10);
        }
        assertEquals(bytes, daemon.memoryReserved());
    }
}
