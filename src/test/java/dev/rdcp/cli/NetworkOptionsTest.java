package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.abort;

import dev.rdcp.session.ServedModules;
import dev.rdcp.session.ServerPolicy;
import java.io.IOException;
import java.net.BindException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * -4, -6 and --address, as rsync's client takes them: the family of the addresses it connects
 * to, -4 or -6 handed to ssh, and the local address its connection leaves from.
 */
@Timeout(120)
class NetworkOptionsTest {

    @TempDir
    Path tmp;

    private Path file;

    @BeforeEach
    void source() throws IOException {
        RsyncComparison.requireRsync();
        file = Files.writeString(tmp.resolve("f"), "data\n");
    }

    /** A stand-in for the remote shell named {@code name}: it writes its arguments to "args", one a line, and fails. */
    private Path recordingShell(String name) throws IOException {
        Path shell = Files.createDirectories(tmp.resolve("bin")).resolve(name);
        Files.writeString(shell, "#!/bin/sh\nprintf '%s\\n' \"$0\" \"$@\" > '" + tmp.resolve("args") + "'\nexit 1\n");
        Files.setPosixFilePermissions(shell, PosixFilePermissions.fromString("rwxr-xr-x"));
        return shell;
    }

    /** The remote shell's arguments up to the host "h": what rsync and rdcp choose alike. */
    private List<String> shellArgumentsUpToHost() throws IOException {
        List<String> args = Files.readAllLines(tmp.resolve("args"));
        return args.subList(0, args.indexOf("h") + 1);
    }

    private void assertSameShellArguments(String rsh, String... family) throws Exception {
        List<String> rsyncArgs = new ArrayList<>(List.of(family));
        rsyncArgs.addAll(List.of("-e", rsh, "f", "h:dst/"));
        RsyncComparison.run(tmp, rsyncArgs.toArray(String[]::new));
        List<String> rsync = shellArgumentsUpToHost();
        List<String> rdcpArgs = new ArrayList<>(List.of(family));
        rdcpArgs.addAll(List.of("-e", rsh, file.toString(), "h:dst/"));
        Cli.Result result = Cli.rdcp(rdcpArgs.toArray(String[]::new));
        assertEquals(14, result.exitCode(), result::toString);
        assertEquals(rsync, shellArgumentsUpToHost(), "rdcp " + rdcpArgs);
    }

    @Test
    void sshIsGivenTheFamilyBeforeTheHostAsRsyncGivesIt() throws Exception {
        Path ssh = recordingShell("ssh");
        assertSameShellArguments(ssh.toString(), "-4");
        assertEquals(List.of(ssh.toString(), "-4", "h"), shellArgumentsUpToHost());
        assertSameShellArguments(ssh + " -p 2222", "--ipv6");
        assertEquals(List.of(ssh.toString(), "-p", "2222", "-6", "h"), shellArgumentsUpToHost());
        assertSameShellArguments(ssh.toString(), "-4", "-6");
        assertEquals(List.of(ssh.toString(), "-6", "h"), shellArgumentsUpToHost(), "the last one counts");
    }

    @Test
    void aRemoteShellThatIsNotSshIsGivenNothing() throws Exception {
        Path other = recordingShell("other-shell");
        assertSameShellArguments(other.toString(), "-4");
        assertEquals(List.of(other.toString(), "h"), shellArgumentsUpToHost());
    }

    /** rsync and rdcp both fail with 10 where the host has no address of the family asked for. */
    @Test
    void aHostWithoutAnAddressOfTheFamilyIsASocketError() throws Exception {
        assertBothEndWith(10, List.of("-6"), "127.0.0.1");
        assertBothEndWith(10, List.of("-4"), "[::1]");
        Cli.Result result = Cli.rdcp("-6", "--port", "1", file.toString(), "127.0.0.1::x");
        assertEquals("rdcp: cannot connect to 127.0.0.1 port 1: no IPv6 address for 127.0.0.1 (-6)",
                result.err().strip());
    }

    /** --address that cannot be used for the host's address, or is no address at all: 10, as rsync. */
    @Test
    void anUnusableAddressIsASocketError() throws Exception {
        assertBothEndWith(10, List.of("--address=::1"), "127.0.0.1");
        assertBothEndWith(10, List.of("--address=no-such-host.invalid"), "127.0.0.1");
    }

    /**
     * rsync and rdcp with {@code options}, both ending with {@code code}, reaching a listener that
     * never answers: only a failure before connecting ends them at once.
     */
    private void assertBothEndWith(int code, List<String> options, String host) throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = silent.getLocalPort();
            List<String> rsyncArgs = new ArrayList<>(options);
            rsyncArgs.addAll(List.of("f", "rsync://" + host + ":" + port + "/mod/"));
            RsyncComparison.Run rsync = RsyncComparison.run(tmp, rsyncArgs.toArray(String[]::new));
            assertEquals(code, rsync.exitCode(), rsync::output);
            List<String> rdcpArgs = new ArrayList<>(options);
            rdcpArgs.addAll(List.of("--timeout", "10", file.toString(), "rdcp://" + host + ":" + port + "/mod/"));
            Cli.Result rdcp = Cli.rdcp(rdcpArgs.toArray(String[]::new));
            assertEquals(code, rdcp.exitCode(), rdcp::toString);
        }
    }

    /** Both connect from --address: the listener sees 127.0.0.2, a loopback address Linux gives any socket. */
    @Test
    void theConnectionLeavesFromTheAddressAsRsyncs() throws Exception {
        assertEquals(InetAddress.getByName("127.0.0.2"), peerOf(port -> RsyncComparison.run(tmp,
                "--address=127.0.0.2", "f", "rsync://127.0.0.1:" + port + "/mod/")));
        assertEquals(InetAddress.getByName("127.0.0.2"), peerOf(port -> Cli.rdcp("--timeout", "10",
                "--address=127.0.0.2", file.toString(), "rdcp://127.0.0.1:" + port + "/mod/")));
        assertEquals(InetAddress.getByName("127.0.0.1"), peerOf(port -> Cli.rdcp("--timeout", "10",
                file.toString(), "rdcp://127.0.0.1:" + port + "/mod/")), "without --address");
    }

    @FunctionalInterface
    private interface Client {
        Object connect(int port) throws Exception;
    }

    /** The address {@code client}'s connection to a listener on 127.0.0.1 came from; the listener then hangs up. */
    private static InetAddress peerOf(Client client) throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            CompletableFuture<InetAddress> peer = CompletableFuture.supplyAsync(() -> {
                try (Socket accepted = listener.accept()) {
                    return ((InetSocketAddress) accepted.getRemoteSocketAddress()).getAddress();
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            client.connect(listener.getLocalPort());
            return peer.get(30, TimeUnit.SECONDS);
        }
    }

    /**
     * A name with both an IPv4 and an IPv6 address ({@link #rdcpWithDualName}) and a daemon on each: -4 and -6 pick the one of their family, and without either
     * rdcp takes the IPv4 address first, as the JDK orders them.
     */
    @Test
    void theFamilyPicksAmongAHostsAddresses() throws Exception {
        Path ipv4 = Files.createDirectories(tmp.resolve("ipv4"));
        Path ipv6 = Files.createDirectories(tmp.resolve("ipv6"));
        try (InProcessDaemon first = daemon(ipv4, new InetSocketAddress("127.0.0.1", 0));
                InProcessDaemon second = onIpv6Loopback(ipv6, first.port())) {
            pushFromItsOwnJvm(first.port(), "-6", "by-ipv6");
            pushFromItsOwnJvm(first.port(), "-4", "by-ipv4");
            pushFromItsOwnJvm(first.port(), "-v", "by-default");
            assertEquals(List.of("by-ipv6"), names(ipv6));
            assertEquals(List.of("by-default", "by-ipv4"), names(ipv4));
        }
    }

    private static InProcessDaemon daemon(Path root, InetSocketAddress bind) throws IOException {
        return new InProcessDaemon(ServedModules.one(ServerPolicy.daemon(root, false, null)), bind, 30);
    }

    /** A daemon on [::1] and {@code port}, unless this host has no IPv6 loopback or the port is taken there. */
    private static InProcessDaemon onIpv6Loopback(Path root, int port) throws IOException {
        try {
            return daemon(root, new InetSocketAddress(InetAddress.getByName("::1"), port));
        } catch (BindException e) {
            return abort("cannot listen on [::1] port " + port + ": " + e.getMessage());
        }
    }

    private void pushFromItsOwnJvm(int port, String option, String name) throws Exception {
        List<String> command = rdcpWithDualName();
        command.addAll(List.of(option, "--transport", "tcp", "--timeout", "20", "--port", String.valueOf(port),
                file.toString(), "dual::" + name));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), output);
    }

    private static List<String> names(Path dir) throws IOException {
        try (var entries = Files.list(dir)) {
            return entries.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** serve -4 listens on IPv4's wildcard alone, as rsync's daemon: an IPv6 client is refused. */
    @Test
    void serveWithIpv4TakesNoIpv6Client() throws Exception {
        assertServesOnly("127.0.0.1", "::1", "-4");
    }

    /** serve -6 --bind NAME listens on the name's IPv6 address, where without -6 it takes the IPv4 one. */
    @Test
    void serveWithIpv6BindsTheNamesIpv6Address() throws Exception {
        assertServesOnly("::1", "127.0.0.1", "-6", "--bind", "dual");
    }

    /** serve with {@code options} takes a client connecting to {@code reached}, and refuses one to {@code refused}. */
    private void assertServesOnly(String reached, String refused, String... options) throws Exception {
        Process daemon = serve(options);
        try {
            int port = Integer.parseInt(StopScenario.servingPort(daemon));
            new Socket(reached, port).close();
            assertThrows(ConnectException.class, () -> new Socket(refused, port).close());
        } finally {
            daemon.destroy();
        }
    }

    @Test
    void serveWithABindAddressOfTheOtherFamilyFails() throws Exception {
        Process daemon = serve("-4", "--bind", "::1");
        String output = new String(daemon.getInputStream().readAllBytes());
        assertTrue(daemon.waitFor(60, TimeUnit.SECONDS));
        assertEquals(10, daemon.exitValue(), output);
        assertTrue(output.contains("rdcp: cannot listen on ::1: it has no IPv4 address (-4)"), output);
    }

    /** rdcp serve in a JVM of its own that knows the name "dual", on a port of its choice. */
    private Process serve(String... options) throws IOException {
        List<String> command = rdcpWithDualName();
        command.addAll(List.of("serve", "--root", Files.createDirectories(tmp.resolve("served")).toString(),
                "--port", "0", "--timeout", "10"));
        command.addAll(List.of(options));
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }

    /** rdcp's command in a JVM that resolves "dual" to 127.0.0.1 and ::1, from a hosts file of the test's. */
    private List<String> rdcpWithDualName() throws IOException {
        Path hosts = Files.writeString(tmp.resolve("hosts"), "127.0.0.1 dual\n::1 dual\n");
        return new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djdk.net.hosts.file=" + hosts, "-cp", System.getProperty("java.class.path"), "dev.rdcp.cli.Main"));
    }
}
