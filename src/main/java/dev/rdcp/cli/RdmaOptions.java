package dev.rdcp.cli;

import dev.rdcp.session.SessionConfig;
import dev.rdcp.transport.RdmaSettings;
import picocli.CommandLine.Option;

/** Device choice and timeout, shared by the copy and serve commands. */
final class RdmaOptions {

    @Option(names = "--device", paramLabel = "NAME", description = "RDMA device (default: the first one).")
    String device;

    @Option(names = "--ib-port", paramLabel = "N", defaultValue = "1", description = "Device port (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--gid-index", paramLabel = "N", defaultValue = "-1",
            description = "GID table index (default: a RoCE v2 GID, chosen automatically).")
    int gidIndex;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "30", converter = TimeoutConverter.class,
            description = "Give up on a silent peer after this long (default: ${DEFAULT-VALUE}).")
    long timeoutSeconds;

    @Option(names = "--streams", paramLabel = "N", converter = StreamsConverter.class,
            description = "RDMA connections per session, 1 to 16 (default: one per two cores, at most 4; "
                    + "a server: as many as the client asks). TCP carries one.")
    int streams;

    SessionConfig sessionConfig() {
        RdmaSettings defaults = RdmaSettings.defaults();
        return new SessionConfig(new RdmaSettings(device, port, gidIndex, defaults.queueDepth(), streams),
                timeoutSeconds);
    }
}
