package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.posix.ProcessIdentities;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** An {@code rdcp serve} in a JVM of its own that drops to the user nobody: a receiver or sender that is not root. */
final class NobodyDaemon implements AutoCloseable {

    private static final Pattern SERVING = Pattern.compile("on port (\\d+)$");

    private final Process process;
    private final String port;

    /** Serves {@code root} (which nobody must be able to reach) with {@code options} such as --read-only; logs to {@code log}. */
    NobodyDaemon(Path root, Path log, String... options) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString(), "-cp", System.getProperty("java.class.path"),
                "dev.rdcp.cli.Main", "serve", "--root", root.toString(), "--user", "nobody", "--bind", "127.0.0.1",
                "--port", "0", "--timeout", "30"));
        command.addAll(List.of(options));
        process = new ProcessBuilder(command).redirectError(log.toFile()).start();
        String line = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))
                .readLine();
        Matcher serving = SERVING.matcher(line == null ? "" : line);
        boolean found = serving.find();
        if (!found) {
            process.destroyForcibly();
        }
        assertTrue(found, "daemon said: " + line + "; log: " + Files.readString(log));
        port = serving.group(1);
    }

    /**
     * {@code dir}/served/tree for a daemon serving {@code dir}/served: both directories nobody's,
     * {@code dir} open to all. Returns the tree.
     */
    static Path servedTree(Path dir) throws IOException {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path served = Files.createDirectories(dir.resolve("served/tree"));
        int nobody = ProcessIdentities.user("nobody").uid();
        Files.setAttribute(served, "unix:uid", nobody);
        Files.setAttribute(served.getParent(), "unix:uid", nobody);
        return served;
    }

    String port() {
        return port;
    }

    @Override
    public void close() throws IOException {
        try {
            process.destroyForcibly().waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }
}
