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
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * --stats beside rsync's for the same copy: every line, in rsync's order, with the values both
 * know equal (counts by kind, sizes, literal and matched data). Masked are only the values that
 * measure each tool's own protocol (bytes sent and received, the file list's size, the rate and
 * speedup); rsync's "File list generation time" and "File list transfer time", which rdcp leaves
 * out as rsync does when it timed nothing, are taken out of rsync's block.
 */
class StatsBlockTest {

    private static final Pattern CLOSING_RATE = Pattern.compile("sent \\S+ bytes  received \\S+ bytes  \\S+ bytes/sec");
    private static final Pattern SPEEDUP = Pattern.compile("(total size is \\S+  speedup is )\\S+");
    private static final List<String> MASKED = List.of("File list size: ", "Total bytes sent: ", "Total bytes received: ");
    private static final List<String> RSYNC_ONLY = List.of("File list generation time: ", "File list transfer time: ");

    @TempDir
    Path tmp;
    private Path source;

    /** reg: a, d1/big, d1/d2/c; dir: the root, d1, d1/d2; link: lnk; special: a FIFO. */
    @BeforeEach
    void sourceTree() throws Exception {
        RsyncComparison.requireRsync();
        source = Files.createDirectories(tmp.resolve("src/d1/d2")).getParent().getParent();
        Files.writeString(source.resolve("a"), "hello\n");
        Cli.randomFile(source.resolve("d1/big"), 100_000, 7);
        Files.writeString(source.resolve("d1/d2/c"), "x\n");
        Files.createSymbolicLink(source.resolve("lnk"), Path.of("a"));
        mkfifo(source.resolve("fifo"));
    }

    @Test
    void aNewDestinationThenAnUnchangedOne() throws Exception {
        List<String> dryRun = assertSameBlock("-a", "-n", "--stats");
        assertTrue(dryRun.contains("Literal data: 0 bytes"), dryRun::toString);
        assertSameBlock("-a", "--stats");
        assertSameBlock("-a", "--stats");
    }

    /** Files, a directory with its contents, a symlink and a FIFO go: rsync counts each by kind, dry run or not. */
    @Test
    void deletionsAreCountedByKind() throws Exception {
        rsync("-a", "src/", "r/");
        assertEquals(0, rdcp("-a", source + "/", tmp.resolve("p") + "/").exitCode());
        for (String side : List.of("r", "p")) {
            Path extra = Files.createDirectories(tmp.resolve(side + "/x/y"));
            Files.writeString(extra.resolve("f"), "1");
            Files.writeString(tmp.resolve(side + "/zz"), "z");
            Files.createSymbolicLink(tmp.resolve(side + "/sl"), Path.of("nowhere"));
            mkfifo(tmp.resolve(side + "/ff"));
        }
        List<String> dryRun = assertSameBlock("-a", "--delete", "-n", "--stats");
        assertTrue(dryRun.contains("Number of deleted files: 6 (reg: 2, dir: 2, link: 1, special: 1)"), dryRun::toString);
        assertTrue(dryRun.get(dryRun.size() - 1).endsWith(" (DRY RUN)"), dryRun::toString);
        List<String> deleted = assertSameBlock("-a", "--delete", "--stats");
        assertTrue(deleted.contains("Number of deleted files: 6 (reg: 2, dir: 2, link: 1, special: 1)"), deleted::toString);
    }

    @Test
    void humanReadableSizesAndVerboseNames() throws Exception {
        List<String> block = assertSameBlock("-a", "-hh", "--stats");
        assertTrue(block.contains("Total file size: 97.67K bytes"), block::toString);
        assertSameBlock("-a", "-v", "--stats");
    }

    /** --info=stats2 is --stats; stats1 (or --stats after it at 1) only the closing lines. */
    @Test
    void infoStatsLevels() throws Exception {
        assertSameBlock("-a", "--info=stats2");
        assertEquals(List.of("", "sent N bytes  received N bytes  N bytes/sec", "total size is 100,009  speedup is N"),
                assertSameBlock("-a", "--stats", "--info=stats1"));
    }

    /** A push and a pull: rdcp's daemon beside rsync's, the created counts told by the receiving side's END on the push. */
    @Test
    void aPushToADaemonAndAPullFromIt() throws Exception {
        Path rsyncModule = Files.createDirectory(tmp.resolve("rsyncd"));
        Path rdcpRoot = Files.createDirectory(tmp.resolve("rdcpd"));
        Path conf = Files.writeString(tmp.resolve("rsyncd.conf"), "use chroot = no\nmunge symlinks = no\n"
                + "uid = " + Files.getAttribute(tmp, "unix:uid") + "\ngid = " + Files.getAttribute(tmp, "unix:gid")
                + "\n[m]\npath = " + rsyncModule + "\nread only = no\n");
        try (InProcessDaemon daemon = new InProcessDaemon(rdcpRoot, null, 10)) {
            RsyncComparison.Run pushed = RsyncComparison.runWithDaemon(tmp, conf, "-a", "--stats", "src/",
                    "127.0.0.1::m/t/");
            assertEquals(0, pushed.exitCode(), pushed.output());
            Cli.Result push = RsyncComparison.rdcpOverTcp(daemon, "-a", "--stats", source + "/", "127.0.0.1::t/");
            assertEquals(0, push.exitCode(), push::toString);
            List<String> pushBlock = block(push.out());
            assertEquals(block(pushed.output()), pushBlock);
            assertTrue(pushBlock.contains("Number of created files: 8 (reg: 3, dir: 3, link: 1, special: 1)"),
                    pushBlock::toString);

            RsyncComparison.Run pulled = RsyncComparison.runWithDaemon(tmp, conf, "-a", "--stats", "127.0.0.1::m/t/",
                    "r/");
            assertEquals(0, pulled.exitCode(), pulled.output());
            Cli.Result pull = RsyncComparison.rdcpOverTcp(daemon, "-a", "--stats", "127.0.0.1::t/", tmp.resolve("p") + "/");
            assertEquals(0, pull.exitCode(), pull::toString);
            assertEquals(block(pulled.output()), block(pull.out()));
        }
    }

    /** --json has the counts --stats breaks down, by rsync's names for the kinds. */
    @Test
    void jsonCarriesTheCountsByKind() throws Exception {
        Cli.Result json = rdcp("-a", "--json", source + "/", tmp.resolve("p") + "/");
        assertEquals(0, json.exitCode(), json::toString);
        Map<?, ?> summary = (Map<?, ?>) StrictJson.parse(json.out().strip());
        assertEquals(Map.of("reg", 3, "dir", 3, "link", 1, "dev", 0, "special", 1), integers(summary.get("created_by_kind")));
        assertEquals(Map.of("reg", 0, "dir", 0, "link", 0, "dev", 0, "special", 0), integers(summary.get("deleted_by_kind")));
    }

    /** rsync and rdcp run with {@code options} on src/ into r/ and p/; their blocks must be the same, which is returned. */
    private List<String> assertSameBlock(String... options) throws Exception {
        List<String> rsyncArgs = new ArrayList<>(List.of(options));
        rsyncArgs.addAll(List.of("src/", "r/"));
        String rsync = rsync(rsyncArgs.toArray(String[]::new));
        List<String> rdcpArgs = new ArrayList<>(List.of(options));
        rdcpArgs.addAll(List.of(source + "/", tmp.resolve("p") + "/"));
        Cli.Result rdcp = rdcp(rdcpArgs.toArray(String[]::new));
        assertEquals(0, rdcp.exitCode(), rdcp::toString);
        List<String> expected = block(rsync);
        assertEquals(expected, block(rdcp.out()), "rdcp " + List.of(options) + " beside rsync's\n" + rsync);
        return expected;
    }

    /** The lines from the first blank one on (the --stats block and the closing lines), values of each tool's own masked. */
    private static List<String> block(String output) {
        List<String> lines = output.lines().toList();
        List<String> block = new ArrayList<>();
        for (String line : lines.subList(Math.max(0, lines.indexOf("")), lines.size())) {
            if (RSYNC_ONLY.stream().anyMatch(line::startsWith)) {
                continue;
            }
            String masked = MASKED.stream().filter(line::startsWith).findFirst().map(prefix -> prefix + "N").orElse(line);
            masked = CLOSING_RATE.matcher(masked).replaceAll("sent N bytes  received N bytes  N bytes/sec");
            Matcher speedup = SPEEDUP.matcher(masked);
            block.add(speedup.find() ? speedup.replaceFirst("$1N") : masked);
        }
        return block;
    }

    private String rsync(String... args) throws IOException, InterruptedException {
        RsyncComparison.Streams run = RsyncComparison.runApart(tmp, args);
        assertEquals(0, run.exitCode(), new String(run.err(), StandardCharsets.UTF_8));
        return new String(run.out(), StandardCharsets.UTF_8);
    }

    private static Cli.Result rdcp(String... args) {
        List<String> all = new ArrayList<>(List.of("--timeout", "10", "--transport", "tcp"));
        all.addAll(List.of(args));
        return Cli.rdcp(all.toArray(String[]::new));
    }

    private static Map<String, Integer> integers(Object object) {
        Map<String, Integer> values = new TreeMap<>();
        ((Map<?, ?>) object).forEach((key, value) -> values.put((String) key, ((Number) value).intValue()));
        return values;
    }

    private static void mkfifo(Path path) throws Exception {
        Process mkfifo = new ProcessBuilder("mkfifo", path.toString()).start();
        assertEquals(0, mkfifo.waitFor());
    }
}
