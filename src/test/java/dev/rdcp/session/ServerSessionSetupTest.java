package dev.rdcp.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.rdcp.protocol.MessageType;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.transport.BootstrapChannel;
import dev.rdcp.transport.RdmaSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The setup a daemon times as a whole lasts until both queue pairs are ready: an accepted client
 * that never completes the endpoint exchange and READY is still inside its setup deadline.
 */
@Timeout(60)
class ServerSessionSetupTest {

    @TempDir
    Path root;

    @Test
    void anAcceptedRequestDoesNotEndTheSetup() throws Exception {
        Files.createDirectory(root.resolve("in"));
        ServerSession session = new ServerSession(ServerPolicy.daemon(root, false, null),
                new SessionConfig(RdmaSettings.defaults(), 5));
        try (OneSessionServer server = new OneSessionServer(session)) {
            try (BootstrapChannel client = server.connect()) {
                ClientSteps.requestPush(client, null, SessionRequest.DESTINATION_IS_DIRECTORY, "in/");
                client.receive(MessageType.ACCEPT);
            }
            assertNotNull(server.awaitEnd(), "the session cannot have succeeded without an endpoint exchange");
            assertEquals(0, server.setupsDone(), "setup declared done before READY");
        }
    }
}
