package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.rdcp.posix.ProcessIdentities;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.Hello;
import dev.rdcp.protocol.MessageType;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** serve --user/--group: refused without root or with unknown names; as root, the daemon really drops. */
@Timeout(120)
class ServeIdentityTest {

    private static final Pattern SERVING = Pattern.compile("on port (\\d+)$");

    @TempDir
    Path root;

    private static boolean isRoot() throws Exception {
        return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid") == 0;
    }

    private Cli.Result serve(String... options) {
        List<String> args = new java.util.ArrayList<>(List.of("serve", "--root", root.toString(), "--port", "0"));
        args.addAll(List.of(options));
        return Cli.rdcp(args.toArray(String[]::new));
    }

    @Test
    void unknownUserOrGroupIsAOneLineUsageError() throws Exception {
        assumeTrue(isRoot(), "as another user the root check answers first");
        Cli.Result user = serve("--user", "no-such-user-rdcp");
        assertEquals(ExitCode.USAGE.code(), user.exitCode(), user::toString);
        assertEquals("rdcp: --user: no such user: no-such-user-rdcp", user.err().strip(), user::toString);
        Cli.Result group = serve("--user", "nobody", "--group", "no-such-group-rdcp");
        assertEquals(ExitCode.USAGE.code(), group.exitCode(), group::toString);
        assertEquals("rdcp: --group: no such group: no-such-group-rdcp", group.err().strip(), group::toString);
        Cli.Result numeric = serve("--user", "54321");
        assertEquals(ExitCode.USAGE.code(), numeric.exitCode(), numeric::toString);
        assertTrue(numeric.err().contains("name the group with --group"), numeric::toString);
    }

    @Test
    void namesResolveAsNssSaysThem() throws Exception {
        ProcessIdentities.User rootUser = ProcessIdentities.user("root");
        assertEquals(new ProcessIdentities.User(0, 0), rootUser);
        assertEquals(0, ProcessIdentities.group("root").getAsInt());
        assertEquals(null, ProcessIdentities.user("no-such-user-rdcp"));
        assertTrue(ProcessIdentities.group("no-such-group-rdcp").isEmpty());
    }

    /** A real daemon in its own JVM (dropping privileges is for the whole process, for good). */
    @Test
    void asRootTheDaemonRunsAsTheUserAfterBinding() throws Exception {
        assumeTrue(isRoot(), "needs root");
        ProcessIdentities.User nobody = ProcessIdentities.user("nobody");
        assumeTrue(nobody != null, "needs a user 'nobody'");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process daemon = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                "dev.rdcp.cli.Main", "serve", "--root", root.toString(), "--port", "0", "--user", "nobody")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(daemon.getInputStream(), StandardCharsets.UTF_8));
            String line = out.readLine();
            Matcher serving = SERVING.matcher(line == null ? "" : line);
            assertTrue(serving.find(), "daemon said: " + line);
            List<String> status = Files.readAllLines(Path.of("/proc", Long.toString(daemon.pid()), "status"));
            String ids = nobody.uid() + "\t" + nobody.uid() + "\t" + nobody.uid() + "\t" + nobody.uid();
            assertTrue(status.contains("Uid:\t" + ids), status.toString());
            String gids = nobody.gid() + "\t" + nobody.gid() + "\t" + nobody.gid() + "\t" + nobody.gid();
            assertTrue(status.contains("Gid:\t" + gids), status.toString());
            assertTrue(status.contains("Groups:\t" + nobody.gid() + " "), status.toString());
            try (Socket client = new Socket(InetAddress.getLoopbackAddress(), Integer.parseInt(serving.group(1)))) {
                client.setSoTimeout(30_000);
                InputStream in = client.getInputStream();
                assertEquals(MessageType.HELLO.code(), in.read(), "the dropped daemon still answers");
                ByteBuffer length = ByteBuffer.wrap(in.readNBytes(4));
                assertEquals(Hello.SIZE, length.getInt());
            }
        } finally {
            daemon.destroy();
            daemon.waitFor(30, TimeUnit.SECONDS);
        }
    }
}
