package dev.rdcp.cli;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.transfer.TransferOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rdcp doctor [HOST]}: one screen saying whether a copy can work here (and with HOST), and what to fix. */
@Command(name = "doctor", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Check that a copy can work: libibverbs, the device, its port, link layer, MTU and GID,"
                + " and the locked-memory limit; with HOST also ssh, the remote rdcp, the daemon port, and a 1 MiB"
                + " copy over RDMA there and back.",
            "Exits 0 when all is well, otherwise with the code a copy would meet for the first problem."})
final class DoctorCommand implements Callable<Integer> {

    @Mixin
    LoggingOptions logging;

    @Mixin
    RdmaOptions rdma;

    @Parameters(paramLabel = "[USER@]HOST", arity = "0..1", description = "Also check the way to this host.")
    String host;

    /** With ssh, the checks add BatchMode=yes: a prompt nobody answers would hang the check. */
    @Mixin
    RemoteShellOptions remoteShell;

    @Option(names = "--port", paramLabel = "N", converter = PortConverter.class,
            description = "Daemon port to try on HOST (default: 7471).")
    int port = Location.defaultPort();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        String version = new VersionProvider().getVersion()[0];
        out.println("rdcp doctor: " + version);
        List<Finding> findings = new ArrayList<>();
        Consumer<Finding> report = finding -> {
            findings.add(finding);
            out.println(finding.render());
            out.flush();
        };
        RdmaChecks.run(rdma.sessionConfig().rdma(), report);
        report.accept(MemlockCheck.check(TransferOptions.of(TransferOptions.DEFAULT_CHUNK, 0)
                .pinnedBytes(rdma.sessionConfig().rdma().streamsWanted())));
        if (host != null) {
            RemoteChecks remote = new RemoteChecks(remoteShell, host, port, rdma.timeoutSeconds);
            boolean remoteReady = remote.run(version, report);
            if (remoteReady && findings.stream().noneMatch(f -> f.status() == Finding.Status.FAIL)) {
                report.accept(new RoundTrip(remote, remoteShell, rdma.sessionConfig()).run(host));
            } else {
                report.accept(Finding.warn("RDMA round trip with " + host, "not tried",
                        "fix the problems above first"));
            }
        }
        List<Finding> failed = findings.stream().filter(f -> f.status() == Finding.Status.FAIL).toList();
        out.println(failed.isEmpty() ? "rdcp doctor: all is well"
                : "rdcp doctor: " + failed.size() + (failed.size() == 1 ? " problem" : " problems"));
        out.flush();
        return failed.isEmpty() ? ExitCode.OK.code() : failed.get(0).code().code();
    }
}
