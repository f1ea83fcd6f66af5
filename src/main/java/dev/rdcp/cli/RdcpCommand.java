package dev.rdcp.cli;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.session.ClientSession;
import dev.rdcp.session.SessionConfig;
import dev.rdcp.session.SourceList;
import dev.rdcp.session.SshServerMode;
import dev.rdcp.session.SshServerProcess;
import dev.rdcp.transfer.Destination;
import dev.rdcp.transfer.TransferListener;
import dev.rdcp.transfer.TransferOptions;
import dev.rdcp.transfer.TransferReport;
import dev.rdcp.transport.BootstrapChannel;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rdcp [OPTIONS] SRC... DEST}: copy files to or from another host over RDMA. */
@Command(name = "rdcp",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {"Copy files over RDMA (InfiniBand, RoCE), like rsync or scp.", "",
            "  rdcp FILE... [USER@]HOST:PATH     push over ssh",
            "  rdcp [USER@]HOST:PATH... DEST     pull over ssh",
            "  rdcp FILE... HOST::PATH           push to an 'rdcp serve' daemon (also rdcp://HOST[:PORT]/PATH)",
            "  rdcp devices                      list RDMA devices", ""},
        subcommands = {DevicesCommand.class, ServeCommand.class},
        usageHelpAutoWidth = true)
final class RdcpCommand implements Callable<Integer> {

    private static final long CONNECT_TIMEOUT_MS = 10_000;

    @Mixin
    LoggingOptions logging;

    @Mixin
    RdmaOptions rdma;

    @Parameters(paramLabel = "SRC... DEST", arity = "0..*", description = "Sources, then the destination.")
    List<String> operands = new ArrayList<>();

    @Option(names = {"-a", "--archive"}, description = "Archive mode: implies -t -p.")
    boolean archive;

    @Option(names = {"-t", "--times"}, description = "Preserve modification times.")
    boolean times;

    @Option(names = {"-p", "--perms"}, description = "Preserve permissions.")
    boolean perms;

    @Option(names = "--progress", description = "Show progress per file and a summary.")
    boolean progress;

    @Option(names = "--chunk-size", paramLabel = "SIZE", converter = SizeConverter.class,
            description = "Bytes per RDMA WRITE, a multiple of 4K (default: 1M).")
    int chunkSize = TransferOptions.DEFAULT_CHUNK;

    @Option(names = "--port", paramLabel = "N", description = "Daemon port (default: 7471).")
    int port = Location.defaultPort();

    @Option(names = "--secret-file", paramLabel = "FILE", description = "Shared secret for a daemon that requires one.")
    Path secretFile;

    @Option(names = {"-e", "--rsh"}, paramLabel = "COMMAND", defaultValue = "ssh",
            description = "Remote shell for HOST:PATH (default: ${DEFAULT-VALUE}).")
    String rsh;

    @Option(names = "--rdcp-path", paramLabel = "PROGRAM", defaultValue = "rdcp",
            description = "rdcp on the remote host (default: ${DEFAULT-VALUE}).")
    String rdcpPath;

    @Option(names = "--server", hidden = true, description = "Serve one client over ssh (started by rdcp itself).")
    boolean server;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        if (server) {
            return SshServerMode.run(rdma.sessionConfig(), out).exitCode();
        }
        if (operands.size() < 2) {
            if (operands.isEmpty()) {
                spec.commandLine().usage(out);
                return ExitCode.OK.code();
            }
            throw new CommandLine.ParameterException(spec.commandLine(), "missing destination: rdcp SRC... DEST");
        }
        TransferOptions options;
        try {
            options = new TransferOptions(chunkSize, TransferOptions.DEFAULT_SLOTS, TransferOptions.DEFAULT_WINDOW_CHUNKS,
                    times || archive, perms || archive);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--chunk-size: " + e.getMessage());
        }
        List<Location> sources = new ArrayList<>();
        for (String operand : operands.subList(0, operands.size() - 1)) {
            sources.add(parse(operand));
        }
        Location destination = parse(operands.get(operands.size() - 1));

        TransferReport report = new TransferReport(listener(out));
        if (destination.isRemote()) {
            push(sources, destination, options, report);
        } else {
            pull(sources, destination, options, report);
        }
        report.finish();
        if (progress || logging.isVerbose()) {
            out.printf("%d file(s), %,d bytes in %.3f s (%s)%n", report.filesDone(), report.bytesDone(), report.seconds(),
                    ProgressPrinter.rate(report.bytesDone() / Math.max(report.seconds(), 1e-9)));
            out.flush();
        }
        return report.exitCode();
    }

    private Location parse(String operand) {
        try {
            return Location.parse(operand, port);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private TransferListener listener(PrintWriter out) {
        PrintWriter err = spec.commandLine().getErr();
        TransferListener display = progress ? new ProgressPrinter(out, System.console() != null) : TransferListener.NONE;
        return new TransferListener() {
            @Override
            public void fileStarted(String name, long size) {
                display.fileStarted(name, size);
            }

            @Override
            public void progress(long done) {
                display.progress(done);
            }

            @Override
            public void fileDone(String name, long size) {
                display.fileDone(name, size);
            }

            @Override
            public void fileFailed(int exitCode, String message) {
                err.println("rdcp: " + message);
                err.flush();
            }
        };
    }

    private void push(List<Location> sources, Location destination, TransferOptions options, TransferReport report)
            throws IOException, InterruptedException {
        if (sources.stream().anyMatch(Location::isRemote)) {
            throw usage("copy between two remote hosts is not supported: one side must be local");
        }
        SourceList list = SourceList.collect(sources.stream().map(l -> Path.of(l.path())).toList());
        if (list.files().isEmpty()) {
            list.problems().forEach(p -> report.fileFailed(SourceList.PROBLEM_CODE, p));
            return;
        }
        boolean intoDirectory = destination.namesDirectory() || sources.size() > 1;
        withServer(destination, session -> session.push(list, destination.path(), intoDirectory, options, report));
    }

    private void pull(List<Location> sources, Location destination, TransferOptions options, TransferReport report)
            throws IOException, InterruptedException {
        Location remote = sources.get(0);
        if (!remote.isRemote()) {
            throw usage("one of SRC or DEST must be remote ([USER@]HOST:PATH, HOST::PATH or rdcp://HOST/PATH)");
        }
        if (!sources.stream().allMatch(remote::sameRemote)) {
            throw usage("all sources must be on the same remote host");
        }
        Destination local = Destination.of(Path.of(destination.path()),
                destination.namesDirectory() || sources.size() > 1, null);
        List<String> paths = sources.stream().map(Location::path).toList();
        withServer(remote, session -> session.pull(paths, local, options, report));
    }

    /** One session with the remote end: a daemon reached directly, or an rdcp started over ssh. */
    @FunctionalInterface
    private interface SessionAction {
        void run(ClientSession session) throws IOException;
    }

    private void withServer(Location remote, SessionAction action) throws IOException, InterruptedException {
        SessionConfig config = rdma.sessionConfig();
        Duration timeout = Duration.ofSeconds(rdma.timeoutSeconds);
        if (remote.kind() == Location.Kind.DAEMON) {
            byte[] secret = secretFile == null ? null : Secrets.read(secretFile);
            try (BootstrapChannel channel = new BootstrapChannel(connect(remote.host(), remote.port()), timeout)) {
                action.run(new ClientSession(channel, config, secret));
            }
            return;
        }
        List<String> shell = Arrays.asList(rsh.trim().split("\\s+"));
        try (SshServerProcess ssh = SshServerProcess.start(shell, remote.userAtHost(), rdcpPath, List.of(),
                rdma.timeoutSeconds)) {
            try (BootstrapChannel channel = new BootstrapChannel(connect(remote.host(), ssh.port()), timeout)) {
                action.run(new ClientSession(channel, config, ssh.token()));
            }
            // The session already reported every failure; this only lets the remote rdcp exit cleanly.
            ssh.waitFor(rdma.timeoutSeconds);
        }
    }

    private static Socket connect(String host, int port) throws IOException {
        Socket socket = new Socket();
        try {
            socket.connect(new InetSocketAddress(host, port), (int) CONNECT_TIMEOUT_MS);
        } catch (IOException e) {
            socket.close();
            throw new RdcpException(ExitCode.SOCKET_IO, "cannot connect to " + host + " port " + port + ": "
                    + e.getMessage());
        }
        return socket;
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
