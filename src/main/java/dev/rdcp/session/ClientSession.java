package dev.rdcp.session;

import dev.rdcp.filter.FilterRules;
import dev.rdcp.protocol.OwnerMaps;
import dev.rdcp.protocol.PartialDirectory;
import dev.rdcp.protocol.Accept;
import dev.rdcp.protocol.Challenge;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ExtendedOptions;
import dev.rdcp.protocol.Frames;
import dev.rdcp.protocol.MessageType;
import dev.rdcp.protocol.ModuleList;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.ReceiverSettings;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.protocol.TransportKind;
import dev.rdcp.transfer.BookkeepingPool;
import dev.rdcp.transfer.Destination;
import dev.rdcp.transfer.SourceOperand;
import dev.rdcp.transfer.TransferListener;
import dev.rdcp.transfer.TransferOptions;
import dev.rdcp.transport.BootstrapChannel;
import dev.rdcp.transport.DeviceOpening;
import dev.rdcp.verbs.RdmaUnavailableException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/** The client half of a copy: asks the server for a push or a pull, then plays sender or receiver. */
public final class ClientSession {

    private static final Logger LOG = LogManager.getLogger(ClientSession.class);

    private final BootstrapChannel channel;
    private final SessionConfig config;
    private final byte[] secret;
    private final DeviceOpening device;
    /** A local copy's: the server is this command's too, so it is told --fake-super. */
    private final boolean serverIsLocal;

    /**
     * @param secret the shared secret or one-time token, or null
     * @param device the RDMA device being opened for this session ({@link #openDevice}); the caller
     *     owns it and closes it after the session
     */
    public ClientSession(BootstrapChannel channel, SessionConfig config, byte[] secret, DeviceOpening device) {
        this(channel, config, secret, device, false);
    }

    /** @param serverIsLocal the server is a local copy's, in this process */
    public ClientSession(BootstrapChannel channel, SessionConfig config, byte[] secret, DeviceOpening device,
            boolean serverIsLocal) {
        this.channel = channel;
        this.config = config;
        this.secret = secret;
        this.device = device;
        this.serverIsLocal = serverIsLocal;
    }

    /** Lists and sends {@code sources} to {@code remoteDestination}. */
    public void push(List<SourceOperand> sources, String remoteDestination, boolean destinationIsDirectory,
            TransferOptions options, TransferListener listener) throws IOException {
        Challenge challenge = greet(true);
        String localReason = localFallbackReason();
        // As rsync's client, which applies --fake-super where it runs and never tells a remote side:
        // pushed to a host, a tree it stored is restored there by a receiver acting as what it is.
        long flags = options.flags() | (destinationIsDirectory ? SessionRequest.DESTINATION_IS_DIRECTORY : 0)
                | transportFlags(localReason);
        Accept accept = negotiate(challenge,
                request(SessionRequest.Direction.PUSH, flags, serverIsLocal ? options : options.withFakeSuper(false),
                        List.of(remoteDestination)));
        announce(accept, localReason, listener);
        Roles.send(channel, config, accept.transport(), device, options, List.of(), sources, listener, () -> { });
    }

    /**
     * Receives {@code remoteSources} into {@code target}: a directory when {@code directory} says
     * so or the server says a tree or several files are coming.
     */
    public void pull(List<String> remoteSources, Path target, boolean directory, TransferOptions asked,
            TransferListener listener) throws IOException {
        // The receiver is this side, which counts what it makes and deletes itself: its END, and
        // so the request, carry no counts (the server's sender would read what the request says).
        TransferOptions options = asked.withExtended(ExtendedOptions.RECEIVER_COUNTS, false);
        Challenge challenge = greet(true);
        String localReason = localFallbackReason();
        Accept accept = negotiate(challenge, request(SessionRequest.Direction.PULL,
                options.flags() | transportFlags(localReason), options, remoteSources));
        announce(accept, localReason, listener);
        try (Destination destination = Destination.forPull(target, directory || accept.tree(),
                options.has(SessionRequest.MKPATH))) {
            Roles.receive(channel, config, accept.transport(), device, options, destination,
                    BookkeepingPool.unbounded(), listener, () -> { });
        }
    }

    /**
     * The device a session with {@code config} will want, opening from now on (nothing when TCP was
     * asked for): start it before connecting, so that loading libibverbs and opening the device
     * overlap the connection, ssh's start and the handshake instead of following them.
     */
    public static DeviceOpening openDevice(SessionConfig config) {
        return config.transport() == TransportChoice.TCP ? DeviceOpening.none() : DeviceOpening.start(config.rdma());
    }

    /**
     * With --transport auto: why this side cannot use RDMA, or null when it can. With
     * --transport rdma, or a device named with --device, a missing device fails here (exit 40),
     * before the server is bothered: naming a device asks for RDMA on it.
     */
    private String localFallbackReason() throws IOException {
        if (config.transport() == TransportChoice.TCP) {
            return null;
        }
        String reason = device.unavailableReason();
        if (reason != null && (config.transport() == TransportChoice.RDMA || config.rdma().deviceName() != null)) {
            throw new RdmaUnavailableException(reason);
        }
        return reason == null ? null : "no usable RDMA device here (" + reason + ")";
    }

    private long transportFlags(String localReason) {
        return switch (config.transport()) {
            case TCP -> SessionRequest.TRANSPORT_TCP;
            case RDMA -> SessionRequest.RDMA_ONLY;
            case AUTO -> localReason != null ? SessionRequest.TRANSPORT_TCP : 0;
        };
    }

    private void announce(Accept accept, String localReason, TransferListener listener) {
        String reason = "";
        if (config.transport() == TransportChoice.AUTO && accept.transport() == TransportKind.TCP) {
            reason = localReason != null ? localReason : accept.fallbackReason();
        }
        LOG.debug("the transfer runs over {}", accept.transport().label());
        listener.transportChosen(accept.transport().label(), reason);
    }

    private static SessionRequest request(SessionRequest.Direction direction, long flags, TransferOptions options,
            List<String> paths) {
        // A receiving server applies the owner maps, the partial directory, the modify window and
        // the --temp-dir, --super and --fake-super; on a pull the client receives and applies them
        // itself, so the request leaves them out (as rsync's client sends --super only when it sends).
        // Each side is sent the filter rules it uses.
        ReceiverSettings receiver = direction == SessionRequest.Direction.PUSH ? options.receiver()
                : options.receiver().withOwnerMaps(OwnerMaps.NONE).withPartialDirectory(PartialDirectory.NONE)
                        .withModifyWindow(0).withExtended(options.receiver().extended().withTempDirectory("")
                                .with(ExtendedOptions.SUPER, false).with(ExtendedOptions.FAKE_SUPER, false));
        return new SessionRequest(direction, (flags & ~(SessionRequest.PARTIAL_DIR | SessionRequest.MODIFY_WINDOW))
                        | (receiver.ownerMaps().any() ? SessionRequest.OWNER_MAPS : 0)
                        | (receiver.partialDirectory().any() ? SessionRequest.PARTIAL_DIR : 0)
                        | (receiver.modifyWindow() != 0 ? SessionRequest.MODIFY_WINDOW : 0),
                options.chunkSize(), options.slots(), options.bandwidthLimit(), paths,
                options.filters().forPeer(direction == SessionRequest.Direction.PUSH ? FilterRules.Side.RECEIVER
                        : FilterRules.Side.SENDER),
                receiver);
    }

    /**
     * rsync's {@code HOST::} alone: the daemon's modules, or a list that says it serves one
     * directory. The list is public: without a secret the authentication is left blank.
     */
    public ModuleList modules(TransferOptions options) throws IOException {
        send(greet(false), request(SessionRequest.Direction.PULL, options.flags() | SessionRequest.LIST_MODULES,
                options, List.of(".")));
        return ModuleList.decode(channel.receive(MessageType.MODULES));
    }

    /** Sends the request in answer to {@code challenge}; returns once the server accepted. */
    private Accept negotiate(Challenge challenge, SessionRequest request) throws IOException {
        send(challenge, request);
        Accept accept;
        try {
            accept = Accept.decode(channel.receive(MessageType.ACCEPT));
        } catch (RdcpException e) {
            if (e.getMessage() == null || !e.getMessage().contains("unknown extended flags")) {
                throw e;
            }
            // A server of an older release, which refuses every copy of this one (extended flag 9).
            throw new RdcpException(e.exitCode(), "the server's rdcp is an older release than this one and refuses"
                    + " its requests (unknown extended flags): upgrade it to this release");
        }
        LOG.debug("the server accepted the request");
        return accept;
    }

    /** Hello, then the server's challenge; with {@code needsSecret}, refuses one it cannot answer. */
    private Challenge greet(boolean needsSecret) throws IOException {
        channel.handshake();
        Challenge challenge = Challenge.decode(channel.receive(MessageType.CHALLENGE));
        if (needsSecret && challenge.required() && secret == null) {
            throw new RdcpException(ExitCode.START_CLIENT_SERVER,
                    "the server requires authentication: give the shared secret with --secret-file");
        }
        return challenge;
    }

    /** The challenge's answer, which covers the request, then the request. */
    private void send(Challenge challenge, SessionRequest request) throws IOException {
        ByteBuffer encoded = request.encode();
        if (encoded.limit() > Frames.MAX_PAYLOAD) {
            throw new RdcpException(ExitCode.USAGE, "too many paths or filter rules for one request");
        }
        channel.send(MessageType.AUTH, ByteBuffer.allocate(Challenge.RESPONSE_SIZE)
                .put(challenge.response(secret, encoded.duplicate().rewind())));
        channel.send(MessageType.REQUEST, encoded.position(encoded.limit()));
    }
}
