package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * tmpfs file systems mounted for a test (so the test needs root), unmounted at close. A failed
 * mount fails the test: skipped, it would prove nothing (CI runs as root).
 */
final class TmpfsMounts implements AutoCloseable {

    private final List<Path> mounts = new ArrayList<>();

    /** A tmpfs at {@code at}, made if missing, mounted with {@code options} (such as "size=3m"). */
    void mount(Path at, String options) throws Exception {
        Files.createDirectories(at);
        run("mount", "-t", "tmpfs", "-o", options, "tmpfs", at.toString());
        mounts.add(at);
    }

    @Override
    public void close() throws Exception {
        for (Path mount : mounts) {
            run("umount", mount.toString());
        }
        mounts.clear();
    }

    private static void run(String... command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), String.join(" ", command) + ": " + output);
    }
}
