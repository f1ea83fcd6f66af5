package dev.rdcp.session;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.PeerText;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.transfer.BookkeepingPool;
import dev.rdcp.transfer.TransferReport;
import dev.rdcp.transport.BootstrapChannel;
import java.io.FileInputStream;
import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ProtocolFamily;
import java.net.StandardProtocolFamily;
import java.net.UnknownHostException;
import java.net.ServerSocket;
import java.nio.channels.ServerSocketChannel;
import java.net.Socket;
import java.net.SocketAddress;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * {@code rdcp serve}: accepts clients and serves each in its own thread. Whatever a client does
 * (garbage, silence, a wrong secret, dying mid-transfer) ends that client's session only.
 * A client must finish its setup (hello, authentication, request, endpoint exchange, READY)
 * within the handshake timeout in all, not just send something that often: otherwise a client
 * dripping one byte at a time could hold every session slot.
 */
public final class Daemon implements AutoCloseable {

    public static final int DEFAULT_PORT = 7471;
    private static final Logger LOG = LogManager.getLogger(Daemon.class);
    private static final long FIRST_ACCEPT_PAUSE_MILLIS = 10;
    static final long MAX_ACCEPT_PAUSE_MILLIS = 1_000;
    private static final long SESSION_END_WAIT_SECONDS = 10;

    private final ServerSocket listener;
    private final ServerSession session;
    private final Duration handshakeTimeout;
    private final int maxSessions;
    private final Semaphore sessions;
    private final ExecutorService workers;
    private final ScheduledExecutorService setupDeadlines;
    private final AuthBackoff authBackoff;
    private final DirectMemoryBudget memoryBudget;
    private final BookkeepingPool bookkeeping;
    private final SetupFailureLog setupFailures = SetupFailureLog.standard(line -> LOG.warn("{}", line));

    public Daemon(SocketAddress bind, ServerSession session, Duration handshakeTimeout, int maxSessions)
            throws IOException {
        this(listening(bind), session, handshakeTimeout, maxSessions, AuthBackoff.standard(),
                DirectMemoryBudget.standard());
    }

    /** Serves on {@code listener}, already bound. */
    Daemon(ServerSocket listener, ServerSession session, Duration handshakeTimeout, int maxSessions,
            AuthBackoff authBackoff) {
        this(listener, session, handshakeTimeout, maxSessions, authBackoff, DirectMemoryBudget.standard());
    }

    /** Serves on {@code listener}, already bound, its sessions' buffers within {@code memoryBudget}. */
    Daemon(ServerSocket listener, ServerSession session, Duration handshakeTimeout, int maxSessions,
            AuthBackoff authBackoff, DirectMemoryBudget memoryBudget) {
        this(listener, session, handshakeTimeout, maxSessions, authBackoff, memoryBudget, BookkeepingPool.standard());
    }

    /** As above, the sessions' bookkeeping drawn from {@code bookkeeping}. */
    Daemon(ServerSocket listener, ServerSession session, Duration handshakeTimeout, int maxSessions,
            AuthBackoff authBackoff, DirectMemoryBudget memoryBudget, BookkeepingPool bookkeeping) {
        this.listener = listener;
        this.session = session;
        this.authBackoff = authBackoff;
        this.memoryBudget = memoryBudget;
        this.bookkeeping = bookkeeping;
        this.handshakeTimeout = handshakeTimeout;
        this.maxSessions = maxSessions;
        this.sessions = new Semaphore(maxSessions);
        this.workers = Executors.newFixedThreadPool(maxSessions, r -> {
            Thread t = new Thread(r, "rdcp-session");
            t.setDaemon(true);
            return t;
        });
        ScheduledThreadPoolExecutor deadlines = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "rdcp-setup-deadline");
            t.setDaemon(true);
            return t;
        });
        // A met deadline leaves the queue at once rather than hold its socket for the timeout.
        deadlines.setRemoveOnCancelPolicy(true);
        this.setupDeadlines = deadlines;
        long interval = setupFailures.intervalNanos();
        deadlines.scheduleAtFixedRate(setupFailures::summarize, interval, interval, TimeUnit.NANOSECONDS);
    }

    private static ServerSocket listening(SocketAddress bind) throws IOException {
        // A channel's socket: accepted connections have channels, which a TCP transfer reads from.
        // Of the address's family, so that an IPv4 wildcard (serve -4) takes no IPv6 client.
        InetAddress address = bind instanceof InetSocketAddress inet ? inet.getAddress() : null;
        ServerSocket listener = (address == null ? ServerSocketChannel.open()
                : ServerSocketChannel.open(address instanceof Inet4Address ? StandardProtocolFamily.INET
                        : StandardProtocolFamily.INET6)).socket();
        try {
            listener.setReuseAddress(true);
            listener.bind(bind);
        } catch (IOException e) {
            listener.close();
            throw e;
        }
        return listener;
    }

    public int port() {
        return listener.getLocalPort();
    }

    /**
     * Accepts until the daemon is closed. A failing accept (out of file descriptors, say) is
     * retried after a pause that doubles up to {@link #MAX_ACCEPT_PAUSE_MILLIS}, and logged once
     * per run of failures: the connection stays queued until a descriptor is free, so retrying at
     * once would only spin.
     */
    public void serve() {
        AcceptFailures failures = new AcceptFailures();
        while (!listener.isClosed()) {
            Socket client;
            try {
                client = listener.accept();
            } catch (IOException e) {
                if (listener.isClosed()) {
                    return;
                }
                if (!failures.pause(e)) {
                    return;
                }
                continue;
            }
            failures.recovered();
            long wait = authBackoff.remainingNanos(client.getInetAddress());
            if (wait > 0) {
                refuse(client, ExitCode.START_CLIENT_SERVER, AuthBackoff.waitMessage(wait));
                continue;
            }
            if (!sessions.tryAcquire()) {
                refuse(client, ExitCode.START_CLIENT_SERVER, "the server is busy; try again later");
                continue;
            }
            try {
                workers.execute(() -> {
                    try {
                        handle(client);
                    } finally {
                        sessions.release();
                    }
                });
            } catch (RejectedExecutionException closing) {
                // Accepted as the daemon closed.
                sessions.release();
                closeQuietly(client);
                return;
            }
        }
    }

    /**
     * Failed accepts: paced by a pause that doubles while they last, and logged at most once a
     * minute, since under pressure accepts fail and succeed by turns. One descriptor is kept in
     * reserve and freed to log: out of descriptors, even the first log line can need one (Log4j's
     * formatter loads the time-zone data on first use).
     */
    private static final class AcceptFailures {
        private static final long REPORT_INTERVAL_NANOS = 60_000_000_000L;

        private long pauseMillis = FIRST_ACCEPT_PAUSE_MILLIS;
        private int unreported;
        private long lastReport;
        private boolean reported;
        private FileInputStream reserve = reserve();

        /** Logs the failure unless one was logged within the minute, then sleeps; false when interrupted. */
        boolean pause(IOException e) {
            unreported++;
            long now = System.nanoTime();
            if (!reported || now - lastReport > REPORT_INTERVAL_NANOS) {
                release();
                LOG.warn("cannot accept connections: {} ({} failed accepts); retrying after pauses of up to {} ms",
                        e.getMessage(), unreported, MAX_ACCEPT_PAUSE_MILLIS);
                reported = true;
                lastReport = now;
                unreported = 0;
            }
            try {
                Thread.sleep(pauseMillis);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                return false;
            }
            pauseMillis = Math.min(2 * pauseMillis, MAX_ACCEPT_PAUSE_MILLIS);
            return true;
        }

        void recovered() {
            pauseMillis = FIRST_ACCEPT_PAUSE_MILLIS;
            if (reserve == null) {
                reserve = reserve();
            }
        }

        private void release() {
            if (reserve != null) {
                try {
                    reserve.close();
                } catch (IOException e) {
                    LOG.debug("could not close the reserve descriptor", e);
                }
                reserve = null;
            }
        }

        /** A descriptor held for the moment there is none; null if none is free now either. */
        private static FileInputStream reserve() {
            try {
                return new FileInputStream("/dev/null");
            } catch (IOException e) {
                return null;
            }
        }
    }

    private void handle(Socket client) {
        SocketAddress peer = client.getRemoteSocketAddress();
        AtomicBoolean tooSlow = new AtomicBoolean();
        AtomicBoolean authenticated = new AtomicBoolean();
        ScheduledFuture<?> deadline;
        try {
            deadline = setupDeadlines.schedule(() -> {
                tooSlow.set(true);
                closeQuietly(client);
            }, handshakeTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            closeQuietly(client);
            return;
        }
        try (BootstrapChannel channel = new BootstrapChannel(client, handshakeTimeout)) {
            TransferReport report = session.serve(channel, client.getInetAddress(), new ServerSession.SetupGuard() {
                @Override
                public boolean answerPasses(BooleanSupplier check) throws IOException {
                    boolean passes = authBackoff.check(client.getInetAddress(), check);
                    authenticated.set(passes);
                    return passes;
                }

                @Override
                public DirectMemoryBudget.Reservation reserveMemory(long bytes) throws RdcpException {
                    return memoryBudget.reserve(bytes);
                }

                @Override
                public BookkeepingPool bookkeeping() {
                    return bookkeeping;
                }

                @Override
                public void setupDone() {
                    authenticated.set(true);
                    deadline.cancel(false);
                    authBackoff.succeeded(client.getInetAddress());
                }
            });
            LOG.info("{}: {} files, {} bytes in {} s{}", peer, report.filesDone(), report.bytesDone(),
                    String.format("%.3f", report.seconds()),
                    report.failureCount() == 0 ? "" : ", " + report.failureCount() + " failed");
        } catch (Exception e) {
            // Messages quote what the client sent (paths, names): escaped, so it cannot forge log lines.
            String line = peer + ": " + (tooSlow.get() ? "did not finish its setup within " + handshakeTimeout.toSeconds()
                    + " s" : e.getMessage() == null ? e.getClass().getSimpleName() : PeerText.printable(e.getMessage()));
            if (authenticated.get()) {
                LOG.warn("{}", line);
            } else {
                setupFailures.failed(client.getInetAddress(), line);
            }
            LOG.debug("session with {} failed", peer, PeerText.printable(e));
        } catch (StackOverflowError | OutOfMemoryError e) {
            // One session's end, its memory dropped with it: one line, and the daemon serves on.
            LOG.error("{}: the session ran out of {} and ended", peer, e instanceof OutOfMemoryError ? "memory" : "stack");
            LOG.debug("session with {} failed", peer, e);
        } finally {
            deadline.cancel(false);
        }
    }

    private static void closeQuietly(Socket client) {
        try {
            // A channel's socket closed under a blocked read can go out as a reset; say end of
            // stream first, so the client reads a clean close.
            client.shutdownOutput();
        } catch (IOException e) {
            LOG.debug("could not shut down a client that was too slow", e);
        }
        try {
            client.close();
        } catch (IOException e) {
            LOG.debug("could not close a client that was too slow", e);
        }
    }

    /** Refuses a client before its session starts, without taking a slot. */
    private void refuse(Socket client, ExitCode code, String reason) {
        try (BootstrapChannel channel = new BootstrapChannel(client, handshakeTimeout)) {
            channel.sendError(code, reason);
        } catch (IOException e) {
            LOG.debug("could not refuse a client", e);
        }
    }

    /**
     * Where a daemon listens: on {@code host} (every address when null) and {@code port}; with a
     * {@code family} (serve's -4 or -6, else null), on that family's wildcard or the host's first
     * address of it.
     */
    public static SocketAddress bindAddress(String host, int port, ProtocolFamily family) throws RdcpException {
        if (family == null) {
            return host == null ? new InetSocketAddress(port) : new InetSocketAddress(host, port);
        }
        boolean ipv4 = family == StandardProtocolFamily.INET;
        if (host == null) {
            return new InetSocketAddress(ipv4 ? "0.0.0.0" : "::", port);
        }
        try {
            for (InetAddress address : InetAddress.getAllByName(host)) {
                if (address instanceof Inet4Address == ipv4) {
                    return new InetSocketAddress(address, port);
                }
            }
        } catch (UnknownHostException e) {
            throw new RdcpException(ExitCode.SOCKET_IO, "cannot listen on " + host + ": " + e.getMessage());
        }
        throw new RdcpException(ExitCode.SOCKET_IO, "cannot listen on " + host + ": it has no "
                + (ipv4 ? "IPv4 address (-4)" : "IPv6 address (-6)"));
    }

    /** Bytes of direct memory the sessions' buffers may take in all. */
    public long memoryBudget() {
        return memoryBudget.limit();
    }

    /** Bytes of the budget that sessions running now hold. */
    public long memoryReserved() {
        return memoryBudget.reserved();
    }

    /** Sessions running now: accepted and not yet ended. */
    public int activeSessions() {
        return maxSessions - sessions.availablePermits();
    }

    /**
     * Stops accepting and gives the sessions {@link #SESSION_END_WAIT_SECONDS} to end on their own
     * (a session frees its memory and queue pairs as it ends), then interrupts those still
     * running and waits as long again. A TCP session ends on the interrupt; an RDMA one, which
     * waits in its completion channel, at its own timeout.
     */
    @Override
    public void close() throws IOException {
        listener.close();
        workers.shutdown();
        try {
            if (!workers.awaitTermination(SESSION_END_WAIT_SECONDS, TimeUnit.SECONDS)) {
                LOG.warn("closing: {} sessions did not end within {} s; interrupting them", activeSessions(),
                        SESSION_END_WAIT_SECONDS);
                workers.shutdownNow();
                if (!workers.awaitTermination(SESSION_END_WAIT_SECONDS, TimeUnit.SECONDS)) {
                    LOG.warn("closing: {} sessions still running", activeSessions());
                }
            }
        } catch (InterruptedException e) {
            workers.shutdownNow();
            Thread.currentThread().interrupt();
        } finally {
            setupDeadlines.shutdownNow();
            setupFailures.summarizeAll();
        }
    }
}
