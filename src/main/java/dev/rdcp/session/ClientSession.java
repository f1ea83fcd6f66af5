package dev.rdcp.session;

import dev.rdcp.protocol.Challenge;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.MessageType;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.transfer.Destination;
import dev.rdcp.transfer.TransferListener;
import dev.rdcp.transfer.TransferOptions;
import dev.rdcp.transport.BootstrapChannel;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;

/** The client half of a copy: asks the server for a push or a pull, then plays sender or receiver. */
public final class ClientSession {

    private final BootstrapChannel channel;
    private final SessionConfig config;
    private final byte[] secret;

    /** @param secret the shared secret or one-time token, or null */
    public ClientSession(BootstrapChannel channel, SessionConfig config, byte[] secret) {
        this.channel = channel;
        this.config = config;
        this.secret = secret;
    }

    /** Sends {@code sources} to {@code remoteDestination}; reports skipped sources first. */
    public void push(SourceList sources, String remoteDestination, boolean destinationIsDirectory,
            TransferOptions options, TransferListener listener) throws IOException {
        int flags = flags(options) | (destinationIsDirectory ? SessionRequest.DESTINATION_IS_DIRECTORY : 0);
        negotiate(new SessionRequest(SessionRequest.Direction.PUSH, flags, options.chunkSize(), options.slots(),
                List.of(remoteDestination)));
        Roles.send(channel, config, options, sources.problems(), sources.files(), listener);
    }

    /** Receives {@code remoteSources} into {@code destination}. */
    public void pull(List<String> remoteSources, Destination destination, TransferOptions options,
            TransferListener listener) throws IOException {
        negotiate(new SessionRequest(SessionRequest.Direction.PULL, flags(options), options.chunkSize(),
                options.slots(), remoteSources));
        Roles.receive(channel, config, options, destination, listener);
    }

    private static int flags(TransferOptions options) {
        return (options.preserveTimes() ? SessionRequest.PRESERVE_TIMES : 0)
                | (options.preservePermissions() ? SessionRequest.PRESERVE_PERMISSIONS : 0);
    }

    /** Hello, authentication, request; returns once the server accepted. */
    private void negotiate(SessionRequest request) throws IOException {
        channel.handshake();
        Challenge challenge = Challenge.decode(channel.receive(MessageType.CHALLENGE));
        if (challenge.required() && secret == null) {
            throw new RdcpException(ExitCode.START_CLIENT_SERVER,
                    "the server requires authentication: give the shared secret with --secret-file");
        }
        channel.send(MessageType.AUTH, ByteBuffer.allocate(Challenge.RESPONSE_SIZE).put(challenge.response(secret)));
        ByteBuffer encoded = request.encode();
        channel.send(MessageType.REQUEST, encoded.position(encoded.limit()));
        channel.receive(MessageType.ACCEPT);
    }
}
