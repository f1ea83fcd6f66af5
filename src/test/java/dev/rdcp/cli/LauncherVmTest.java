package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * dist/rdcp's start-up: its class-data-sharing archive, dumped once per build from the training
 * run's class list, holds the verbs bindings, the copy path and picocli's Java 5 classes even when
 * the first command was {@code --version}; loading JNA starts no child process; only verbose
 * runs start Log4j core; and options that need a second compiler thread still start. Runs with the packaged jar, hence with the VM tests.
 */
@Tag("vm")
class LauncherVmTest {

    @TempDir
    Path cache;

    @TempDir
    Path logs;

    @Test
    void theArchiveRecordedOnTheFirstRunHoldsTheVerbsAndTransferClasses() throws Exception {
        Run version = launch(Map.of(), "--version");
        assertEquals(0, version.exitCode(), version.output());
        assertTrue(version.output().startsWith("rdcp "), version.output());
        List<Path> archives;
        try (Stream<Path> files = Files.list(cache.resolve("rdcp"))) {
            archives = files.filter(f -> f.getFileName().toString().endsWith(".jsa")).toList();
        }
        assertEquals(1, archives.size(), archives.toString());
        assertTrue(archives.get(0).getFileName().toString().matches("classes-\\d+-\\d+\\.jsa"), archives.toString());

        Path classLog = logs.resolve("classes.log");
        Run devices = launch(Map.of("RDCP_JAVA_OPTS", "-Xlog:class+load:file=" + classLog), "devices");
        assertEquals(0, devices.exitCode(), devices.output());
        List<String> loaded = Files.readAllLines(classLog, StandardCharsets.UTF_8);
        for (String name : List.of("com.sun.jna.Native", "dev.rdcp.verbs.NativeVerbs", "dev.rdcp.verbs.jna.ibv_qp_attr",
                "dev.rdcp.cli.RdcpCommand", "picocli.CommandLine", "picocli.CommandLine$Model$CommandSpec")) {
            String line = loaded.stream().filter(l -> l.contains("] " + name + " ")).findFirst().orElse("not loaded");
            assertTrue(line.endsWith("source: shared objects file"), name + ": " + line);
        }
        // JNA runs `ldconfig -p` while it initializes unless told its platform library path.
        assertTrue(loaded.stream().noneMatch(l -> l.contains("] java.lang.ProcessImpl ")),
                "loading the verbs bindings started a child process");
    }

    /** Log4j core is most of a short run's start-up: only -v and the daemon pay for it. */
    @Test
    void onlyAVerboseRunStartsLog4jCore() throws Exception {
        for (boolean verbose : new boolean[] {false, true}) {
            Path classLog = logs.resolve("classes-" + verbose + ".log");
            Map<String, String> options = Map.of("RDCP_JAVA_OPTS", "-Xlog:class+load:file=" + classLog);
            Run devices = verbose ? launch(options, "devices", "-v") : launch(options, "devices");
            assertEquals(0, devices.exitCode(), devices.output());
            assertTrue(devices.output().lines().anyMatch("rxe0"::equals), devices.output());
            boolean core = Files.readAllLines(classLog, StandardCharsets.UTF_8).stream()
                    .anyMatch(l -> l.contains("] org.apache.logging.log4j.core.LoggerContext "));
            assertEquals(verbose, core, verbose ? "-v must log through core" : "a plain run started core");
        }
    }

    /** The launcher runs one C1 thread; options that bring C2 back need two, or the JVM does not start. */
    @Test
    void optionsThatBringBackTheSecondCompilerStillStart() throws Exception {
        for (String options : List.of("-XX:TieredStopAtLevel=4", "-XX:CICompilerCount=3")) {
            Run version = launch(Map.of("RDCP_JAVA_OPTS", options + " -XX:+PrintFlagsFinal"), "--version");
            assertEquals(0, version.exitCode(), options + ": " + version.output());
            assertTrue(version.output().lines().anyMatch(l -> l.startsWith("rdcp ")), version.output());
        }
        Run plain = launch(Map.of("RDCP_JAVA_OPTS", "-XX:+PrintFlagsFinal"), "--version");
        assertTrue(plain.output().lines().anyMatch(l -> l.matches("\\s*intx CICompilerCount\\s+= 1 .*")),
                "one compiler thread by default");
    }

    private record Run(int exitCode, String output) {
    }

    private Run launch(Map<String, String> environment, String... args) throws IOException, InterruptedException {
        Path output = logs.resolve("output");
        ProcessBuilder builder = new ProcessBuilder(Stream.concat(Stream.of(RdcpProcess.launcher().toString()),
                Stream.of(args)).toList()).redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().put("XDG_CACHE_HOME", cache.toString());
        builder.environment().remove("RDCP_JAVA_OPTS");
        builder.environment().putAll(environment);
        int exitCode = builder.start().waitFor();
        return new Run(exitCode, Files.readString(output, StandardCharsets.UTF_8));
    }
}
