package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.session.DaemonModule;
import dev.rdcp.session.ServedModules;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fpsync (Debian's fpart) as the scale-out engine: its -T takes rdcp as the rsync it runs, 4
 * workers at once, each on a partition of a 5,000-file tree (1,000 under qemu), with fpsync's
 * own rsync options (-lptgoD -v --numeric-ids -d --files-from=PART --from0), to a daemon's
 * module and over ssh.
 */
@Tag("vm")
class FpsyncVmTest {

    private static final Path FPSYNC = Path.of("/usr/bin/fpsync");
    /**
     * 5,000 files at native CPU speed (UML); under qemu's emulated CPU, ten times slower, 1,000,
     * so the run fits the guest tests' time (the partitions and workers stay the same).
     */
    private static final int FILES = "qemu".equals(System.getenv("RDCP_VM_BACKEND")) ? 1_000 : 5_000;
    private static final int DIRECTORIES = 40;
    private static final int SSH_PORT = 2223;

    @TempDir
    static Path work;

    private static Path source;
    private static InProcessDaemon daemon;
    private static LocalSshd sshd;

    @BeforeAll
    static void setUp() throws Exception {
        assertTrue(Files.isExecutable(FPSYNC), "fpsync is missing: apt-get install fpart (dist/setup-debian)");
        source = Files.createDirectories(work.resolve("src"));
        Random random = new Random(5000);
        for (int i = 0; i < FILES; i++) {
            Path dir = source.resolve("d" + (i % DIRECTORIES)).resolve("s" + (i % 3));
            Files.createDirectories(dir);
            byte[] bytes = new byte[random.nextInt(3000)];
            random.nextBytes(bytes);
            Path file = Files.write(dir.resolve("f" + i + ".bin"), bytes);
            Files.setLastModifiedTime(file, FileTime.from(Instant.ofEpochSecond(1_600_000_000L + i)));
            if (i % 7 == 0) {
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-x---"));
            }
        }
        Files.createDirectories(source.resolve("empty/deeper"));
        Files.createSymbolicLink(source.resolve("d1/link"), Path.of("s0/f1.bin"));
        Files.writeString(source.resolve("name with spaces.txt"), "spaces\n");

        Path served = Files.createDirectories(work.resolve("served"));
        daemon = new InProcessDaemon(ServedModules.named(List.of(new DaemonModule("fp", served, false, null,
                List.of(), List.of(), 0))), 300);
        sshd = LocalSshd.start(Files.createDirectories(work.resolve("ssh")), SSH_PORT);
    }

    @AfterAll
    static void tearDown() throws IOException {
        if (daemon != null) {
            daemon.close();
        }
        if (sshd != null) {
            sshd.close();
        }
    }

    /** What fpsync's -T runs: rdcp with the settings the test bed needs (emulated CPU: long timeouts). */
    private static Path tool(String name, String... settings) throws IOException {
        return script(name, "exec " + command(settings) + "\n");
    }

    /**
     * The same through ssh. fpsync fails a partition whose tool wrote anything on stderr, and
     * the test bed's root login shell, which ssh starts the remote rdcp through, prints pyenv's
     * complaint about the read-only root there: only those lines are dropped, rdcp's exit code
     * kept (the guest has no /dev/fd, so a pipe rather than a process substitution).
     */
    private static Path sshTool(String name, String... settings) throws IOException {
        return script(name, "set -o pipefail\n{ " + command(settings)
                + " 2>&1 1>&3 3>&- | { grep -v '^pyenv: cannot rehash' >&2 || true; }; } 3>&1\n");
    }

    private static String command(String... settings) {
        StringBuilder command = new StringBuilder("'").append(RdcpProcess.launcher()).append("'");
        for (String setting : settings) {
            command.append(" '").append(setting).append("'");
        }
        return command.append(" \"$@\"").toString();
    }

    private static Path script(String name, String body) throws IOException {
        Path path = Files.writeString(work.resolve(name), "#!/bin/bash\n" + body);
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rwxr-xr-x"));
        return path;
    }

    private static void fpsync(Path tool, String destination, String run) throws Exception {
        Path log = work.resolve(run + ".log");
        Process process = new ProcessBuilder(FPSYNC.toString(), "-n", "4", "-f", String.valueOf(FILES / 4), "-v",
                "-t", work.resolve(run).toString(), "-T", tool.toString(), source + "/", destination)
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertTrue(process.waitFor(40, TimeUnit.MINUTES), "fpsync did not finish");
        assertEquals(0, process.exitValue(), () -> "fpsync failed:\n" + read(log) + logsOf(work.resolve(run)));
        assertTrue(read(log).contains("Fpsync completed without error"), read(log));
    }

    private static String read(Path path) {
        try {
            return Files.readString(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return e.toString();
        }
    }

    /** The workers' stderr files, where fpsync keeps what each rdcp said. */
    private static String logsOf(Path run) {
        StringBuilder all = new StringBuilder();
        try (Stream<Path> files = Files.walk(run)) {
            files.filter(f -> f.toString().endsWith(".stderr")).forEach(f -> all.append("\n").append(f)
                    .append(": ").append(read(f)));
        } catch (IOException e) {
            all.append(e);
        }
        return all.toString();
    }

    @Test
    void fourWorkersToADaemonModule() throws Exception {
        Path tool = tool("rdcp-daemon", "--timeout", "300", "--port", String.valueOf(daemon.port()));
        fpsync(tool, "127.0.0.1::fp/tree", "daemon-run");
        TestTree.assertSameTree(source, work.resolve("served/tree"));
    }

    @Test
    void fourWorkersOverSsh() throws Exception {
        Path destination = Files.createDirectories(work.resolve("over-ssh"));
        Path tool = sshTool("rdcp-ssh", "--timeout", "300", "-e", sshd.rsh(), "--rdcp-path",
                RdcpProcess.launcher().toString());
        fpsync(tool, "root@127.0.0.1:" + destination, "ssh-run");
        TestTree.assertSameTree(source, destination);
    }
}
