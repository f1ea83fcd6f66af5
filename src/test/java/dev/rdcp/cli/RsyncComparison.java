package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/** The real rsync run beside rdcp, and the trees both leave compared. */
final class RsyncComparison {

    static final Path RSYNC = Path.of("/usr/bin/rsync");

    /** What an rsync run ended with. */
    record Run(int exitCode, String output) {
    }

    private RsyncComparison() {
    }

    static void requireRsync() {
        assertTrue(Files.isExecutable(RSYNC), "rsync is missing: dist/setup-debian installs it");
    }

    /** Runs rsync in {@code cwd} and returns its exit code and output, whatever they are. */
    static Run run(Path cwd, String... args) throws IOException, InterruptedException {
        return run(cwd, Map.of(), new byte[0], args);
    }

    /** As above, with {@code input} on rsync's standard input. */
    static Run run(Path cwd, byte[] input, String... args) throws IOException, InterruptedException {
        return run(cwd, Map.of(), input, args);
    }

    /** As above, with {@code environment} added to rsync's. */
    private static Run run(Path cwd, Map<String, String> environment, byte[] input, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(RSYNC.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true);
        builder.environment().putAll(environment);
        Process process = builder.start();
        try (var stdin = process.getOutputStream()) {
            stdin.write(input);
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        return new Run(process.exitValue(), output);
    }

    /** What an rsync run wrote to each of its streams. */
    record Streams(int exitCode, byte[] out, byte[] err) {
    }

    /** Runs rsync in {@code cwd} with its stdout and stderr kept apart, as bytes, whatever it ends with. */
    static Streams runApart(Path cwd, String... args) throws IOException, InterruptedException {
        return runApart(cwd, Map.of(), args);
    }

    /** As above, with {@code environment} added to rsync's. */
    static Streams runApart(Path cwd, Map<String, String> environment, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(RSYNC.toString()));
        command.addAll(List.of(args));
        Path err = Files.createTempFile("rsync", ".err");
        try {
            ProcessBuilder builder = new ProcessBuilder(command).directory(cwd.toFile()).redirectError(err.toFile());
            builder.environment().putAll(environment);
            Process process = builder.start();
            byte[] out = process.getInputStream().readAllBytes();
            assertTrue(process.waitFor(60, TimeUnit.SECONDS));
            return new Streams(process.exitValue(), out, Files.readAllBytes(err));
        } finally {
            Files.delete(err);
        }
    }

    /** Runs rsync in {@code cwd}, which must succeed; returns its output (stdout and stderr). */
    static String rsync(Path cwd, String... args) throws IOException, InterruptedException {
        Run run = run(cwd, args);
        assertEquals(0, run.exitCode(), "rsync " + List.of(args) + ": " + run.output());
        return run.output();
    }

    /**
     * rsync as the client of rsync's own daemon for {@code config}, which it starts over a pipe
     * (RSYNC_CONNECT_PROG) instead of reaching it on a port: a port picked free and bound later
     * can be taken in between by any other process.
     */
    static String rsyncFromDaemon(Path cwd, Path config, String... args) throws IOException, InterruptedException {
        Run run = runWithDaemon(cwd, config, args);
        assertEquals(0, run.exitCode(), "rsync " + List.of(args) + " from its daemon: " + run.output());
        return run.output();
    }

    /** As {@link #rsyncFromDaemon}, whatever it ends with. */
    static Run runWithDaemon(Path cwd, Path config, String... args) throws IOException, InterruptedException {
        return run(cwd, Map.of("RSYNC_CONNECT_PROG", RSYNC + " --daemon --config='" + config + "'"), new byte[0], args);
    }

    /** As {@link #rsync(Path, String...)}. */
    static String rsync(Path cwd, List<String> args) throws IOException, InterruptedException {
        return rsync(cwd, args.toArray(String[]::new));
    }

    /** rdcp in-process over TCP with {@code daemon}'s port and a short timeout, then {@code args}. */
    static Cli.Result rdcpOverTcp(InProcessDaemon daemon, String... args) {
        List<String> all = new ArrayList<>(List.of("--timeout", "10", "--transport", "tcp", "--port",
                String.valueOf(daemon.port())));
        all.addAll(List.of(args));
        return Cli.rdcp(all.toArray(String[]::new));
    }

    /**
     * Entries, types, contents, modes, and the times of files and symlinks. Not directories'
     * times: rsync leaves those of implied directories and of directories it deleted in at the
     * time of its run, where rdcp keeps the source's.
     */
    static void assertSameTree(Path expectedRoot, Path actualRoot) throws IOException {
        assertSameTree(expectedRoot, actualRoot, true);
    }

    /** The same, and with {@code fileTimes} false not the times of files (copies made without -t). */
    static void assertSameTree(Path expectedRoot, Path actualRoot, boolean fileTimes) throws IOException {
        SortedMap<String, TreeEntry> expected = TreeListing.of(expectedRoot);
        SortedMap<String, TreeEntry> actual = TreeListing.of(actualRoot);
        SortedSet<String> names = new TreeSet<>(expected.keySet());
        names.addAll(actual.keySet());
        for (String name : names) {
            String difference = TreeDifference.between(expected.get(name), actual.get(name), false, fileTimes);
            if (difference == null && expected.get(name).type() == TreeEntry.Type.FILE
                    && Files.mismatch(expectedRoot.resolve(name), actualRoot.resolve(name)) >= 0) {
                difference = "content differs";
            }
            assertEquals(null, difference, name + " (rsync: " + expectedRoot + ", rdcp: " + actualRoot + ")");
        }
    }
}
