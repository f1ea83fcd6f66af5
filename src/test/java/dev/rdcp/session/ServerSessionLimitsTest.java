package dev.rdcp.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.Challenge;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.MessageType;
import dev.rdcp.protocol.OwnerMaps;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.ReceiverSettings;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.transport.BootstrapChannel;
import dev.rdcp.transport.RdmaSettings;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** What a client may ask the server to allocate is bounded before anything is allocated. */
@Timeout(60)
class ServerSessionLimitsTest {

    @TempDir
    Path root;

    /**
     * 65,535 slots of 4 KiB stay under the 256 MiB staging cap, but each slot also costs
     * registered control-message buffers: about 2 GiB of them.
     */
    @Test
    void aRequestForTensOfThousandsOfSlotsIsRefusedWithAnError() throws Exception {
        assertRefused(4096, 65_535, "slots");
    }

    /**
     * Four 64 MiB chunks fit the old 256 MiB staging cap exactly, but with the message rings (and,
     * before the pool, the sender's 16-chunk source windows) they pin more than the one budget.
     */
    @Test
    void aRequestWhosePinnedMemoryExceedsTheBudgetIsRefusedWithAnError() throws Exception {
        assertRefused(64 << 20, 4, "pin");
    }

    /** A client checks its maps as rsync does; a daemon checks them again, before ACCEPT. */
    @Test
    void malformedOwnerMapsAreRefusedWithRsyncsMessage() throws Exception {
        assertRefused(new SessionRequest(SessionRequest.Direction.PUSH,
                SessionRequest.DESTINATION_IS_DIRECTORY | SessionRequest.OWNERS | SessionRequest.OWNER_MAPS, 4096, 8, 0,
                List.of("in/"), List.of(), ReceiverSettings.NONE.withOwnerMaps(new OwnerMaps("root", ""))),
                "No colon found in --usermap: root");
    }

    /** On a pull the client receives and applies its maps: a server is never sent them. */
    @Test
    void ownerMapsOnAPullAreRefused() throws Exception {
        assertRefused(new SessionRequest(SessionRequest.Direction.PULL, SessionRequest.GROUPS | SessionRequest.OWNER_MAPS,
                4096, 8, 0, List.of("in/"), List.of(), ReceiverSettings.NONE.withOwnerMaps(new OwnerMaps("", "*:0"))),
                "owner maps");
    }

    private void assertRefused(int chunkSize, int slots, String reason) throws Exception {
        assertRefused(new SessionRequest(SessionRequest.Direction.PUSH, SessionRequest.DESTINATION_IS_DIRECTORY,
                chunkSize, slots, 0, List.of("in/"), List.of()), reason);
    }

    private void assertRefused(SessionRequest sent, String reason) throws Exception {
        Files.createDirectory(root.resolve("in"));
        ServerSession session = new ServerSession(ServerPolicy.daemon(root, false, null),
                new SessionConfig(RdmaSettings.defaults(), 5));
        try (OneSessionServer server = new OneSessionServer(session)) {
            try (BootstrapChannel client = server.connect()) {
                client.handshake();
                Challenge challenge = Challenge.decode(client.receive(MessageType.CHALLENGE));
                ByteBuffer request = sent.encode().rewind();
                client.send(MessageType.AUTH, ByteBuffer.allocate(Challenge.RESPONSE_SIZE)
                        .put(challenge.response(null, request)));
                client.send(MessageType.REQUEST, request.position(request.limit()));
                IOException refused = assertThrows(IOException.class,
                        () -> client.receive(MessageType.ACCEPT));
                assertInstanceOf(RdcpException.class, refused, refused::toString);
                assertEquals(ExitCode.USAGE, ((RdcpException) refused).exitCode(), refused::getMessage);
                assertTrue(refused.getMessage().contains(reason), refused.getMessage());
            }
            assertInstanceOf(RdcpException.class, server.awaitEnd());
        }
    }
}
