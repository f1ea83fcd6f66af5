package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What rsync prints on stdout under -n and -q, and rdcp beside it (over TCP, to an in-process daemon). */
class QuietOutputTest extends SideBySideTest {

    @BeforeEach
    void tree() throws Exception {
        SideBySide.write(sides.source, "a", 10);
        SideBySide.write(sides.source, "d/f", 20);
        Files.createDirectories(sides.served.resolve("rdcp"));
    }

    private String rdcpOut(String... options) {
        List<String> args = new java.util.ArrayList<>(List.of(options));
        args.addAll(List.of(sides.source + "/", "127.0.0.1::rdcp/"));
        Cli.Result result = sides.rdcp(args.toArray(String[]::new));
        assertEquals(0, result.exitCode(), result.toString());
        return result.out();
    }

    private String rsyncOut(String... options) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of(options));
        args.addAll(List.of("src/", "served/rsync/"));
        RsyncComparison.Run run = RsyncComparison.run(tmp, args.toArray(String[]::new));
        assertEquals(0, run.exitCode(), run::output);
        return run.output();
    }

    /** A dry run names what it would do only with -v (or -i). */
    @Test
    void aDryRunWithoutVerbosePrintsNothing() throws Exception {
        assertEquals("", rsyncOut("-an"));
        assertEquals("", rdcpOut("-an"));
        assertTrue(rdcpOut("-anv").contains("d/f"));
    }

    /** -q silences -i and --stats. */
    @Test
    void quietSilencesItemizeAndStats() throws Exception {
        assertEquals("", rsyncOut("-ai", "--stats", "-q"));
        assertEquals("", rdcpOut("-ai", "--stats", "-q"));
        assertTrue(Files.isRegularFile(sides.served.resolve("rdcp/d/f")), "and still copies");
    }
}
