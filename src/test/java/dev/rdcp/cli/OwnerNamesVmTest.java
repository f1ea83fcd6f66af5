package dev.rdcp.cli;

import static dev.rdcp.cli.Await.until;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rdcp.posix.ProcessIdentities;
import java.io.IOException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.io.file.PathUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * rsync's owner mapping: without --numeric-ids the receiver gives each file the id that the
 * sender's owner and group names have on the receiver. The daemons here run in a private mount
 * namespace with their own /etc/passwd and /etc/group, where nobody is 7001 and nogroup 7002, so
 * the two ends really disagree on numbers; rsync's daemon in the same kind of namespace is the
 * reference.
 */
@Tag("vm")
@Tag("native-speed")
class OwnerNamesVmTest {

    private Path dir;
    private final List<Process> daemons = new ArrayList<>();

    @BeforeEach
    void tree() throws IOException {
        dir = Files.createTempDirectory(Path.of("/tmp"), "rdcp-owners-");
        Path src = Files.createDirectories(dir.resolve("src/sub"));
        ProcessIdentities.User nobody = ProcessIdentities.user("nobody");
        int nogroup = ProcessIdentities.group("nogroup").orElseThrow();
        own(Files.writeString(dir.resolve("src/named.txt"), "n"), nobody.uid(), nogroup);
        own(Files.writeString(dir.resolve("src/nameless.txt"), "x"), 4321, 4322);
        own(Files.writeString(dir.resolve("src/root.txt"), "r"), 0, 0);
        own(Files.writeString(src.resolve("mixed.txt"), "m"), nobody.uid(), 0);
        own(src, 4321, nogroup);
        Files.createSymbolicLink(dir.resolve("src/link"), Path.of("named.txt"));
        Files.setAttribute(dir.resolve("src/link"), "unix:uid", nobody.uid(), java.nio.file.LinkOption.NOFOLLOW_LINKS);
        // The daemons' own name database: the same names, other numbers.
        Path etc = Files.createDirectories(dir.resolve("etc"));
        Files.writeString(etc.resolve("passwd"), "root:x:0:0:root:/root:/bin/sh\nnobody:x:7001:7002:nobody:/:/bin/false\n");
        Files.writeString(etc.resolve("group"), "root:x:0:\nnogroup:x:7002:\n");
    }

    @AfterEach
    void stop() throws Exception {
        for (Process daemon : daemons) {
            daemon.destroyForcibly().waitFor();
        }
        PathUtils.deleteDirectory(dir);
    }

    private static Path own(Path path, int uid, int gid) throws IOException {
        Files.setAttribute(path, "unix:uid", uid);
        Files.setAttribute(path, "unix:gid", gid);
        return path;
    }

    /** The command run in a mount namespace whose /etc/passwd and /etc/group are the test's. */
    private List<String> namespaced() {
        Path etc = dir.resolve("etc");
        return List.of("unshare", "--mount", "--propagation", "private", "sh", "-c",
                "mount --bind " + etc.resolve("passwd") + " /etc/passwd && mount --bind " + etc.resolve("group")
                        + " /etc/group && exec \"$@\"", "namespaced");
    }

    private int listening(Process process, int port, Path log) throws Exception {
        daemons.add(process);
        until("the daemon listens (" + log + ")", 120_000, () -> {
            try (Socket probe = new Socket("127.0.0.1", port)) {
                return true;
            } catch (IOException e) {
                return false;
            }
        });
        return port;
    }

    private int rdcpDaemon(Path root, int port) throws Exception {
        return listening(RdcpProcess.start(namespaced(), dir.resolve("rdcpd.log"), "serve", "--root", root.toString(),
                "--bind", "127.0.0.1", "--port", String.valueOf(port), "--timeout", "120"), port, dir.resolve("rdcpd.log"));
    }

    private int rsyncDaemon(Path root, int port) throws Exception {
        Path conf = Files.writeString(dir.resolve("rsyncd.conf"), "use chroot = no\nuid = root\ngid = root\n"
                + "[m]\npath = " + root + "\nread only = no\n");
        List<String> command = new ArrayList<>(namespaced());
        command.addAll(List.of("rsync", "--daemon", "--no-detach", "--address=127.0.0.1", "--port=" + port,
                "--config=" + conf));
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("rsyncd.log").toFile()).start();
        return listening(process, port, dir.resolve("rsyncd.log"));
    }

    /** name → "uid:gid" of everything under {@code root}, symlinks' own. */
    private static Map<String, String> owners(Path root) throws IOException {
        Map<String, String> owners = new TreeMap<>();
        try (var walk = Files.walk(root)) {
            for (Path path : (Iterable<Path>) walk::iterator) {
                if (!path.equals(root)) {
                    owners.put(root.relativize(path).toString(),
                            Files.getAttribute(path, "unix:uid", java.nio.file.LinkOption.NOFOLLOW_LINKS) + ":"
                                    + Files.getAttribute(path, "unix:gid", java.nio.file.LinkOption.NOFOLLOW_LINKS));
                }
            }
        }
        return owners;
    }

    private void pushBoth(String option, String expectedNamed) throws Exception {
        int base = 7500 + (int) (ProcessHandle.current().pid() % 50) * 4 + (option.isEmpty() ? 0 : 2);
        Path rdcpRoot = Files.createDirectories(dir.resolve("rdcp-" + option.replace("-", "")));
        Path rsyncRoot = Files.createDirectories(dir.resolve("rsync-" + option.replace("-", "")));
        int rdcpPort = rdcpDaemon(rdcpRoot, base);
        int rsyncPort = rsyncDaemon(rsyncRoot, base + 1);
        List<String> args = new ArrayList<>(List.of("-a"));
        if (!option.isEmpty()) {
            args.add(option);
        }
        String src = dir.resolve("src") + "/";
        List<String> rdcp = new ArrayList<>(args);
        rdcp.addAll(List.of(src, "rdcp://127.0.0.1:" + rdcpPort + "/"));
        Cli.Result result = Cli.emulated(rdcp.toArray(String[]::new));
        assertEquals(0, result.exitCode(), () -> result + "\n" + log("rdcpd.log"));
        List<String> rsync = new ArrayList<>(args);
        rsync.addAll(List.of(src, "rsync://127.0.0.1:" + rsyncPort + "/m/"));
        RsyncComparison.rsync(dir, rsync);
        assertEquals(owners(rsyncRoot), owners(rdcpRoot), "rdcp's owners against rsync's, " + args);
        assertEquals(expectedNamed, owners(rdcpRoot).get("named.txt"));
    }

    private String log(String name) {
        try {
            return Files.readString(dir.resolve(name));
        } catch (IOException e) {
            return "(no " + name + ")";
        }
    }

    @Test
    void ownersAreMappedByNameAsRsyncMapsThem() throws Exception {
        pushBoth("", "7001:7002");
    }

    @Test
    void numericIdsKeepTheNumbersAsRsyncKeepsThem() throws Exception {
        ProcessIdentities.User nobody = ProcessIdentities.user("nobody");
        pushBoth("--numeric-ids", nobody.uid() + ":" + ProcessIdentities.group("nogroup").orElseThrow());
    }
}
