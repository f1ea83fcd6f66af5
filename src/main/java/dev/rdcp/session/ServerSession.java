package dev.rdcp.session;

import dev.rdcp.protocol.Challenge;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.MessageType;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.transfer.Destination;
import dev.rdcp.transfer.TransferListener;
import dev.rdcp.transfer.TransferOptions;
import dev.rdcp.transfer.TransferReport;
import dev.rdcp.transport.BootstrapChannel;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/** The server half of a copy: checks the client, resolves its request under the policy, then plays its role. */
public final class ServerSession {

    private static final Logger LOG = LogManager.getLogger(ServerSession.class);
    /** Staging memory one client may make the server register. */
    private static final long MAX_STAGING = 256L << 20;

    private final ServerPolicy policy;
    private final SessionConfig config;

    public ServerSession(ServerPolicy policy, SessionConfig config) {
        this.policy = policy;
        this.config = config;
    }

    /** Serves one client on {@code channel}; returns the tally of files moved. */
    public TransferReport serve(BootstrapChannel channel) throws IOException {
        channel.handshake();
        authenticate(channel);
        SessionRequest request = SessionRequest.decode(channel.receive(MessageType.REQUEST));
        TransferReport report = new TransferReport(new LoggingListener());
        TransferOptions options;
        try {
            options = options(request);
        } catch (RdcpException e) {
            refuse(channel, e);
            return report;
        }
        try {
            if (request.direction() == SessionRequest.Direction.PUSH) {
                receive(channel, request, options, report);
            } else {
                send(channel, request, options, report);
            }
        } finally {
            report.finish();
        }
        return report;
    }

    private void authenticate(BootstrapChannel channel) throws IOException {
        Challenge challenge = Challenge.fresh(policy.secret() != null);
        ByteBuffer payload = ByteBuffer.allocate(Challenge.SIZE);
        challenge.encode(payload);
        channel.send(MessageType.CHALLENGE, payload);
        ByteBuffer response = channel.receive(MessageType.AUTH);
        if (response.remaining() != Challenge.RESPONSE_SIZE) {
            throw new ProtocolException("AUTH payload is " + response.remaining() + " bytes");
        }
        byte[] answer = new byte[Challenge.RESPONSE_SIZE];
        response.get(answer);
        if (challenge.required() && !challenge.accepts(policy.secret(), answer)) {
            refuse(channel, new RdcpException(ExitCode.START_CLIENT_SERVER, "authentication failed"));
        }
    }

    private TransferOptions options(SessionRequest request) throws RdcpException {
        try {
            TransferOptions options = new TransferOptions(request.chunkSize(), request.slots(),
                    TransferOptions.DEFAULT_WINDOW_CHUNKS, request.has(SessionRequest.PRESERVE_TIMES),
                    request.has(SessionRequest.PRESERVE_PERMISSIONS));
            if ((long) options.chunkSize() * options.slots() > MAX_STAGING) {
                throw new IllegalArgumentException("chunk size × slots over " + (MAX_STAGING >> 20) + " MiB");
            }
            return options;
        } catch (IllegalArgumentException e) {
            throw new RdcpException(ExitCode.USAGE, "the server refuses the transfer settings: " + e.getMessage());
        }
    }

    private void receive(BootstrapChannel channel, SessionRequest request, TransferOptions options,
            TransferReport report) throws IOException {
        Destination destination;
        try {
            if (policy.readOnly()) {
                throw new RdcpException(ExitCode.START_CLIENT_SERVER, "the server is read-only");
            }
            if (request.paths().size() != 1) {
                throw new ProtocolException("a push names exactly one destination");
            }
            destination = Destination.of(policy.resolve(request.paths().get(0)),
                    request.has(SessionRequest.DESTINATION_IS_DIRECTORY), policy.root());
        } catch (RdcpException e) {
            refuse(channel, e);
            return;
        }
        channel.send(MessageType.ACCEPT, ByteBuffer.allocate(0));
        Roles.receive(channel, config, options, destination, report);
    }

    private void send(BootstrapChannel channel, SessionRequest request, TransferOptions options,
            TransferReport report) throws IOException {
        List<Path> paths = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        for (String path : request.paths()) {
            try {
                paths.add(policy.resolve(path));
            } catch (RdcpException e) {
                refused.add(e.getMessage());
            }
        }
        SourceList sources = SourceList.collect(paths);
        channel.send(MessageType.ACCEPT, ByteBuffer.allocate(0));
        refused.addAll(sources.problems());
        Roles.send(channel, config, options, refused, sources.files(), report);
    }

    /** Tells the client why, then fails this session with the same error. */
    private static void refuse(BootstrapChannel channel, RdcpException e) throws IOException {
        channel.sendError(e.exitCode(), e.getMessage());
        throw e;
    }

    /** The server has no terminal: per-file outcomes go to the log. */
    private static final class LoggingListener implements TransferListener {
        @Override
        public void fileDone(String name, long size) {
            LOG.info("{} ({} bytes)", name, size);
        }

        @Override
        public void fileFailed(int exitCode, String message) {
            LOG.warn("{} (exit code {})", message, exitCode);
        }
    }
}
