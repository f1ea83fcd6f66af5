package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * rdcp in a JVM of its own under strace, for what only its system calls show (an fsync, a
 * fallocate): the calls named, with each descriptor's path (-y), as strace wrote them.
 */
final class TracedRdcp {

    /** How the run ended, and the traced calls, one a line. */
    record Run(int exitCode, String output, List<String> calls) {
    }

    private TracedRdcp() {
    }

    /** Runs {@code rdcp args...} in {@code cwd}, tracing {@code calls} (strace's -e trace=). */
    static Run run(Path cwd, String calls, String... args) throws IOException, InterruptedException {
        Path strace = Path.of("/usr/bin/strace");
        assertTrue(Files.isExecutable(strace), "strace is missing: dist/setup-debian installs it");
        Path trace = Files.createTempFile(cwd, "strace", ".txt");
        Path output = Files.createTempFile(cwd, "rdcp", ".txt");
        List<String> command = new ArrayList<>(List.of(strace.toString(), "-f", "-qq", "-y", "-e", "trace=" + calls,
                "-e", "signal=none", "-o", trace.toString(),
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", classPath(), Main.class.getName()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true)
                .redirectOutput(output.toFile()).start();
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "rdcp under strace did not end");
        try {
            return new Run(process.exitValue(), Files.readString(output), Files.readAllLines(trace));
        } finally {
            Files.delete(trace);
            Files.delete(output);
        }
    }

    /** This JVM's class path with each entry absolute: the child runs in another directory. */
    private static String classPath() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(entry -> Path.of(entry).toAbsolutePath().toString())
                .collect(Collectors.joining(File.pathSeparator));
    }
}
