package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The real rsync, run for the tests that compare rdcp with it. */
final class Rsync {

    private Rsync() {
    }

    /** Runs rsync with {@code args} in {@code cwd}; asserts it succeeded and returns its output (stdout and stderr). */
    static String run(Path cwd, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("rsync"));
        command.addAll(args);
        Process process = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "rsync " + command + " did not end");
        assertEquals(0, process.exitValue(), "rsync " + command + ": " + output);
        return output;
    }
}
