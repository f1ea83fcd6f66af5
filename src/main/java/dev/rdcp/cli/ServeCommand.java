package dev.rdcp.cli;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.session.Daemon;
import dev.rdcp.session.ServerPolicy;
import dev.rdcp.session.ServerSession;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code rdcp serve}: the daemon. */
@Command(name = "serve", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Serve a directory to rdcp clients (HOST::PATH or rdcp://HOST[:PORT]/PATH).",
                "At most 16 clients at once; a client must finish its setup (through READY) within --timeout."})
final class ServeCommand implements Callable<Integer> {

    private static final Logger LOG = LogManager.getLogger(ServeCommand.class);
    private static final int MAX_SESSIONS = 16;

    @Mixin
    LoggingOptions logging;

    @Mixin
    RdmaOptions rdma;

    @Option(names = "--root", required = true, paramLabel = "DIR", description = "Serve this directory; no client path leaves it.")
    Path root;

    @Option(names = "--port", paramLabel = "N", defaultValue = "" + Daemon.DEFAULT_PORT,
            description = "TCP port for the bootstrap connection (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--bind", paramLabel = "ADDR", description = "Listen on this address only (default: all).")
    String bind;

    @Option(names = "--secret-file", paramLabel = "FILE",
            description = "Clients must prove they know the secret in FILE (challenge-response; it never crosses the wire).")
    Path secretFile;

    @Option(names = "--no-strict-modes", negatable = false,
            description = "Take the secret file even when group or others may access it (as rsync's strict modes = false).")
    boolean noStrictModes;

    @Option(names = "--user", paramLabel = "USER",
            description = "Started as root: become USER (name or uid) once the port is bound.")
    String user;

    @Option(names = "--group", paramLabel = "GROUP",
            description = "Started as root: become GROUP (name or gid; default: USER's group) once the port is bound.")
    String group;

    @Option(names = "--read-only", description = "Refuse uploads.")
    boolean readOnly;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (rdma.timeoutSeconds < 1) {
            // 0 would drop every client at once (or never time out, by rsync's reading): neither is a daemon.
            throw new ParameterException(spec.commandLine(), "--timeout must be at least 1 second for serve, not "
                    + rdma.timeoutSeconds);
        }
        if (!Files.isDirectory(root)) {
            throw new dev.rdcp.protocol.RdcpException(ExitCode.FILE_SELECTION, "--root " + root + " is not a directory");
        }
        ServeIdentity identity = ServeIdentity.resolve(user, group);
        byte[] secret = secretFile == null ? null : Secrets.readForDaemon(secretFile, !noStrictModes);
        if (secret == null) {
            spec.commandLine().getErr().println("rdcp: warning: no --secret-file: any client that reaches port "
                    + port + " can read and write under " + root);
            spec.commandLine().getErr().flush();
        }
        ServerSession session = new ServerSession(ServerPolicy.daemon(root, readOnly, secret), rdma.sessionConfig());
        try (Daemon daemon = new Daemon(Daemon.bindAddress(bind, port), session,
                Duration.ofSeconds(rdma.timeoutSeconds), MAX_SESSIONS)) {
            if (identity != null) {
                identity.assume();
                LOG.info("running as uid {}, gid {}", identity.uid(), identity.gid());
            }
            LOG.info("serving {} on port {}", root, daemon.port());
            spec.commandLine().getOut().println("rdcp: serving " + root.toAbsolutePath() + " on port " + daemon.port());
            spec.commandLine().getOut().flush();
            daemon.serve();
        }
        return ExitCode.OK.code();
    }
}
