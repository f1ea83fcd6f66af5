package dev.rdcp.session;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.PeerText;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.ServerGreeting;
import dev.rdcp.transfer.TransferReport;
import dev.rdcp.transport.BootstrapChannel;
import dev.rdcp.transport.ThreadFailure;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * {@code rdcp --server}, started by a client over ssh: listens on an ephemeral port, tells the
 * client the port and a one-time token on stdout (through ssh), serves the one client that proves
 * the token, and exits. The port is reachable from the network, so connections that do not prove
 * the token (a port scan, a stranger guessing) are closed and the next is awaited; each is set up
 * in a thread of its own, so one that stays silent delays nobody. Nothing listens before, nor once
 * the token is proved, {@link #MAX_CONNECTIONS} connections were taken, or the setup timeout passed.
 */
public final class SshServerMode {

    /** No client proved the token: nobody else could tell the user, unlike a session's own errors. */
    public static final class NoClientException extends RdcpException {
        private static final long serialVersionUID = 1L;

        NoClientException(ExitCode exitCode, String message) {
            super(exitCode, message);
        }
    }

    /** Connections taken on the port, at most, while waiting for the one that proves the token. */
    static final int MAX_CONNECTIONS = 16;
    private static final Logger LOG = LogManager.getLogger(SshServerMode.class);
    private static final SecureRandom RANDOM = new SecureRandom();
    /** How long closing waits for the threads of connections that did not prove the token. */
    private static final long CONTENDER_END_WAIT_MILLIS = 10_000;

    private SshServerMode() {
    }

    /** Told where the server listens, once it does: what its one client must connect to and prove. */
    @FunctionalInterface
    interface Listening {
        void at(int port, String token);
    }

    /**
     * Serves the one client from the current directory; {@code fakeSuper}: its sessions act as
     * rsync's --fake-super, which a client asks of a remote shell's rdcp with -M--fake-super.
     */
    public static TransferReport run(SessionConfig config, PrintWriter out, boolean fakeSuper) throws IOException {
        return run(config, out, Path.of("").toAbsolutePath(), fakeSuper);
    }

    /** As {@link #run(SessionConfig, PrintWriter, boolean)}, serving {@code root}. */
    static TransferReport run(SessionConfig config, PrintWriter out, Path root, boolean fakeSuper) throws IOException {
        return serve(config, root, listenAddress(), (port, token) -> {
            out.println(new ServerGreeting(port, token).line());
            out.flush();
        }, false, fakeSuper);
    }

    /**
     * Serves the one client that proves the token, listening on {@code address} (null: every
     * address); {@code listening} learns the port and token once the port is open.
     */
    static TransferReport serve(SessionConfig config, Path root, InetAddress address, Listening listening)
            throws IOException {
        return serve(config, root, address, listening, false, false);
    }

    /**
     * As {@link #serve(SessionConfig, Path, InetAddress, Listening)}, its receiver acting as a user
     * with {@code noSuper} (a local copy's --no-super), its sessions as rsync's --fake-super with
     * {@code fakeSuper}.
     */
    static TransferReport serve(SessionConfig config, Path root, InetAddress address, Listening listening,
            boolean noSuper, boolean fakeSuper) throws IOException {
        byte[] tokenBytes = new byte[24];
        RANDOM.nextBytes(tokenBytes);
        String token = HexFormat.of().formatHex(tokenBytes);
        ServerSession session = new ServerSession(
                ServerPolicy.local(root, token.getBytes(StandardCharsets.US_ASCII), noSuper).withFakeSuper(fakeSuper),
                config);
        Duration timeout = Duration.ofSeconds(config.timeoutSeconds());
        // A channel's socket: the accepted connection has a channel, which a TCP transfer reads from.
        try (ServerSocket listener = ServerSocketChannel.open().socket();
                Contenders contenders = new Contenders(session, listener, timeout)) {
            listener.bind(new InetSocketAddress(address, 0), MAX_CONNECTIONS);
            listening.at(listener.getLocalPort(), token);
            return contenders.serveTheOneWithTheToken();
        }
    }

    /** The address the ssh connection arrived on, so the port is reachable where ssh was; else all. */
    private static InetAddress listenAddress() throws IOException {
        String connection = System.getenv("SSH_CONNECTION");
        if (connection != null) {
            String[] fields = connection.trim().split("\\s+");
            if (fields.length == 4) {
                return InetAddress.getByName(fields[2]);
            }
        }
        return null;
    }

    /**
     * The connections taken on the port, each set up in its own thread until one proves the token:
     * that one goes on to its transfer; the others are closed, then or as they fail.
     */
    private static final class Contenders implements AutoCloseable {

        private final ServerSession session;
        private final ServerSocket listener;
        private final Duration timeout;
        private final List<Contender> all = new ArrayList<>();
        private Contender winner;
        private int failed;
        /** Decided without a winner: the deadline passed; a late proof counts for nothing. */
        private boolean expired;

        Contenders(ServerSession session, ServerSocket listener, Duration timeout) {
            this.session = session;
            this.listener = listener;
            this.timeout = timeout;
        }

        /** Accepts until a connection proves the token, then returns (or throws) what its session did. */
        TransferReport serveTheOneWithTheToken() throws IOException {
            long deadline = System.nanoTime() + timeout.toNanos();
            int accepted = 0;
            while (accepted < MAX_CONNECTIONS && !decided()) {
                int leftMillis = millisUntil(deadline);
                if (leftMillis < 0) {
                    break;
                }
                Socket socket;
                try {
                    listener.setSoTimeout(leftMillis);
                    socket = listener.accept();
                } catch (SocketTimeoutException e) {
                    break;
                } catch (IOException e) {
                    if (decided()) {
                        // The winner closed the port.
                        break;
                    }
                    throw e;
                }
                accepted++;
                start(socket);
            }
            listener.close();
            Contender won = awaitWinner(deadline);
            if (won == null) {
                throw accepted == MAX_CONNECTIONS
                        ? new NoClientException(ExitCode.START_CLIENT_SERVER, MAX_CONNECTIONS + " connections to port "
                                + listener.getLocalPort() + " did not prove the token; giving up")
                        : new NoClientException(ExitCode.TIMEOUT, "no client proved the token within "
                                + timeout.toSeconds() + " s");
            }
            return won.result();
        }

        /** Milliseconds until {@code deadline}, at least 1; 0 for no deadline (a timeout of 0); -1 once past. */
        private int millisUntil(long deadline) {
            if (timeout.isZero()) {
                return 0;
            }
            long left = deadline - System.nanoTime();
            return left <= 0 ? -1 : (int) Math.max(1, Math.min(Integer.MAX_VALUE, left / 1_000_000));
        }

        private synchronized boolean decided() {
            return winner != null;
        }

        private void start(Socket socket) {
            Contender contender = new Contender(socket);
            synchronized (this) {
                if (winner != null) {
                    // Accepted as the winner closed the port.
                    contender.closeSocket();
                    return;
                }
                all.add(contender);
            }
            contender.thread.start();
        }

        /**
         * The contender that proved the token, waiting while none has and some are still setting up,
         * until {@code deadline}; null, with every contender closed, when none did.
         */
        private synchronized Contender awaitWinner(long deadline) throws InterruptedIOException {
            while (winner == null && failed < all.size()) {
                int leftMillis = millisUntil(deadline);
                if (leftMillis < 0) {
                    break;
                }
                try {
                    wait(leftMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new InterruptedIOException("stopped while waiting for the client");
                }
            }
            if (winner == null) {
                expired = true;
                all.forEach(Contender::closeSocket);
            }
            return winner;
        }

        /** {@code contender} proved the token: it alone is served, and nothing else is taken or kept. */
        private synchronized boolean claim(Contender contender) {
            if (winner != null || expired) {
                return false;
            }
            winner = contender;
            try {
                listener.close();
            } catch (IOException e) {
                LOG.debug("could not close the port after the client proved the token", e);
            }
            all.stream().filter(c -> c != contender).forEach(Contender::closeSocket);
            notifyAll();
            return true;
        }

        private synchronized void failed(Contender contender, Throwable failure) {
            // A stranger's message may quote what it sent: escaped.
            LOG.debug("{}: closed, it did not prove the token: {}", contender.peer, failure == null
                    ? "it asked for no transfer" : failure.getMessage() == null ? failure.getClass().getSimpleName()
                    : PeerText.printable(failure.getMessage()));
            failed++;
            notifyAll();
        }

        /** Closes the connections that did not prove the token and waits a while for their threads. */
        @Override
        public void close() throws IOException {
            List<Contender> losers;
            synchronized (this) {
                losers = all.stream().filter(c -> c != winner).toList();
            }
            long deadline = System.nanoTime() + CONTENDER_END_WAIT_MILLIS * 1_000_000;
            try {
                for (Contender loser : losers) {
                    loser.closeSocket();
                    loser.thread.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        /** One connection: set up (and, if it proves the token, served) in its own thread. */
        private final class Contender implements ServerSession.SetupGuard {
            private final Socket socket;
            private final String peer;
            private final Thread thread;
            private TransferReport report;
            private Throwable failure;

            Contender(Socket socket) {
                this.socket = socket;
                this.peer = String.valueOf(socket.getRemoteSocketAddress());
                this.thread = new Thread(this::serve, "rdcp-ssh-connection");
                thread.setDaemon(true);
            }

            private void serve() {
                try (BootstrapChannel channel = new BootstrapChannel(socket, timeout)) {
                    report = session.serve(channel, this);
                } catch (IOException | RuntimeException | Error e) {
                    failure = e;
                } finally {
                    closeSocket();
                }
                if (!isWinner()) {
                    failed(this, failure);
                }
            }

            private boolean isWinner() {
                synchronized (Contenders.this) {
                    return winner == this;
                }
            }

            @Override
            public boolean answerPasses(BooleanSupplier check) {
                return check.getAsBoolean() && claim(this);
            }

            @Override
            public DirectMemoryBudget.Reservation reserveMemory(long bytes) {
                return DirectMemoryBudget.Reservation.NONE;
            }

            @Override
            public void setupDone() {
            }

            /** Waits for the session to end; its report, or its failure thrown. */
            TransferReport result() throws IOException {
                try {
                    thread.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new InterruptedIOException("stopped while the session ran");
                }
                ThreadFailure.rethrow(failure);
                return report;
            }

            void closeSocket() {
                try {
                    socket.close();
                } catch (IOException e) {
                    LOG.debug("could not close a connection", e);
                }
            }
        }
    }
}
