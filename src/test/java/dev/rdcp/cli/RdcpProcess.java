package dev.rdcp.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs the real launcher, dist/rdcp, as its own process (the tests kill some of them). */
final class RdcpProcess {

    private RdcpProcess() {
    }

    static Path launcher() {
        return Path.of(System.getProperty("rdcp.home", ".")).resolve("dist/rdcp").toAbsolutePath();
    }

    /** Starts {@code prefix... dist/rdcp args...}, output going to {@code log}. */
    static Process start(List<String> prefix, Path log, String... args) throws IOException {
        List<String> command = new ArrayList<>(prefix);
        command.add(launcher().toString());
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }
}
