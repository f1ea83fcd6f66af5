package dev.rdcp.cli;

import dev.rdcp.session.Daemon;
import dev.rdcp.session.ServedModules;
import dev.rdcp.session.ServerPolicy;
import dev.rdcp.session.ServerSession;
import dev.rdcp.session.SessionConfig;
import dev.rdcp.transport.RdmaSettings;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;

/** An 'rdcp serve' running in the test's own JVM, on 127.0.0.1 (unless told otherwise) and an ephemeral port. */
final class InProcessDaemon implements AutoCloseable {

    private final Daemon daemon;

    InProcessDaemon(Path root, byte[] secret, long timeoutSeconds) throws IOException {
        this(ServedModules.one(ServerPolicy.daemon(root, false, secret)), timeoutSeconds);
    }

    InProcessDaemon(ServedModules served, long timeoutSeconds) throws IOException {
        this(served, new InetSocketAddress("127.0.0.1", 0), timeoutSeconds);
    }

    /** One that listens on {@code bind}. */
    InProcessDaemon(ServedModules served, InetSocketAddress bind, long timeoutSeconds) throws IOException {
        SessionConfig config = new SessionConfig(RdmaSettings.defaults(), timeoutSeconds);
        ServerSession session = new ServerSession(served, config);
        daemon = new Daemon(bind, session, Duration.ofSeconds(timeoutSeconds), 4);
        Thread thread = new Thread(daemon::serve, "in-process-daemon");
        thread.setDaemon(true);
        thread.start();
    }

    int port() {
        return daemon.port();
    }

    String url(String path) {
        return "rdcp://127.0.0.1:" + daemon.port() + "/" + path;
    }

    /** Closes the daemon; its sessions have ended and given their memory back when this returns, or the test fails. */
    @Override
    public void close() throws IOException {
        daemon.close();
        if (daemon.activeSessions() != 0) {
            throw new AssertionError(daemon.activeSessions() + " sessions still running after the daemon closed");
        }
        if (daemon.memoryReserved() != 0) {
            throw new AssertionError(daemon.memoryReserved() + " bytes of the memory budget still held after the"
                    + " daemon closed");
        }
    }
}
