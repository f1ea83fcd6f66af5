package dev.rdcp.cli;

import static dev.rdcp.cli.Cli.randomFile;
import static dev.rdcp.cli.Cli.rdcp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ExitCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A receiver whose file system fills up, over rxe0 in the Soft-RoCE guest (where tests run as
 * root and can mount a small tmpfs): as rsync, the transfer ends with 11 at the first write that
 * finds no space, rather than failing each later file in turn, and leaves no temporary file.
 */
@Tag("vm")
class DiskFullVmTest {

    @TempDir
    Path tmp;

    private static void run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        assertEquals(0, process.waitFor(), String.join(" ", command) + ": " + output);
    }

    @Test
    void aFullFileSystemEndsThePullWithFileIoAndNoTemporaryFile() throws Exception {
        Path served = Files.createDirectories(tmp.resolve("served/tree"));
        for (String name : List.of("a", "b", "c", "d")) {
            randomFile(served.resolve(name), 3L << 20, name.hashCode());
        }
        Path small = Files.createDirectories(tmp.resolve("small"));
        run("mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", small.toString());
        try (InProcessDaemon daemon = new InProcessDaemon(tmp.resolve("served"), null, 60)) {
            Cli.Result pull = rdcp("-r", "--timeout", "60", daemon.url("tree/"), small + "/");
            assertEquals(ExitCode.FILE_IO.code(), pull.exitCode(), pull::toString);
            assertTrue(pull.err().contains("No space left on device"), pull::toString);
            assertEquals(1, pull.err().lines().filter(l -> !l.contains("copying over TCP")).count(), pull::toString);
            try (Stream<Path> left = Files.list(small)) {
                List<String> names = left.map(p -> p.getFileName().toString()).toList();
                assertTrue(names.stream().noneMatch(n -> n.startsWith(".")), names.toString());
                assertTrue(names.size() <= 1, "at most the one file that fit: " + names);
            }
        } finally {
            run("umount", small.toString());
        }
    }
}
