package dev.rdcp.cli;

import dev.rdcp.posix.ProcessMemory;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.session.DaemonModule;
import dev.rdcp.session.ServedModules;
import dev.rdcp.session.Daemon;
import dev.rdcp.session.ServerPolicy;
import dev.rdcp.session.ServerSession;
import dev.rdcp.transfer.StopRequest;
import java.io.IOException;
import java.net.SocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
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
        description = {"Serve a directory (--root: HOST::PATH) or the modules of a config file like rsyncd.conf "
                + "(--config: HOST::MODULE/PATH; also rdcp://HOST[:PORT]/...) to rdcp clients.",
                "At most 16 clients at once; a client must finish its setup (through READY) within --timeout."})
final class ServeCommand implements Callable<Integer> {

    private static final Logger LOG = LogManager.getLogger(ServeCommand.class);
    private static final int MAX_SESSIONS = 16;
    /** glibc's own initial threshold: message rings and smaller stay in the arenas, chunks do not. */
    private static final int LARGE_BLOCK = 128 << 10;
    /** Longer than Daemon.close takes at most, after which the process ends anyway. */
    private static final long STOP_GRACE_SECONDS = 25;

    @Mixin
    LoggingOptions logging;

    @Mixin
    RdmaOptions rdma;

    @Option(names = "--root", paramLabel = "DIR", description = "Serve this directory; no client path leaves it.")
    Path root;

    @Option(names = "--config", paramLabel = "FILE",
            description = "Serve the modules of FILE (rsyncd.conf's syntax: see docs/daemon.md) instead of --root.")
    Path config;

    @Option(names = "--port", paramLabel = "N", converter = PortConverter.Listening.class,
            defaultValue = "" + Daemon.DEFAULT_PORT,
            description = "TCP port for the bootstrap connection (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--bind", paramLabel = "ADDR", description = "Listen on this address only (default: all).")
    String bind;

    @Mixin
    AddressFamilyOptions family;

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

    @Option(names = "--fake-super", description = "As rsyncd's 'fake super = yes': keep what only root may set in"
            + " each file's user.rsync.%%stat attribute when receiving, and read it back when sending.")
    boolean fakeSuper;

    @Option(names = "--no-detach", description = "Accepted, as rsync's daemon takes it under a service manager:"
            + " rdcp serve never detaches.")
    boolean noDetach;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (rdma.timeoutSeconds < 1) {
            // 0 would drop every client at once (or never time out, by rsync's reading): neither is a daemon.
            throw usage("--timeout must be at least 1 second for serve, not " + rdma.timeoutSeconds);
        }
        if ((root == null) == (config == null)) {
            throw usage("give either --root DIR or --config FILE");
        }
        // A stop while starting up is a stop too: the daemon then never serves, and exits 0.
        StopSignals.serving(() -> { }, STOP_GRACE_SECONDS);
        try {
            return config != null ? serveModules() : serveRoot();
        } finally {
            StopSignals.notServing();
        }
    }

    private int serveRoot() throws IOException {
        if (!Files.isDirectory(root)) {
            throw new RdcpException(ExitCode.FILE_SELECTION, "--root " + root + " is not a directory");
        }
        ServeIdentity identity = ServeIdentity.resolve(user, group);
        byte[] secret = secretFile == null ? null : Secrets.readForDaemon(secretFile, !noStrictModes);
        if (secret == null) {
            // Port 0 is one the system picks when the daemon binds, after this line.
            warn("no --secret-file: any client that reaches " + (port == 0 ? "this daemon" : "port " + port)
                    + " can read and write under " + root);
        }
        ServerSession session = new ServerSession(ServerPolicy.daemon(root, readOnly, secret).withFakeSuper(fakeSuper),
                rdma.sessionConfig());
        return serve(session, Daemon.bindAddress(bind, port, family.family()), identity, null,
                root.toAbsolutePath().toString());
    }

    private int serveModules() throws IOException {
        for (String option : List.of("--read-only", "--secret-file", "--no-strict-modes", "--user", "--group",
                "--fake-super")) {
            if (spec.commandLine().getParseResult().hasMatchedOption(option)) {
                throw usage(option + " is for --root; with --config, set it in the file (read only, secrets file, "
                        + "strict modes, uid, gid, fake super)");
            }
        }
        ConfiguredModules loaded = ConfiguredModules.load(config);
        Path logFile = loaded.config().logFile();
        if (logFile != null) {
            String problem = DaemonLog.toFile(logFile);
            if (problem != null) {
                warn("cannot open the log file " + logFile + " (" + problem + "): logging to stderr instead");
            }
        }
        if (loaded.modules().stream().anyMatch(m -> m.serving().transferLogging())) {
            DaemonLog.logTransfers();
        }
        for (DaemonModule module : loaded.modules()) {
            for (String term : module.serving().refusals().unseen()) {
                warn("module [" + module.name() + "]: refuse options: '" + term + "' names no option an rdcp client"
                        + " sends, so it refuses nothing");
            }
            if (module.secret() == null && !module.readOnly()) {
                warn("module [" + module.name() + "] has no secrets file: any client allowed to reach it can write"
                        + " under " + module.path());
            }
        }
        boolean portGiven = spec.commandLine().getParseResult().hasMatchedOption("--port");
        int listenPort = portGiven || loaded.config().port() == null ? port : loaded.config().port();
        String address = bind != null ? bind : loaded.config().address();
        ServerSession session = new ServerSession(ServedModules.named(loaded.modules()), rdma.sessionConfig());
        String served = loaded.modules().stream().map(DaemonModule::name).collect(Collectors.joining(", "));
        return serve(session, Daemon.bindAddress(address, listenPort, family.family()), loaded.identity(),
                loaded.config().pidFile(), "modules " + served);
    }

    /** Serves until stopped; {@code pidFile} (or null) holds the daemon's pid from when it listens until then. */
    private int serve(ServerSession session, SocketAddress address, ServeIdentity identity, Path pidFile, String what)
            throws IOException {
        // A session's memory goes back to the system when it ends, not to its thread's arena.
        try {
            if (!ProcessMemory.returnLargeBlocksWhenFreed(LARGE_BLOCK)) {
                LOG.debug("the C library is not glibc: freed session memory stays with the allocator");
            }
        } catch (IOException e) {
            LOG.warn("freed session memory stays with the allocator: {}", e.getMessage());
        }
        PidFile pid = null;
        try (Daemon daemon = new Daemon(address, session, Duration.ofSeconds(rdma.timeoutSeconds), MAX_SESSIONS)) {
            // Written before dropping root, as rsync's, so that it may live in /run.
            pid = pidFile == null ? null : PidFile.write(pidFile);
            if (identity != null) {
                identity.assume();
                LOG.info("running as uid {}, gid {}", identity.uid(), identity.gid());
            }
            LOG.info("serving {} on port {}", what, daemon.port());
            LOG.info("sessions' buffers may take {} MiB in all (three quarters of the JVM's direct-memory limit: "
                    + "-XX:MaxDirectMemorySize, else the heap's maximum)", daemon.memoryBudget() >> 20);
            spec.commandLine().getOut().println("rdcp: serving " + what + " on port " + daemon.port());
            spec.commandLine().getOut().flush();
            StopSignals.serving(() -> stop(daemon), STOP_GRACE_SECONDS);
            if (!StopRequest.requested()) {
                daemon.serve();
            }
        } finally {
            // Removed once the daemon's sessions have ended.
            if (pid != null) {
                pid.close();
            }
        }
        return ExitCode.OK.code();
    }

    /** On SIGTERM, SIGINT or SIGHUP: no new sessions; those running end and clean up, then serve returns. */
    private static void stop(Daemon daemon) {
        LOG.info("stopping: no new sessions; waiting for those running to end");
        try {
            daemon.close();
        } catch (IOException e) {
            LOG.warn("stopping: {}", e.getMessage());
        }
    }

    private void warn(String message) {
        spec.commandLine().getErr().println("rdcp: warning: " + message);
        spec.commandLine().getErr().flush();
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
