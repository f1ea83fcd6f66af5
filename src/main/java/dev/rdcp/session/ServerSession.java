package dev.rdcp.session;

import dev.rdcp.filter.FilterRules;
import dev.rdcp.posix.PathErrors;
import dev.rdcp.protocol.Accept;
import dev.rdcp.protocol.Challenge;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ExtendedOptions;
import dev.rdcp.protocol.MessageType;
import dev.rdcp.protocol.PeerText;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.protocol.TransportKind;
import dev.rdcp.transfer.BookkeepingPool;
import dev.rdcp.transfer.ChmodRules;
import dev.rdcp.transfer.Destination;
import dev.rdcp.transfer.OwnerMap;
import dev.rdcp.transfer.SourceOperand;
import dev.rdcp.transfer.TransferListener;
import dev.rdcp.transfer.TransferOptions;
import dev.rdcp.transfer.TransferReport;
import dev.rdcp.transport.BootstrapChannel;
import dev.rdcp.transport.DeviceOpening;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/** The server half of a copy: checks the client, resolves its request under the policy, then plays its role. */
public final class ServerSession {

    private static final Logger LOG = LogManager.getLogger(ServerSession.class);
    /** A session's lines of failures and notes in the log, at most: their number is the peer's to choose. */
    static final int MAX_LOGGED_FAILURES = 1_000;

    private final ServedModules modules;
    private final SessionConfig config;

    public ServerSession(ServerPolicy policy, SessionConfig config) {
        this(ServedModules.one(policy), config);
    }

    public ServerSession(ServedModules modules, SessionConfig config) {
        this.modules = modules;
        this.config = config.serving();
    }

    /** What the daemon around a session decides and learns as its client's setup goes. */
    interface SetupGuard {
        /** Nobody guards (ssh mode: one client, its own user): an answer is checked as it comes. */
        SetupGuard NONE = new SetupGuard() {
            @Override
            public boolean answerPasses(BooleanSupplier check) {
                return check.getAsBoolean();
            }

            @Override
            public DirectMemoryBudget.Reservation reserveMemory(long bytes) {
                return DirectMemoryBudget.Reservation.NONE;
            }

            @Override
            public void setupDone() {
            }
        };

        /**
         * Whether the client's answer to the challenge passes {@code check}, or a refusal without
         * running it (RdcpException). A failure is recorded before this returns, so before the
         * client is told, and its next connection already sees the consequence.
         */
        boolean answerPasses(BooleanSupplier check) throws IOException;

        /**
         * Reserves {@code bytes} of direct memory for the session's buffers, before any is
         * allocated, until the reservation is closed; or refuses the session (RdcpException).
         */
        DirectMemoryBudget.Reservation reserveMemory(long bytes) throws RdcpException;

        /**
         * The heap a session draws its bookkeeping from (a receiver's, and what a sender holds for
         * its receiver), shared with the server's other sessions; none beyond the session's own
         * cap where one client is served.
         */
        default BookkeepingPool bookkeeping() {
            return BookkeepingPool.unbounded();
        }

        /**
         * The client said hello, authenticated, sent an accepted request, and both queue pairs
         * are ready: what a stranger could stretch out byte by byte is over.
         */
        void setupDone();
    }

    /** Serves one client on {@code channel}; returns the tally of files moved. */
    public TransferReport serve(BootstrapChannel channel) throws IOException {
        return serve(channel, SetupGuard.NONE);
    }

    /** Serves one client, its setup guarded by {@code guard}. */
    TransferReport serve(BootstrapChannel channel, SetupGuard guard) throws IOException {
        return serve(channel, (InetAddress) null, guard);
    }

    /** Serves one client from {@code peer} (what a module's hosts allow and deny check; null: unknown). */
    TransferReport serve(BootstrapChannel channel, InetAddress peer, SetupGuard guard) throws IOException {
        channel.handshake();
        try (ServedModules.Admission admission = authenticatedRequest(channel, peer, guard)) {
            return admission == null ? new TransferReport() : serveAdmitted(channel, peer, admission, guard);
        }
    }

    private TransferReport serveAdmitted(BootstrapChannel channel, InetAddress peer, ServedModules.Admission admission,
            SetupGuard guard) throws IOException {
        SessionRequest request = admission.request();
        // A module's own timeout replaces the daemon's once the client is in, as rsyncd's 'timeout'.
        long moduleTimeout = admission.serving().timeoutSeconds();
        SessionConfig config = moduleTimeout > 0 ? this.config.withTimeout(moduleTimeout) : this.config;
        TransferReport report = new TransferReport();
        TransferListener logging = new LoggingListener(admission.policy().root() != null);
        TransferListener listener = admission.serving().transferLogging()
                ? TransferListener.all(report, logging, new TransferLog(
                        request.direction() != SessionRequest.Direction.PUSH, peer, admission.module().name()))
                : TransferListener.all(report, logging);
        TransferOptions options;
        DirectMemoryBudget.Reservation memory;
        try {
            boolean pull = request.direction() != SessionRequest.Direction.PUSH;
            if (pull && admission.serving().writeOnly()) {
                throw new RdcpException(ExitCode.USAGE, "module is write only");
            }
            String refused = admission.serving().refusals().refusedIn(request, pull);
            if (refused != null) {
                throw new RdcpException(ExitCode.UNSUPPORTED, "The server is configured to refuse " + refused);
            }
            // rsyncd's incoming chmod applies where the daemon receives, its outgoing chmod where it sends.
            options = options(request, pull ? admission.serving().outgoingChmod() : admission.serving().incomingChmod());
            if (admission.policy().fakeSuper()) {
                options = options.withFakeSuper(true);
            }
            memory = guard.reserveMemory(options.maxDirectBytes());
        } catch (RdcpException e) {
            refuse(channel, e);
            return report;
        }
        // Opened while the request is checked, and once: the answer to whether RDMA is usable here
        // and the connection come from the same open.
        try (memory; DeviceOpening device = request.has(SessionRequest.TRANSPORT_TCP) ? DeviceOpening.none()
                : DeviceOpening.start(config.rdma())) {
            if (request.direction() == SessionRequest.Direction.PUSH) {
                receive(channel, config, admission, device, options, listener, guard);
            } else {
                send(channel, config, admission, device, options, listener, guard);
            }
        } finally {
            report.finish();
        }
        return report;
    }

    /**
     * Challenge, AUTH, REQUEST: the request names what it wants (with modules, which module:
     * whose hosts, slots and secret apply); the response must cover the request bytes (when that
     * has a secret), and a malformed request is answered with an ERROR saying so before the
     * session ends. Null for a request for the module list, answered here.
     */
    private ServedModules.Admission authenticatedRequest(BootstrapChannel channel, InetAddress peer,
            SetupGuard guard) throws IOException {
        Challenge challenge = Challenge.fresh(modules.secretRequired());
        ByteBuffer payload = ByteBuffer.allocate(Challenge.SIZE);
        challenge.encode(payload);
        channel.send(MessageType.CHALLENGE, payload);
        SessionRequest request;
        ByteBuffer encoded;
        byte[] answer = new byte[Challenge.RESPONSE_SIZE];
        try {
            ByteBuffer response = channel.receive(MessageType.AUTH);
            if (response.remaining() != Challenge.RESPONSE_SIZE) {
                throw new ProtocolException("AUTH payload is " + response.remaining() + " bytes");
            }
            response.get(answer);
            encoded = channel.receive(MessageType.REQUEST);
            request = SessionRequest.decode(encoded.duplicate());
        } catch (ProtocolException e) {
            try {
                channel.sendError(ExitCode.DATA_STREAM, "malformed request: " + e.getMessage());
            } catch (IOException unsent) {
                e.addSuppressed(unsent);
            }
            throw e;
        }
        if (request.has(SessionRequest.LIST_MODULES)) {
            // As rsyncd: the list of modules is public; what each holds is behind its own secret.
            channel.send(MessageType.MODULES, modules.listing(peer).encode());
            return null;
        }
        ServedModules.Admission admission;
        try {
            admission = modules.admit(request, peer);
        } catch (RdcpException e) {
            refuse(channel, e);
            throw e;
        }
        byte[] secret = admission.policy().secret();
        if (secret != null && !challenge.required() && Arrays.equals(answer, new byte[Challenge.RESPONSE_SIZE])) {
            // A client without a secret answers zeros: it guessed nothing, so no backoff; it needs telling.
            admission.close();
            refuse(channel, new RdcpException(ExitCode.START_CLIENT_SERVER, "this module requires authentication: "
                    + "give the shared secret with --secret-file"));
        }
        if (secret != null) {
            RdcpException refusal;
            try {
                refusal = guard.answerPasses(() -> challenge.accepts(secret, encoded, answer)) ? null
                        : new RdcpException(ExitCode.START_CLIENT_SERVER, "authentication failed");
            } catch (RdcpException waiting) {
                refusal = waiting;
            } catch (IOException e) {
                admission.close();
                throw e;
            }
            if (refusal != null) {
                admission.close();
                refuse(channel, refusal);
            }
        }
        return admission;
    }

    private TransferOptions options(SessionRequest request, ChmodRules chmod) throws RdcpException {
        try {
            TransferOptions options = new TransferOptions(request.chunkSize(), request.slots(), request.flags(),
                    request.bandwidthLimit(), FilterRules.parse(request.filterRules(),
                            request.has(SessionRequest.DELETE_EXCLUDED)), request.receiver(), chmod);
            requireValid(request);
            if (options.maxPinnedBytes() > TransferOptions.MAX_PINNED) {
                throw new IllegalArgumentException("chunk size × slots and message rings would pin "
                        + (options.maxPinnedBytes() >> 20) + " MiB, over " + (TransferOptions.MAX_PINNED >> 20) + " MiB");
            }
            return options;
        } catch (IllegalArgumentException e) {
            throw new RdcpException(ExitCode.USAGE, "the server refuses the transfer settings: " + e.getMessage());
        }
    }

    /** The owner maps a push carries parse as rsync's (their receiver is this server); a pull carries none. */
    private static void requireValid(SessionRequest request) {
        if (!request.receiver().ownerMaps().any()) {
            return;
        }
        if (request.direction() != SessionRequest.Direction.PUSH) {
            throw new IllegalArgumentException("owner maps are for the receiver, and on a pull that is the client");
        }
        String problem = OwnerMap.syntaxError("--usermap", request.receiver().ownerMaps().usermap());
        if (problem == null) {
            problem = OwnerMap.syntaxError("--groupmap", request.receiver().ownerMaps().groupmap());
        }
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
    }

    private static void receive(BootstrapChannel channel, SessionConfig config, ServedModules.Admission admission,
            DeviceOpening device, TransferOptions options, TransferListener listener, SetupGuard guard) throws IOException {
        SessionRequest request = admission.request();
        ServerPolicy policy = admission.policy();
        Destination destination;
        try {
            if (policy.readOnly()) {
                throw new RdcpException(ExitCode.START_CLIENT_SERVER, "the server is read-only");
            }
            if (admission.paths().size() != 1) {
                throw new ProtocolException("a push names exactly one destination");
            }
            String asked = admission.paths().get(0);
            // Named in messages as the client named it; a daemon's within its root.
            destination = Destination.of(policy.resolve(asked),
                    policy.root() == null ? asked.replaceFirst("(?<=.)/+$", "") : null,
                    request.has(SessionRequest.DESTINATION_IS_DIRECTORY), policy.root(),
                    request.has(SessionRequest.MKPATH));
            destination.requireInside(request.receiver().references());
            destination.requireInside(request.receiver().extended());
            destination.requireInside(request.receiver().backup());
            if (policy.root() == null) {
                // An ssh or a local copy's server: its client shows what it says, as rsync's.
                destination.tellFailuresFirst();
            }
        } catch (RdcpException e) {
            refuse(channel, e);
            return;
        }
        try (Destination prepared = destination) {
            try {
                // Made before accepting, so a directory that cannot be made is refused with its reason
                // (11, as rsync's mkdir failure), not seen by the client as a connection gone.
                prepared.prepare(options.dryRun());
            } catch (IOException e) {
                // The reason alone: the exception's own text holds the server's path.
                refuse(channel, e instanceof RdcpException refusal ? refusal
                        : new RdcpException(ExitCode.FILE_IO, prepared.shownTarget() + ": " + PathErrors.reason(e)));
                return;
            }
            // As rsync's daemon, whose verbosity stops short of BACKUP: a daemon tells its clients no backups.
            TransferOptions receiving = policy.root() == null ? options
                    : options.withExtended(ExtendedOptions.INFO_BACKUP, false);
            Accept accept = accept(channel, request, false, device);
            Roles.receive(channel, config, accept.transport(), device, receiving.withNoSuper(policy.noSuper()),
                    prepared, guard.bookkeeping(), listener, guard::setupDone);
        }
    }

    private static void send(BootstrapChannel channel, SessionConfig config, ServedModules.Admission admission,
            DeviceOpening device, TransferOptions options, TransferListener listener, SetupGuard guard) throws IOException {
        SessionRequest request = admission.request();
        ServerPolicy policy = admission.policy();
        List<SourceOperand> sources = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        List<String> paths = admission.paths();
        boolean filesFrom = request.has(SessionRequest.FILES_FROM);
        Path filesFromBase = null;
        if (filesFrom && !paths.isEmpty()) {
            try {
                filesFromBase = policy.resolve(paths.get(0));
            } catch (RdcpException e) {
                refuse(channel, e);
            }
        }
        for (int i = 0; i < paths.size(); i++) {
            String path = paths.get(i);
            try {
                if (filesFrom && i > 0) {
                    // Checked by name only: the sender finds it beneath the root's descriptor, no symlink followed.
                    sources.add(SourceOperand.listed(filesFromBase, SourceOperand.checkedListed(path)));
                } else if (!filesFrom) {
                    SourceOperand asked = SourceOperand.parse(path);
                    Path resolved = policy.resolve(path);
                    // As rsync's daemon: a module's top (or a served root's) stands for its contents,
                    // never for a directory named as it happens to be named on the server's disk.
                    boolean top = policy.root() != null && resolved.equals(policy.root());
                    sources.add(new SourceOperand(resolved, asked.contents() || top, null, null));
                }
            } catch (RdcpException e) {
                refused.add(e.getMessage());
            }
        }
        if (request.has(SessionRequest.REMOVE_SOURCE_FILES) && policy.readOnly()) {
            // As rsyncd: the sender would delete in a module that must not change.
            refuse(channel, new RdcpException(ExitCode.USAGE,
                    "--remove-source-files cannot be used with a read-only module"));
        }
        boolean tree = filesFrom || sources.size() > 1
                || ((request.has(SessionRequest.RECURSIVE)
                        || (request.has(SessionRequest.DIRS) && sources.stream().anyMatch(SourceOperand::contents)))
                        && sources.stream().anyMatch(s -> s.isDirectory(policy.root())));
        Accept accept = accept(channel, request, tree, device);
        Roles.send(channel, config, accept.transport(), device, options, refused, sources, policy.root(),
                guard.bookkeeping(), listener, guard::setupDone);
    }

    /**
     * Picks the transport (TCP when asked; else RDMA if this side has a usable device, and TCP
     * with the reason when it has not, unless the client insists on RDMA) and accepts.
     */
    private static Accept accept(BootstrapChannel channel, SessionRequest request, boolean tree, DeviceOpening device)
            throws IOException {
        Accept accept;
        if (request.has(SessionRequest.TRANSPORT_TCP)) {
            accept = new Accept(tree, TransportKind.TCP, "");
        } else {
            String reason = device.unavailableReason();
            if (reason == null) {
                accept = new Accept(tree, TransportKind.RDMA, "");
            } else {
                if (request.has(SessionRequest.RDMA_ONLY)) {
                    refuse(channel, new RdcpException(ExitCode.RDMA_UNAVAILABLE, "the server cannot use RDMA: "
                            + reason));
                }
                accept = new Accept(tree, TransportKind.TCP, "the server has no usable RDMA device (" + reason + ")");
            }
        }
        ByteBuffer payload = accept.encode();
        channel.send(MessageType.ACCEPT, payload);
        LOG.debug("the transfer runs over {}", accept.transport().label());
        return accept;
    }

    /** Tells the client why, then fails this session with the same error. */
    private static void refuse(BootstrapChannel channel, RdcpException e) throws IOException {
        channel.sendError(e.exitCode(), e.getMessage());
        throw e;
    }

    /**
     * The server has no terminal: per-file outcomes go to the log, peer text escaped. A daemon's
     * log is its operator's; an ssh server's stderr is its client's terminal, which hears of each
     * failure through the session already, so there they are debug lines. Failures and notes are
     * logged up to {@link #MAX_LOGGED_FAILURES}: a client may report, or a sender list, any number.
     */
    private static final class LoggingListener implements TransferListener {
        private final boolean daemon;
        private int failuresLogged;

        LoggingListener(boolean daemon) {
            this.daemon = daemon;
        }

        /** A daemon's log tells each file; an ssh or local server's client does that itself. */
        @Override
        public void fileDone(String name, long bytes) {
            if (daemon) {
                LOG.info("{} ({} bytes)", PeerText.printable(name), bytes);
            } else {
                LOG.debug("{} ({} bytes)", PeerText.printable(name), bytes);
            }
        }

        @Override
        public void fileFailed(int exitCode, String message) {
            if (failuresLogged > MAX_LOGGED_FAILURES) {
                return;
            }
            if (failuresLogged++ == MAX_LOGGED_FAILURES) {
                String more = "further failures and notes of this session are not logged (its summary counts them)";
                if (daemon) {
                    LOG.warn(more);
                } else {
                    LOG.debug(more);
                }
                return;
            }
            if (daemon && exitCode == ExitCode.OK.code()) {
                // A note ("created directory ...", "cannot delete non-empty directory: ..."), not a failure.
                LOG.info("{}", PeerText.printable(message));
            } else if (daemon) {
                LOG.warn("{} (exit code {})", PeerText.printable(message), exitCode);
            } else {
                LOG.debug("{} (exit code {})", PeerText.printable(message), exitCode);
            }
        }
    }
}
