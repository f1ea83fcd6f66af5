package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Destinations that are nearly full, for the tests of what --delete frees before files arrive:
 * each a 3 MiB tmpfs mounted here (so the tests need root), holding 2.4 MB of old files in z/
 * and one in the top directory, with room for a source's new files or for the old ones, not both.
 * A failed mount fails the test: skipped, it would prove nothing (CI runs as root).
 */
final class NearlyFullDestinations implements AutoCloseable {

    private static final String SIZE = "size=3m";
    private final List<Path> mounts = new ArrayList<>();

    /** A nearly full destination at {@code at}. */
    void make(Path at) throws Exception {
        Files.createDirectories(at);
        run("mount", "-t", "tmpfs", "-o", SIZE, "tmpfs", at.toString());
        mounts.add(at);
        for (int i = 1; i <= 3; i++) {
            SideBySide.write(at, "z/old" + i, 800_000);
        }
        SideBySide.write(at, "gone", 1);
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
