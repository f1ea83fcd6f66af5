package dev.rdcp.cli;

import static dev.rdcp.cli.Cli.rdcp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ExitCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** -M/--remote-option: options for the rdcp a remote shell starts, as rsync's -M. */
class RemoteOptionTest {

    @TempDir
    static Path tools;
    @TempDir
    Path dir;

    private static FakeSsh ssh;

    @BeforeAll
    static void writeStandIns() throws IOException {
        ssh = FakeSsh.in(tools);
    }

    private Cli.Result push(String... args) {
        List<String> all = new ArrayList<>(ssh.rdcpOptions());
        all.addAll(List.of(args));
        return rdcp(all.toArray(String[]::new));
    }

    /** rsync's way to keep what only root may set on a remote account that is not root. */
    @Test
    void fakeSuperGoesToTheRemoteReceiver() throws IOException {
        Path tree = Files.createDirectories(dir.resolve("tree"));
        Files.writeString(tree.resolve("target"), "t");
        Files.createSymbolicLink(tree.resolve("link"), Path.of("target"));
        Path plain = dir.resolve("plain");
        Path kept = dir.resolve("kept");

        Cli.Result without = push("-a", tree + "/", "127.0.0.1:" + plain + "/");
        assertEquals(0, without.exitCode(), without::toString);
        assertTrue(Files.isSymbolicLink(plain.resolve("link")));

        Cli.Result with = push("-a", "-M--fake-super", tree + "/", "127.0.0.1:" + kept + "/");
        assertEquals(0, with.exitCode(), with::toString);
        assertTrue(Files.isRegularFile(kept.resolve("link"), LinkOption.NOFOLLOW_LINKS), "a symlink kept as a file");
        assertEquals("target", Files.readString(kept.resolve("link")));
        assertTrue(XattrListing.of(kept).containsKey("link user.rsync.%stat"), XattrListing.of(kept).toString());
    }

    @Test
    void aValueMayFollowAsTheNextOption() {
        Cli.Result result = push("-M--timeout", "-M", "60", "-M--streams=2", dir.resolve("none").toString(),
                "127.0.0.1:" + dir + "/x");
        // The remote rdcp took its options; the copy fails for the missing source alone.
        assertEquals(ExitCode.PARTIAL.code(), result.exitCode(), result::toString);
    }

    @Test
    void onlyWhatTheRemoteRdcpAppliesIsTaken() throws IOException {
        Path file = Files.writeString(dir.resolve("f"), "f");
        for (String[] remote : new String[][] {{"-M--delete"}, {"-M", "-a"}, {"--remote-option=--device=a b"},
                {"-M--device=$(reboot)"}, {"-M--timeout"}}) {
            List<String> args = new ArrayList<>(List.of(remote));
            args.addAll(List.of(file.toString(), "127.0.0.1:" + dir + "/copy"));
            Cli.Result result = push(args.toArray(String[]::new));
            assertEquals(ExitCode.USAGE.code(), result.exitCode(), result::toString);
            assertTrue(result.err().startsWith("rdcp: -M "), result::toString);
        }
        assertFalse(Files.exists(dir.resolve("copy")));
    }

    @Test
    void aDaemonOrALocalCopyTakesNone() throws IOException {
        Path file = Files.writeString(dir.resolve("f"), "f");
        for (String destination : new String[] {dir.resolve("copy").toString(), "rdcp://127.0.0.1:1/m/copy",
                "127.0.0.1::m/copy"}) {
            Cli.Result result = rdcp("-M--fake-super", file.toString(), destination);
            assertEquals(ExitCode.USAGE.code(), result.exitCode(), result::toString);
            assertTrue(result.err().contains("-M/--remote-option is for the rdcp a remote shell starts"),
                    result::toString);
        }
    }
}
