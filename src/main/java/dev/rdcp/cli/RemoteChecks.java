package dev.rdcp.cli;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The remote half of {@code rdcp doctor HOST}: ssh reaches HOST without asking for a password,
 * an rdcp of this release runs there, and whether an 'rdcp serve' daemon listens.
 */
final class RemoteChecks {

    /** ssh's own exit status for a failure of ssh rather than of the remote command. */
    private static final int SSH_FAILED = 255;
    private static final int COMMAND_NOT_FOUND = 127;
    private static final int MAX_OUTPUT = 4096;

    private final List<String> shell;
    private final String userAtHost;
    private final String host;
    private final String rdcpPath;
    private final int daemonPort;
    private final long timeoutSeconds;

    RemoteChecks(RemoteShellOptions remoteShell, String userAtHost, int daemonPort, long timeoutSeconds)
            throws RdcpException {
        this.shell = batchMode(remoteShell.shell(), timeoutSeconds);
        this.userAtHost = userAtHost;
        this.host = userAtHost.substring(userAtHost.indexOf('@') + 1);
        this.rdcpPath = remoteShell.rdcpPath;
        this.daemonPort = daemonPort;
        this.timeoutSeconds = timeoutSeconds;
    }

    /** ssh never prompts (a script cannot answer) and gives up on an unreachable host in time. */
    static List<String> batchMode(List<String> remoteShell, long timeoutSeconds) {
        List<String> shell = new ArrayList<>(remoteShell);
        if (shell.get(0).equals("ssh") || shell.get(0).endsWith("/ssh")) {
            shell.addAll(1, List.of("-o", "BatchMode=yes", "-o", "ConnectTimeout=" + timeoutSeconds));
        }
        return shell;
    }

    record Outcome(int status, String output) {
        String lastLine() {
            List<String> lines = output.lines().filter(l -> !l.isBlank()).toList();
            return lines.isEmpty() ? "(no output)" : lines.get(lines.size() - 1);
        }
    }

    /** Reports each check; true when ssh works and runs an rdcp of this release there. */
    boolean run(String localVersion, Consumer<Finding> report) throws IOException, InterruptedException {
        Outcome reach = remote("true");
        boolean ready = false;
        if (reach.status() != 0) {
            report.accept(Finding.fail(ExitCode.IPC, "ssh " + userAtHost, reach.lastLine(),
                    "make 'ssh " + userAtHost + " true' work without a prompt (ssh-copy-id, known_hosts)"));
        } else {
            report.accept(Finding.ok("ssh " + userAtHost, "reachable without a prompt"));
            Finding rdcp = remoteRdcp(localVersion);
            report.accept(rdcp);
            ready = rdcp.status() == Finding.Status.OK;
        }
        report.accept(daemonPort());
        return ready;
    }

    private Finding remoteRdcp(String localVersion) throws IOException, InterruptedException {
        Outcome version = remote(rdcpPath + " --version");
        String subject = "remote " + rdcpPath;
        if (version.status() == COMMAND_NOT_FOUND) {
            return Finding.fail(ExitCode.IPC, subject, "not found on " + host,
                    "install rdcp on " + host + ", or name it with --rdcp-path");
        }
        if (version.status() != 0) {
            return Finding.fail(ExitCode.IPC, subject, "exit " + version.status() + ": " + version.lastLine(),
                    "run 'ssh " + userAtHost + " " + rdcpPath + " --version' and fix what it says");
        }
        String remote = version.lastLine();
        if (!remote.equals(localVersion)) {
            return Finding.fail(ExitCode.PROTOCOL, subject, remote + ", here " + localVersion,
                    "install the same rdcp release on both ends");
        }
        return Finding.ok(subject, remote + ", the same release as here");
    }

    private Finding daemonPort() {
        String subject = "daemon " + host + ":" + daemonPort;
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, daemonPort), (int) TimeUnit.SECONDS.toMillis(timeoutSeconds));
            return Finding.ok(subject, "open");
        } catch (IOException e) {
            return Finding.warn(subject, "not reachable (" + e.getMessage() + ")",
                    "only HOST::PATH needs it: run 'rdcp serve --root DIR' on " + host + " (HOST:PATH works over ssh)");
        }
    }

    Outcome remote(String command) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(shell);
        argv.add(userAtHost);
        argv.add(command);
        Process process = new ProcessBuilder(argv).redirectErrorStream(true).start();
        try (InputStream out = process.getInputStream()) {
            process.getOutputStream().close();
            if (!process.waitFor(timeoutSeconds + 5, TimeUnit.SECONDS)) {
                return new Outcome(SSH_FAILED, "no answer within " + timeoutSeconds + " s");
            }
            byte[] output = out.readNBytes(MAX_OUTPUT);
            return new Outcome(process.exitValue(), new String(output, StandardCharsets.UTF_8));
        } finally {
            process.destroyForcibly();
        }
    }
}
