package dev.rdcp.session;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.PeerText;
import dev.rdcp.protocol.RdcpException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The other side of a local copy ({@code rdcp SRC DEST} with both on this host, as rsync copies
 * locally): ssh mode's server, run in a thread of this process on the loopback address, acting as
 * the user in the current directory. The copy is the same session as a remote one, so every
 * option means what it means there.
 */
public final class LocalServer implements AutoCloseable {

    private static final Logger LOG = LogManager.getLogger(LocalServer.class);
    /** How long closing waits for the server to end after its session (it ends with the client's). */
    private static final long END_WAIT_MILLIS = 10_000;

    /** Where the server listens on the loopback address, and what its client must prove. */
    private record Listening(int port, String token) {
    }

    private final Thread thread;
    private final Listening listening;

    private LocalServer(Thread thread, Listening listening) {
        this.thread = thread;
        this.listening = listening;
    }

    /** Starts the server, configured as a server from the client's {@code config}, and returns once it listens. */
    public static LocalServer start(SessionConfig config) throws IOException {
        return start(config, false);
    }

    /** As {@link #start(SessionConfig)}; with {@code noSuper} (--no-super) its receiver acts as a user even as root. */
    public static LocalServer start(SessionConfig config, boolean noSuper) throws IOException {
        SessionConfig serving = new SessionConfig(config.rdma(), config.timeoutSeconds());
        CompletableFuture<Listening> listening = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                SshServerMode.serve(serving, Path.of("").toAbsolutePath(), InetAddress.getLoopbackAddress(),
                        (port, token) -> listening.complete(new Listening(port, token)), noSuper, false);
            } catch (Throwable e) {
                // The session's own failures reach the client in the session, which reports them;
                // one before the server listened ends the client's wait below.
                if (e instanceof Error) {
                    LOG.error("the local copy's server failed: {}", String.valueOf(e));
                } else {
                    LOG.debug("local server: {}", PeerText.printable(String.valueOf(e.getMessage())));
                }
                listening.completeExceptionally(e);
            }
        }, "rdcp-local-server");
        thread.setDaemon(true);
        thread.start();
        try {
            return new LocalServer(thread, listening.get());
        } catch (ExecutionException e) {
            throw new RdcpException(ExitCode.IPC, "cannot start the local copy's other side: "
                    + e.getCause().getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while starting the local copy");
        }
    }

    /** The loopback address the server listens on. */
    public InetAddress host() {
        return InetAddress.getLoopbackAddress();
    }

    public int port() {
        return listening.port();
    }

    public byte[] token() {
        return listening.token().getBytes(StandardCharsets.US_ASCII);
    }

    /** Waits a while for the server to end: it does once the client's session has. */
    @Override
    public void close() throws InterruptedIOException {
        try {
            thread.join(END_WAIT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while the local copy ended");
        }
    }
}
