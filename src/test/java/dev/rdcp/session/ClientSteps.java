package dev.rdcp.session;

import dev.rdcp.protocol.Challenge;
import dev.rdcp.protocol.MessageType;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.transport.BootstrapChannel;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;

/** A well-behaved client's setup, step by step, for tests that misbehave after it. */
final class ClientSteps {

    private ClientSteps() {
    }

    /** Hello, AUTH with {@code secret} (or none) and a push REQUEST to {@code destination}; the answer is left unread. */
    static void requestPush(BootstrapChannel channel, byte[] secret, long flags, String destination) throws IOException {
        answerWithPush(channel, greet(channel), secret, flags, destination);
    }

    /** Hello, then the server's challenge. */
    static Challenge greet(BootstrapChannel channel) throws IOException {
        channel.handshake();
        return Challenge.decode(channel.receive(MessageType.CHALLENGE));
    }

    /** AUTH answering {@code challenge} with {@code secret} (or none), and a push REQUEST to {@code destination}. */
    static void answerWithPush(BootstrapChannel channel, Challenge challenge, byte[] secret, long flags,
            String destination) throws IOException {
        ByteBuffer request = new SessionRequest(SessionRequest.Direction.PUSH, flags, 1 << 20, 8, 0,
                List.of(destination), List.of()).encode().rewind();
        channel.send(MessageType.AUTH, ByteBuffer.allocate(Challenge.RESPONSE_SIZE)
                .put(challenge.response(secret, request)));
        channel.send(MessageType.REQUEST, request.position(request.limit()));
    }
}
