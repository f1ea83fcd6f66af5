package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A remote shell that ends before the remote rdcp answers: as rsync, the client exits with the
 * shell's status where it is above the IPC error (14), so a script that retries on ssh's 255, or
 * tells a missing remote program by 127, works the same with rdcp.
 */
class RemoteShellExitTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"255, 255, the remote shell itself failed", "127, 127, rdcp not found there",
            "126, 126, rdcp could not be run there", "1, 14, (exit status 1)", "0, 14, (exit status 0)"})
    void theShellsStatusAboveTheIpcErrorIsTheExitCode(int shellStatus, int expected, String said) throws IOException {
        Path shell = dir.resolve("shell");
        Files.writeString(shell, "#!/bin/sh\necho 'shell: failing' >&2\nexit " + shellStatus + "\n");
        Files.setPosixFilePermissions(shell, PosixFilePermissions.fromString("rwx------"));
        Path source = Files.writeString(dir.resolve("a"), "a");

        Cli.Result push = Cli.rdcp("-e", shell.toString(), source.toString(), "host:/x");
        assertEquals(expected, push.exitCode(), push::toString);
        assertTrue(push.err().contains("could not start rdcp on host") && push.err().contains(said), push.err());

        Cli.Result pull = Cli.rdcp("-e", shell.toString(), "host:/x", dir.resolve("back").toString());
        assertEquals(expected, pull.exitCode(), pull::toString);
    }
}
