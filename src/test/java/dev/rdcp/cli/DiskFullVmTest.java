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
 * A receiver whose file system fills up part way through a tree, over rxe0 in the Soft-RoCE
 * guest (where tests run as root and can mount a small tmpfs): the files that fit arrive whole,
 * each one that does not fails with the reason and leaves no temporary file, and the exit code is
 * rsync's for a failed write, 11, not 23. (rsync stops at the first; rdcp's receiver tells each.)
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
            List<String> errors = pull.err().lines().filter(l -> !l.contains("copying over TCP")).toList();
            assertTrue(!errors.isEmpty() && errors.stream().allMatch(l -> l.contains("No space left on device")),
                    pull::toString);
            try (Stream<Path> left = Files.list(small)) {
                List<String> names = left.map(p -> p.getFileName().toString()).toList();
                assertTrue(names.stream().noneMatch(n -> n.startsWith(".")), names.toString());
                assertEquals(4, names.size() + errors.size(), "each file arrived or was said to fail: " + names);
                for (String name : names) {
                    assertEquals(3L << 20, Files.size(small.resolve(name)), name);
                }
            }
        } finally {
            run("umount", small.toString());
        }
    }
}
