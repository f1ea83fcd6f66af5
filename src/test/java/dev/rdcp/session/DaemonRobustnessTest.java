package dev.rdcp.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.Challenge;
import dev.rdcp.protocol.ControlType;
import dev.rdcp.protocol.CountedList;
import dev.rdcp.protocol.Decision;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ErrorMessage;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ExtendedOptions;
import dev.rdcp.protocol.Hello;
import dev.rdcp.protocol.MessageType;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.ReceiverSettings;
import dev.rdcp.protocol.Report;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.protocol.VersionMismatchException;
import dev.rdcp.transfer.BookkeepingPool;
import dev.rdcp.transport.BootstrapChannel;
import dev.rdcp.transport.RdmaSettings;
import dev.rdcp.transport.TcpTransport;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The daemon against clients that misbehave before any RDMA is involved: each bad client ends
 * only its own session, within a bounded time, and the next client is served.
 */
@Timeout(60)
class DaemonRobustnessTest {

    private static final int TIMEOUT_SECONDS = 2;
    /** Far past every timeout here: a connection still open then is one the daemon forgot. */
    private static final int HANG_GUARD_MILLIS = 120_000;

    @TempDir
    Path root;

    private Daemon daemon;

    @BeforeEach
    void start() throws IOException {
        SessionConfig config = new SessionConfig(RdmaSettings.defaults(), TIMEOUT_SECONDS);
        byte[] secret = "s3cret".getBytes(StandardCharsets.UTF_8);
        daemon = new Daemon(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                new ServerSession(ServerPolicy.daemon(root, false, secret), config),
                Duration.ofSeconds(TIMEOUT_SECONDS), 4);
        Thread thread = new Thread(daemon::serve);
        thread.setDaemon(true);
        thread.start();
    }

    @AfterEach
    void stop() throws IOException {
        daemon.close();
    }

    private Socket connect() throws IOException {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), daemon.port());
        socket.setSoTimeout(10_000);
        return socket;
    }

    /** Reads until the daemon closes the connection; returns how long that took. */
    /**
     * Reads until the daemon closes the connection. A daemon that never does fails the test here
     * (SocketTimeoutException) rather than hang it; what each test checks is what happened first.
     */
    private static void awaitClosed(Socket socket) throws IOException {
        socket.setSoTimeout(HANG_GUARD_MILLIS);
        InputStream in = socket.getInputStream();
        while (in.read() >= 0) {
            // drain whatever the daemon said before closing
        }
    }

    /** A well-behaved client gets through hello and the challenge: the daemon is still serving. */
    private void assertStillServing() throws IOException {
        try (BootstrapChannel channel = new BootstrapChannel(connect(), Duration.ofSeconds(10))) {
            channel.handshake();
            Challenge challenge = Challenge.decode(channel.receive(MessageType.CHALLENGE));
            assertTrue(challenge.required());
        }
    }

    /**
     * Issue 11: an authenticated client whose transfer has begun (over TCP) and that then sends
     * nothing but keepalives is dropped after --timeout instead of holding its slot.
     */
    @Test
    void anAuthenticatedClientSendingOnlyKeepalivesIsDroppedAfterTheTimeout() throws Exception {
        Socket socket = connect();
        BootstrapChannel channel = new BootstrapChannel(socket, Duration.ofSeconds(10));
        ClientSteps.requestPush(channel, "s3cret".getBytes(StandardCharsets.UTF_8),
                SessionRequest.TRANSPORT_TCP | SessionRequest.DESTINATION_IS_DIRECTORY, ".");
        channel.receive(MessageType.ACCEPT);
        // Whether the client sent all its keepalives and stopped: told by the sending thread itself,
        // since it also ends a write or two after the daemon closed, whenever this thread looks.
        AtomicBoolean ranOut = new AtomicBoolean();
        Thread keepalives = new Thread(() -> {
            try {
                for (int i = 0; i < 100; i++) {
                    socket.getOutputStream().write(new byte[] {'K', 0, 0, 0, 0});
                    Thread.sleep(200);
                }
                ranOut.set(true);
            } catch (IOException | InterruptedException e) {
                // the daemon closed the connection: what the test waits for
            }
        });
        keepalives.setDaemon(true);
        keepalives.start();
        awaitClosed(socket);
        assertFalse(ranOut.get(), "the daemon closed only once the client stopped its keepalives");
        keepalives.interrupt();
        socket.close();
        assertStillServing();
    }

    /**
     * Found in review: each failure a client reports (or a sender lists as a problem) was a line
     * in the daemon's log, escaped, so any client that may read could write the daemon's log at
     * the speed of its connection: here a line for each of the 1,500 or so reports its answers to a list of 3,000 files had room for. At most
     * {@link ServerSession#MAX_LOGGED_FAILURES} are logged, then one line says the rest are not.
     */
    @Test
    void aClientsFailureReportsAreLoggedOnlySoMany() throws Exception {
        for (int i = 0; i < 3_000; i++) {
            Files.createFile(root.resolve("f" + i));
        }
        try (CapturedLog sessionLog = new CapturedLog(ServerSession.class);
                CapturedLog daemonLog = new CapturedLog(Daemon.class)) {
            BootstrapChannel channel = acceptedPull(List.of("."));
            int[] reports = {0};
            try (TcpTransport transport = TcpTransport.open(channel, 32, 10)) {
                // The sender's END comes once every ENTRIES is answered: each answer has been read.
                boolean[] ended = {false};
                while (!ended[0]) {
                    transport.poll((type, payload) -> {
                        if (type == ControlType.END) {
                            ended[0] = true;
                        } else {
                            assertEquals(ControlType.ENTRIES, type);
                            reports[0] += answerSkippingEverything(transport, payload);
                        }
                    }, 100);
                }
            }
            daemonLog.awaitWarning(m -> m.contains("127.0.0.1"));
            long failureLines = sessionLog.warnings().stream().filter(m -> m.contains("refused by the client")).count();
            assertTrue(reports[0] > 2 * ServerSession.MAX_LOGGED_FAILURES, reports[0] + " reported");
            assertEquals(ServerSession.MAX_LOGGED_FAILURES, failureLines, reports[0] + " reported");
            assertEquals(1, sessionLog.warnings().stream().filter(m -> m.contains("not logged")).count(),
                    String.valueOf(sessionLog.warnings().size()));
        }
    }

    /**
     * A client that asks for every file and never takes one (no staging buffer offered), naming
     * the module 200 times over: the daemon's list waits once its queue of wanted files is full,
     * instead of holding every file (found in review: 1.5 GB in 30 s, when each naming listed the
     * module again; now they are one directory, listed once).
     */
    @Test
    void aClientThatWantsEverythingAndTakesNothingStopsTheList() throws Exception {
        for (int i = 0; i < 8_000; i++) {
            Files.createFile(root.resolve("f" + i));
        }
        BootstrapChannel channel = acceptedPull(java.util.Collections.nCopies(200, "."));
        int[] files = {0};
        try (TcpTransport transport = TcpTransport.open(channel, 32, 10)) {
            // Until the daemon ends the session of the client that takes nothing, at its --timeout (2 s).
            boolean[] ended = {false};
            while (!ended[0]) {
                transport.poll((type, payload) -> {
                    if (type == ControlType.ABORT) {
                        ended[0] = true;
                        return;
                    }
                    assertEquals(ControlType.ENTRIES, type);
                    files[0] += answerWantingEveryFile(transport, payload);
                }, 100);
            }
        } catch (IOException e) {
            // Dropped without an ABORT: what was listed by then is counted all the same.
        }
        assertTrue(files[0] >= 4096, files[0] + " files listed");
        assertTrue(files[0] <= 4096 + 9 * 256, files[0] + " files listed, of 8,000");
        assertStillServing();
    }

    /**
     * Without --delete each list message's files are decided in its answer. A client that answers
     * every ENTRIES without deciding gets its session ended, a protocol error told in its ABORT,
     * instead of a sender that waits for decisions until its timeout; the daemon serves on.
     */
    @Test
    void aClientThatAnswersWithoutDecidingEndsItsSession() throws Exception {
        for (int i = 0; i < 3; i++) {
            Files.createFile(root.resolve("f" + i));
        }
        BootstrapChannel channel = acceptedPull(List.of("."), 0, ExtendedOptions.NONE);
        ErrorMessage[] abort = {null};
        try (TcpTransport transport = TcpTransport.open(channel, 32, 10)) {
            while (abort[0] == null) {
                transport.poll((type, payload) -> {
                    if (type == ControlType.ABORT) {
                        abort[0] = ErrorMessage.decode(payload);
                        return;
                    }
                    assertEquals(ControlType.ENTRIES, type);
                    ByteBuffer out = transport.startMessage(ControlType.WANTS);
                    CountedList.finish(out, CountedList.start(out), 0);
                    transport.send();
                }, 100);
            }
        }
        assertEquals(ExitCode.DATA_STREAM.code(), abort[0].code(), abort[0].message());
        assertTrue(abort[0].message().contains("3 files undecided"), abort[0].message());
        assertStillServing();
    }

    /**
     * --delete-before: the daemon's sender holds its list until the receiver decides, and asks for
     * decisions with empty ENTRIES once the list has ended. A client that answers every ENTRIES
     * and never decides a file gets no more requests than the list messages it was sent, and the
     * session ends, a protocol error told in its ABORT, instead of asking for ever (or waiting for
     * its timeout); the daemon serves on.
     */
    @Test
    void aClientThatNeverDecidesUnderDeleteBeforeEndsItsSession() throws Exception {
        for (int i = 0; i < 600; i++) {
            Files.createFile(root.resolve("f" + i));
        }
        BootstrapChannel channel = acceptedPull(List.of("."), SessionRequest.DELETE,
                ExtendedOptions.NONE.with(ExtendedOptions.DELETE_BEFORE, true));
        int[] listMessages = {0};
        int[] requests = {0};
        ErrorMessage[] abort = {null};
        try (TcpTransport transport = TcpTransport.open(channel, 32, 10)) {
            while (abort[0] == null) {
                transport.poll((type, payload) -> {
                    if (type == ControlType.ABORT) {
                        abort[0] = ErrorMessage.decode(payload);
                        return;
                    }
                    assertEquals(ControlType.ENTRIES, type);
                    if (CountedList.read(payload.duplicate(), ControlType.ENTRIES) == 0) {
                        requests[0]++;
                    } else {
                        listMessages[0]++;
                    }
                    ByteBuffer out = transport.startMessage(ControlType.WANTS);
                    CountedList.finish(out, CountedList.start(out), 0);
                    transport.send();
                }, 100);
            }
        }
        assertEquals(ExitCode.DATA_STREAM.code(), abort[0].code(), abort[0].message());
        assertTrue(abort[0].message().contains("undecided"), abort[0].message());
        assertTrue(listMessages[0] >= 3, listMessages[0] + " list messages");
        assertTrue(requests[0] >= 1 && requests[0] <= listMessages[0], requests[0] + " requests for decisions after "
                + listMessages[0] + " list messages");
        assertStillServing();
    }

    /**
     * --delete-before: what a daemon's sender holds of its list until its receiver decides comes
     * from the pool its sessions share, as the receivers' bookkeeping does. It was counted only
     * against its own 256 MiB, so 16 clients pulling a large tree with --delete-before and never
     * deciding could make the daemon hold 4 GiB of heap, past a default JVM's; the session now
     * ends once the pool has no more, and gives back what it took.
     */
    @Test
    void aSendersHeldListUnderDeleteBeforeDrawsFromTheDaemonsPool() throws Exception {
        for (int i = 0; i < 6_000; i++) {
            Files.createFile(root.resolve("f" + i));
        }
        BookkeepingPool pool = restartWithPool(2 << 20);
        BootstrapChannel channel = acceptedPull(List.of("."), SessionRequest.DELETE,
                ExtendedOptions.NONE.with(ExtendedOptions.DELETE_BEFORE, true));
        ErrorMessage[] abort = {null};
        try (TcpTransport transport = TcpTransport.open(channel, 32, 10)) {
            while (abort[0] == null) {
                transport.poll((type, payload) -> {
                    if (type == ControlType.ABORT) {
                        abort[0] = ErrorMessage.decode(payload);
                        return;
                    }
                    ByteBuffer out = transport.startMessage(ControlType.WANTS);
                    CountedList.finish(out, CountedList.start(out), 0);
                    transport.send();
                }, 100);
            }
        }
        assertTrue(abort[0] != null && abort[0].message().contains("sessions hold all of its 2 MiB"),
                abort[0] == null ? "no ABORT" : abort[0].message());
        assertStillServing();
        // Each session gives back what it took as it ends: the daemon's close waits for every one to end.
        daemon.close();
        assertEquals(0, pool.taken());
    }

    /**
     * A -R or --files-from pull makes the sender remember every name it lists to the list's end
     * (to list a name named twice once), as -H does each file's first name: held in proportion to
     * the tree, by any client of a module, and drawn from nothing, so 16 such pulls of a large
     * module could fill the daemon's heap and fail whichever session allocated next. Now drawn
     * from the pool the daemon's sessions share: the session that finds it empty ends, the others
     * go on, and what it took is given back.
     */
    @Test
    void theNamesARelativePullRemembersDrawFromTheDaemonsPool() throws Exception {
        assertAPullOfATreeSkippingEveryFileEndsAtThePool(List.of(".", "."), SessionRequest.FILES_FROM);
    }

    /**
     * --remove-source-files: each file listed waits for the receiver's word on it, and a receiver
     * that gives none leaves every file of the tree waiting, drawn from nothing; now from the pool.
     */
    @Test
    void theFilesARemovingPullKeepsWaitingDrawFromTheDaemonsPool() throws Exception {
        assertAPullOfATreeSkippingEveryFileEndsAtThePool(List.of("."), SessionRequest.REMOVE_SOURCE_FILES);
    }

    /**
     * A daemon with a pool of 1 MiB, and a pull of {@code paths} with {@code flags} from a root of
     * 20,000 files, each skipped: the session ends at the pool, which is whole again afterwards.
     */
    private void assertAPullOfATreeSkippingEveryFileEndsAtThePool(List<String> paths, long flags) throws Exception {
        for (int i = 0; i < 20_000; i++) {
            Files.createFile(root.resolve("file-" + i));
        }
        BookkeepingPool pool = restartWithPool(1 << 20);
        BootstrapChannel channel = acceptedPull(paths, flags, ExtendedOptions.NONE);
        ErrorMessage[] abort = {null};
        int[] files = {0};
        try (TcpTransport transport = TcpTransport.open(channel, 32, 10)) {
            while (abort[0] == null) {
                transport.poll((type, payload) -> {
                    if (type == ControlType.ABORT) {
                        abort[0] = ErrorMessage.decode(payload);
                        return;
                    }
                    if (type != ControlType.ENTRIES) {
                        return;
                    }
                    ByteBuffer out = transport.startMessage(ControlType.WANTS);
                    files[0] += decideEveryFile(payload, out, Decision.Kind.SKIP);
                    transport.send();
                }, 100);
            }
        } catch (IOException e) {
            // Closed after the ABORT, or without one: the assertion below tells which.
        }
        assertTrue(abort[0] != null && abort[0].message().contains("sessions hold all of its 1 MiB"),
                (abort[0] == null ? "no ABORT" : abort[0].message()) + " after " + files[0] + " files");
        assertStillServing();
        // Each session gives back what it took as it ends: the daemon's close waits for every one to end.
        daemon.close();
        assertEquals(0, pool.taken());
    }

    /** Closes the daemon and serves {@link #root} again, the sessions' bookkeeping drawn from a pool of {@code bytes}. */
    private BookkeepingPool restartWithPool(long bytes) throws IOException {
        daemon.close();
        BookkeepingPool pool = new BookkeepingPool(bytes);
        ServerSocket listener = ServerSocketChannel.open().socket();
        listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        daemon = new Daemon(listener, new ServerSession(ServerPolicy.daemon(root, false,
                "s3cret".getBytes(StandardCharsets.UTF_8)), new SessionConfig(RdmaSettings.defaults(), TIMEOUT_SECONDS)),
                Duration.ofSeconds(TIMEOUT_SECONDS), 4, AuthBackoff.standard(), DirectMemoryBudget.standard(), pool);
        Thread thread = new Thread(daemon::serve);
        thread.setDaemon(true);
        thread.start();
        return pool;
    }

    /** A recursive pull of {@code paths} over TCP, authenticated and accepted: the channel, its transfer to begin. */
    private BootstrapChannel acceptedPull(List<String> paths) throws IOException {
        return acceptedPull(paths, 0, ExtendedOptions.NONE);
    }

    /** As {@link #acceptedPull(List)}, with request {@code flags} and {@code extended} options besides. */
    private BootstrapChannel acceptedPull(List<String> paths, long flags, ExtendedOptions extended) throws IOException {
        SocketChannel socket = SocketChannel.open(new InetSocketAddress(InetAddress.getLoopbackAddress(), daemon.port()));
        BootstrapChannel channel = new BootstrapChannel(socket.socket(), Duration.ofSeconds(10));
        Challenge challenge = ClientSteps.greet(channel);
        ByteBuffer request = new SessionRequest(SessionRequest.Direction.PULL, SessionRequest.RECURSIVE
                | SessionRequest.TRANSPORT_TCP | flags, 1 << 20, 8, 0, paths, List.of(),
                ReceiverSettings.NONE.withExtended(extended)).encode().rewind();
        channel.send(MessageType.AUTH, ByteBuffer.allocate(Challenge.RESPONSE_SIZE)
                .put(challenge.response("s3cret".getBytes(StandardCharsets.UTF_8), request)));
        channel.send(MessageType.REQUEST, request.position(request.limit()));
        channel.receive(MessageType.ACCEPT);
        return channel;
    }

    /** A WANTS asking for every file of {@code entries}; returns how many. */
    private static int answerWantingEveryFile(TcpTransport transport, ByteBuffer entries) throws IOException {
        ByteBuffer out = transport.startMessage(ControlType.WANTS);
        int decisions = decideEveryFile(entries, out, Decision.Kind.SEND);
        transport.send();
        return decisions;
    }

    /** WANTS' decisions, {@code kind} for every file of {@code entries}, put in {@code out}; returns how many. */
    private static int decideEveryFile(ByteBuffer entries, ByteBuffer out, Decision.Kind kind) throws IOException {
        int count = CountedList.read(entries, ControlType.ENTRIES);
        int at = CountedList.start(out);
        int decisions = 0;
        for (int i = 0; i < count; i++) {
            Entry entry = Entry.decode(entries, false);
            if (entry.type() == EntryType.FILE) {
                new Decision(entry.index(), kind, 0, 0).encode(out);
                decisions++;
            }
        }
        CountedList.finish(out, at, decisions);
        return decisions;
    }

    /**
     * A WANTS skipping every file of {@code entries}, carrying as many failure reports as fit;
     * returns how many.
     */
    private static int answerSkippingEverything(TcpTransport transport, ByteBuffer entries) throws IOException {
        ByteBuffer out = transport.startMessage(ControlType.WANTS);
        decideEveryFile(entries, out, Decision.Kind.SKIP);
        Report report = new Report(Report.Kind.FAILED, -1, ExitCode.PARTIAL.code(),
                "refused by the client".getBytes(StandardCharsets.UTF_8));
        int reports = 0;
        for (; out.remaining() >= report.encodedSize(); reports++) {
            report.encode(out);
        }
        transport.send();
        return reports;
    }

    @Test
    void garbageBytesEndOnlyThatSession() throws IOException {
        try (Socket socket = connect()) {
            socket.getOutputStream().write("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            awaitClosed(socket);
        }
        assertStillServing();
    }

    /**
     * A flood of connections that end before they authenticate is not a flood of log lines: the
     * first of each address an interval is logged, then one line counts the rest (found in review:
     * a line each, so any stranger could fill the daemon's log).
     */
    @Test
    void garbageFromOneAddressIsLoggedOnceAndCounted() throws Exception {
        try (CapturedLog log = new CapturedLog(Daemon.class)) {
            for (int i = 0; i < 20; i++) {
                try (Socket socket = connect()) {
                    socket.getOutputStream().write("GET / HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    awaitClosed(socket);
                }
            }
            assertStillServing();
            daemon.close();
            List<String> warnings = log.warnings();
            assertEquals(2, warnings.size(), warnings.toString());
            // The garbage after the first, and the check that the daemon still serves, which hangs up.
            assertTrue(warnings.get(1).contains(": 20 more connections failed before authenticating"), warnings.toString());
        }
    }

    @Test
    void aSilentClientIsDroppedAfterTheTimeoutWhileOthersAreServed() throws IOException {
        try (Socket silent = connect()) {
            assertStillServing();
            awaitClosed(silent);
        }
        assertStillServing();
    }

    /**
     * A client that sends its hello one byte a second never trips the per-read timeout, so
     * only a deadline on the whole setup drops it.
     */
    @Test
    void aClientDrippingItsHelloIsDroppedAtTheSetupDeadline() throws Exception {
        try (Socket dripping = connect()) {
            Thread drip = DrippingHello.start(dripping, 1_000);
            assertTrue(DrippingHello.length() > TIMEOUT_SECONDS + 5, "the hello must outlast the deadline");
            awaitClosed(dripping);
            // Still dripping: closed at the deadline, not once the hello was whole.
            assertTrue(drip.isAlive(), "the daemon waited for the whole hello");
            drip.interrupt();
        }
        assertStillServing();
    }

    @Test
    void anotherProtocolVersionIsRefused() throws IOException {
        try (Socket socket = connect()) {
            ByteBuffer hello = ByteBuffer.allocate(5 + Hello.SIZE);
            hello.put((byte) MessageType.HELLO.code()).putInt(Hello.SIZE);
            new Hello(Hello.CURRENT_VERSION + 1).encode(hello);
            socket.getOutputStream().write(hello.array());
            awaitClosed(socket);
        }
        assertStillServing();
    }

    @Test
    void aClientSeesTheVersionMismatchOfAnOlderServer() throws IOException {
        try (var fake = new java.net.ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread server = new Thread(() -> {
                try (Socket s = fake.accept()) {
                    ByteBuffer hello = ByteBuffer.allocate(5 + Hello.SIZE);
                    hello.put((byte) MessageType.HELLO.code()).putInt(Hello.SIZE);
                    new Hello(0).encode(hello);
                    s.getOutputStream().write(hello.array());
                    s.getInputStream().readNBytes(5 + Hello.SIZE);
                } catch (IOException e) {
                    // the test asserts on the client side
                }
            });
            server.start();
            try (BootstrapChannel channel = new BootstrapChannel(
                    new Socket(InetAddress.getLoopbackAddress(), fake.getLocalPort()), Duration.ofSeconds(10))) {
                VersionMismatchException e = assertThrows(VersionMismatchException.class, channel::handshake);
                assertTrue(e.getMessage().contains("version 0"), e.getMessage());
            }
        }
    }

    @Test
    void wrongSecretAndEscapingPathsAreRefusedWithTheirCodes() throws IOException {
        RdcpException escape = assertThrows(RdcpException.class, () -> request("s3cret", "../../etc"));
        assertEquals(ExitCode.FILE_SELECTION, escape.exitCode());
        RdcpException wrong = assertThrows(RdcpException.class, () -> request("wrong", "x"));
        assertEquals(ExitCode.START_CLIENT_SERVER, wrong.exitCode());
    }

    /** A daemon whose address backoff is a minute from the first failure, serving in a thread of its own. */
    private Daemon slowToForgive(int maxSessions) throws IOException {
        SessionConfig config = new SessionConfig(RdmaSettings.defaults(), TIMEOUT_SECONDS);
        byte[] secret = "s3cret".getBytes(StandardCharsets.UTF_8);
        java.net.ServerSocket listener = new java.net.ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Daemon guarded = new Daemon(listener, new ServerSession(ServerPolicy.daemon(root, false, secret), config),
                Duration.ofSeconds(TIMEOUT_SECONDS), maxSessions, new AuthBackoff(60_000_000_000L, 60_000_000_000L,
                        System::nanoTime));
        Thread thread = new Thread(guarded::serve);
        thread.setDaemon(true);
        thread.start();
        return guarded;
    }

    /** After a wrong secret the address waits, even with the right one: guessing is slowed. */
    @Test
    void aFailedAuthenticationMakesTheAddressWait() throws IOException {
        try (Daemon guarded = slowToForgive(4)) {
            RdcpException wrong = assertThrows(RdcpException.class, () -> request(guarded.port(), "wrong", "x"));
            assertEquals("authentication failed", wrong.getMessage());
            RdcpException waiting = assertThrows(RdcpException.class, () -> request(guarded.port(), "s3cret", "x"));
            assertEquals(ExitCode.START_CLIENT_SERVER, waiting.exitCode());
            assertTrue(waiting.getMessage().contains("try again in"), waiting.getMessage());
        }
    }

    /**
     * Challenges taken on many connections and then answered together are one guess, not one
     * each: the first answer checked fails, and the others find the address waiting and are
     * refused without being checked.
     */
    @Test
    void answersSentTogetherOnManyConnectionsAreOneGuess() throws IOException {
        int connections = 8;
        List<BootstrapChannel> channels = new ArrayList<>();
        try (Daemon guarded = slowToForgive(connections)) {
            List<Challenge> challenges = new ArrayList<>();
            for (int i = 0; i < connections; i++) {
                BootstrapChannel channel = new BootstrapChannel(
                        new Socket(InetAddress.getLoopbackAddress(), guarded.port()), Duration.ofSeconds(10));
                channels.add(channel);
                challenges.add(ClientSteps.greet(channel));
            }
            for (int i = 0; i < connections; i++) {
                ClientSteps.answerWithPush(channels.get(i), challenges.get(i), "wrong".getBytes(StandardCharsets.UTF_8),
                        0, "x");
            }
            List<String> refusals = new ArrayList<>();
            for (BootstrapChannel channel : channels) {
                RdcpException refused = assertThrows(RdcpException.class, () -> channel.receive(MessageType.ACCEPT));
                assertEquals(ExitCode.START_CLIENT_SERVER, refused.exitCode());
                refusals.add(refused.getMessage());
            }
            assertEquals(1, refusals.stream().filter("authentication failed"::equals).count(), refusals::toString);
            String waiting = "authentication failed recently from this address; try again in";
            assertEquals(connections - 1, refusals.stream().filter(m -> m.startsWith(waiting)).count(),
                    refusals::toString);
        } finally {
            for (BootstrapChannel channel : channels) {
                channel.close();
            }
        }
    }

    @Test
    void aMalformedRequestIsAnsweredWithAnErrorFrame() throws IOException {
        try (BootstrapChannel channel = new BootstrapChannel(connect(), Duration.ofSeconds(10))) {
            channel.handshake();
            Challenge challenge = Challenge.decode(channel.receive(MessageType.CHALLENGE));
            ByteBuffer malformed = ByteBuffer.allocate(30).put((byte) 9).rewind();
            channel.send(MessageType.AUTH, ByteBuffer.allocate(Challenge.RESPONSE_SIZE)
                    .put(challenge.response("s3cret".getBytes(StandardCharsets.UTF_8), malformed)));
            channel.send(MessageType.REQUEST, malformed.position(malformed.limit()));
            RdcpException e = assertThrows(RdcpException.class, () -> channel.receive(MessageType.ACCEPT));
            assertEquals(ExitCode.DATA_STREAM, e.exitCode());
            assertTrue(e.getMessage().contains("malformed request"), e.getMessage());
        }
        assertStillServing();
    }

    /**
     * Protocol 3: an answer to the nonce alone (what a relay could replay with a request of its
     * own) is not enough; the response must cover the request bytes.
     */
    @Test
    void anAuthThatDoesNotCoverTheRequestIsRefused() throws Exception {
        try (BootstrapChannel channel = new BootstrapChannel(connect(), Duration.ofSeconds(10))) {
            channel.handshake();
            Challenge challenge = Challenge.decode(channel.receive(MessageType.CHALLENGE));
            javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
            mac.init(new javax.crypto.spec.SecretKeySpec("s3cret".getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            channel.send(MessageType.AUTH, ByteBuffer.allocate(Challenge.RESPONSE_SIZE).put(mac.doFinal(challenge.nonce())));
            ByteBuffer request = new SessionRequest(SessionRequest.Direction.PUSH, 0, 1 << 20, 8, 0,
                    List.of("x"), List.of()).encode();
            channel.send(MessageType.REQUEST, request.position(request.limit()));
            RdcpException e = assertThrows(RdcpException.class, () -> channel.receive(MessageType.ACCEPT));
            assertEquals(ExitCode.START_CLIENT_SERVER, e.exitCode());
            assertEquals("authentication failed", e.getMessage());
        }
    }

    /** The refused path is logged, but a client cannot forge log lines or drive the terminal of who tails it. */
    @Test
    void peerTextIsLoggedWithControlCharactersEscaped() throws Exception {
        try (CapturedLog log = new CapturedLog(Daemon.class)) {
            assertThrows(RdcpException.class, () -> request("s3cret", "../\u001b[31m\n2026-01-01 fake entry"));
            String line = log.awaitWarning(m -> m.contains("fake entry"));
            assertTrue(line.chars().noneMatch(c -> c < 0x20), line);
            assertTrue(line.contains("\\#033[31m\\#0122026-01-01 fake entry"), line);
        }
    }

    @Test
    void aReadOnlyDaemonRefusesUploads() throws IOException {
        SessionConfig config = new SessionConfig(RdmaSettings.defaults(), TIMEOUT_SECONDS);
        try (Daemon readOnly = new Daemon(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                new ServerSession(ServerPolicy.daemon(root, true, null), config), Duration.ofSeconds(2), 1)) {
            Thread thread = new Thread(readOnly::serve);
            thread.setDaemon(true);
            thread.start();
            RdcpException e = assertThrows(RdcpException.class, () -> request(readOnly.port(), null, "upload.bin"));
            assertEquals(ExitCode.START_CLIENT_SERVER, e.exitCode());
            assertTrue(e.getMessage().contains("read-only"), e.getMessage());
        }
    }

    private void request(String secret, String destination) throws IOException {
        request(daemon.port(), secret, destination);
    }

    private void request(int port, String secret, String destination) throws IOException {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
        try (BootstrapChannel channel = new BootstrapChannel(socket, Duration.ofSeconds(10))) {
            ClientSteps.requestPush(channel, secret == null ? null : secret.getBytes(StandardCharsets.UTF_8), 0,
                    destination);
            channel.receive(MessageType.ACCEPT);
        }
    }

    /**
     * --delete as rsync's --delete-during (extended flag 8): the daemon's sender knows how many
     * decisions each answer carries. A client that answers a list message holding a whole
     * directory, its children ended, with no decision ends its session at once, a protocol error
     * told in its ABORT, rather than being asked for ever; the daemon serves on.
     */
    @Test
    void aClientThatLeavesFilesUndecidedUnderDeleteDuringEndsItsSession() throws Exception {
        for (int i = 0; i < 20; i++) {
            Files.createFile(root.resolve("f" + i));
        }
        BootstrapChannel channel = acceptedPull(List.of("."), SessionRequest.DELETE,
                ExtendedOptions.NONE.with(ExtendedOptions.DELETE_DURING, true));
        int[] messages = {0};
        ErrorMessage[] abort = {null};
        try (TcpTransport transport = TcpTransport.open(channel, 32, 10)) {
            while (abort[0] == null) {
                transport.poll((type, payload) -> {
                    if (type == ControlType.ABORT) {
                        abort[0] = ErrorMessage.decode(payload);
                        return;
                    }
                    assertEquals(ControlType.ENTRIES, type);
                    messages[0]++;
                    ByteBuffer out = transport.startMessage(ControlType.WANTS);
                    CountedList.finish(out, CountedList.start(out), 0);
                    transport.send();
                }, 100);
            }
        }
        assertEquals(ExitCode.DATA_STREAM.code(), abort[0].code(), abort[0].message());
        assertTrue(abort[0].message().contains("decisions"), abort[0].message());
        assertEquals(1, messages[0], "the whole list in one message, answered wrongly once");
        assertStillServing();
    }
}
