package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Debian's openssh-server on 127.0.0.1 inside the VM, with generated keys, for ssh-mode tests. */
final class LocalSshd implements AutoCloseable {

    private final Process sshd;
    private final String rsh;

    private LocalSshd(Process sshd, String rsh) {
        this.sshd = sshd;
        this.rsh = rsh;
    }

    /** Starts sshd on {@code port} with its keys and config in {@code dir}, and waits until a login works. */
    static LocalSshd start(Path dir, int port) throws Exception {
        run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("host_key").toString());
        run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("client_key").toString());
        Files.copy(dir.resolve("client_key.pub"), dir.resolve("authorized_keys"));
        Path config = Files.writeString(dir.resolve("sshd_config"), String.join("\n",
                "Port " + port,
                "ListenAddress 127.0.0.1",
                "HostKey " + dir.resolve("host_key"),
                "AuthorizedKeysFile " + dir.resolve("authorized_keys"),
                "PermitRootLogin prohibit-password",
                "StrictModes no",
                "UsePAM no",
                "PidFile " + dir.resolve("sshd.pid"),
                ""));
        Files.createDirectories(Path.of("/run/sshd"));
        Process sshd = new ProcessBuilder("/usr/sbin/sshd", "-D", "-e", "-f", config.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("sshd.log").toFile()).start();
        String rsh = String.join(" ", "ssh", "-p", String.valueOf(port), "-i", dir.resolve("client_key").toString(),
                "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes",
                "-o", "LogLevel=ERROR");
        LocalSshd started = new LocalSshd(sshd, rsh);
        long deadline = System.currentTimeMillis() + 30_000;
        while (!started.works()) {
            assertTrue(System.currentTimeMillis() < deadline, "sshd did not come up: "
                    + Files.readString(dir.resolve("sshd.log")));
            Thread.sleep(200);
        }
        return started;
    }

    /** The remote shell command that logs in to it (rdcp's -e). */
    String rsh() {
        return rsh;
    }

    private boolean works() throws Exception {
        List<String> command = new ArrayList<>(List.of(rsh.split(" ")));
        command.addAll(List.of("root@127.0.0.1", "true"));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        return p.waitFor(20, TimeUnit.SECONDS) && p.exitValue() == 0;
    }

    private static void run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).inheritIO().start();
        assertEquals(0, p.waitFor());
    }

    @Override
    public void close() {
        sshd.destroy();
    }
}
