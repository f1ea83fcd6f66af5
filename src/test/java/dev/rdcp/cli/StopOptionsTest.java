package dev.rdcp.cli;

import static dev.rdcp.cli.Cli.randomFile;
import static dev.rdcp.cli.Cli.tempFiles;
import static dev.rdcp.cli.RsyncComparison.assertSameTree;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.transfer.StopRequests;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * --stop-after and --stop-at: values checked as rsync checks them (compared with rsync), and a
 * copy stopped at its limit as an interrupted copy stops, with rsync's message and exit code 30.
 * rsync's limits count whole minutes, so the stopped copies run on a clock of the test's that
 * puts the limit seconds ahead.
 */
@Timeout(120)
class StopOptionsTest {

    private static final int BIG = 16 << 20;

    @TempDir
    Path tmp;

    private Path source;

    @BeforeEach
    void tree() throws Exception {
        RsyncComparison.requireRsync();
        source = Files.createDirectories(tmp.resolve("src"));
        Files.writeString(source.resolve("a"), "small\n");
    }

    /** The stop is process-wide, as a signal's: the next test's copies must run. */
    @AfterEach
    void noStopForTheNextTest() {
        StopRequests.clear();
    }

    /** rsync's message and exit code 1 for each value it refuses, and the copy for each it takes. */
    @Test
    void valuesAreCheckedAsRsyncChecksThem() throws Exception {
        for (String refused : List.of("--stop-after=abc", "--stop-after=0", "--stop-after=-1", "--stop-after=",
                "--stop-after=99999999999999999999", "--time-limit=x", "--stop-at=abc", "--stop-at=12:60",
                "--stop-at=T12", "--stop-at=2000-12-31T23:59")) {
            RsyncComparison.Run rsync = RsyncComparison.run(tmp, refused, "src/", "rsync/");
            Cli.Result rdcp = Cli.rdcp(refused, source + "/", tmp.resolve("rdcp") + "/");
            assertEquals(1, rsync.exitCode(), rsync::output);
            assertEquals(1, rdcp.exitCode(), rdcp::toString);
            String message = rsync.output().lines().findFirst().orElseThrow().replaceFirst("^rsync: ", "");
            assertEquals("rdcp: " + message, rdcp.err().lines().findFirst().orElseThrow(), refused);
        }
        for (String taken : List.of("--stop-after=1.5", "--stop-after= 7", "--stop-after=5x", "--time-limit=3",
                "--stop-at=2099-12-31T23:59", "--stop-at=2099/1/1")) {
            assertEquals(0, RsyncComparison.run(tmp, "-r", taken, "src/", "rsync/").exitCode(), taken);
            Cli.Result rdcp = Cli.rdcp("-r", taken, source + "/", tmp.resolve("rdcp") + "/");
            assertEquals(0, rdcp.exitCode(), rdcp::toString);
        }
        assertSameTree(tmp.resolve("rsync"), tmp.resolve("rdcp"), false);
    }

    @Test
    void aNumberIsReadAsCsAtolReadsIt() {
        assertEquals(1, StopOptions.leadingNumber("1.5"));
        assertEquals(7, StopOptions.leadingNumber(" \t7"));
        assertEquals(3, StopOptions.leadingNumber("+3m"));
        assertEquals(-2, StopOptions.leadingNumber("-2"));
        assertEquals(0, StopOptions.leadingNumber("abc"));
        assertEquals(0, StopOptions.leadingNumber(""));
        assertEquals(Long.MAX_VALUE, StopOptions.leadingNumber("99999999999999999999"));
        assertEquals(Long.MIN_VALUE, StopOptions.leadingNumber("-99999999999999999999"));
    }

    /** A whole minute from now, and a clock that reads {@code seconds} before it. */
    private record Limit(String stopAt, Clock clock) {
        static Limit ahead(int seconds) {
            ZoneId zone = ZoneId.systemDefault();
            Instant minute = Instant.now().truncatedTo(ChronoUnit.MINUTES).plus(2, ChronoUnit.MINUTES);
            Clock clock = Clock.offset(Clock.system(zone), Duration.between(Instant.now(), minute.minusSeconds(seconds)));
            return new Limit(DateTimeFormatter.ofPattern("HH:mm").withZone(zone).format(minute), clock);
        }
    }

    /** rdcp in this process with {@code clock} for --stop-after and --stop-at. */
    private static Cli.Result rdcp(Clock clock, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = Main.commandLine(new PrintWriter(out, true), new PrintWriter(err, true));
        ((RdcpCommand) commandLine.getCommand()).copy.stop.clock = clock;
        int code = commandLine.execute(args);
        return new Cli.Result(code, out.toString(), err.toString());
    }

    /** A local copy of a 16 MiB file at 1 MB/s reaches the limit: no temporary file and no half copy stay. */
    @Test
    void aCopyStoppedAtTheLimitEndsWith30AndLeavesNothingHalfWritten() throws Exception {
        randomFile(source.resolve("big"), BIG, 30);
        Path destination = tmp.resolve("dst");
        Limit limit = Limit.ahead(2);

        Cli.Result result = rdcp(limit.clock(), "-r", "--bwlimit=1M", "--stop-at=" + limit.stopAt(),
                source + "/", destination + "/");

        assertEquals(30, result.exitCode(), result::toString);
        assertEquals("rdcp: stopping at requested limit", result.err().strip(), result::toString);
        assertEquals(0, tempFiles(destination), "a temporary file was left behind");
        assertFalse(Files.exists(destination.resolve("big")), "a partial copy under the final name");
    }

    /** With --partial the file's received part is kept to resume, as after a signal (4 s: some must have come). */
    @Test
    void aCopyStoppedAtTheLimitKeepsThePartialFileWithPartial() throws Exception {
        randomFile(source.resolve("big"), BIG, 31);
        Path destination = tmp.resolve("dst");
        Limit limit = Limit.ahead(4);

        Cli.Result result = rdcp(limit.clock(), "-r", "--partial", "--bwlimit=1M", "--stop-at=" + limit.stopAt(),
                source + "/", destination + "/");

        assertEquals(30, result.exitCode(), result::toString);
        Path partial = destination.resolve(".big.rdcp-partial");
        assertTrue(Files.isRegularFile(partial), () -> "no partial file: " + result);
        assertTrue(Files.size(partial) > 0 && Files.size(partial) < BIG, "part of the file");
        assertFalse(Files.exists(destination.resolve("big")), "a partial copy under the final name");
    }

    /**
     * --stop-after counts from when it is read: here the clock jumps 58 s ahead once it has been,
     * so the minute is up two seconds into the copy.
     */
    @Test
    void stopAfterCountsMinutesFromTheStart() throws Exception {
        randomFile(source.resolve("big"), BIG, 32);
        Path destination = tmp.resolve("dst");
        Clock jumping = new Clock() {
            private final Clock system = Clock.systemDefaultZone();
            private boolean read;

            @Override
            public ZoneId getZone() {
                return system.getZone();
            }

            @Override
            public Clock withZone(ZoneId zone) {
                throw new UnsupportedOperationException();
            }

            @Override
            public synchronized Instant instant() {
                Instant now = system.instant();
                if (!read) {
                    read = true;
                    return now;
                }
                return now.plusSeconds(58);
            }
        };

        Cli.Result result = rdcp(jumping, "-r", "--bwlimit=1M", "--stop-after=1", source + "/", destination + "/");

        assertEquals(30, result.exitCode(), result::toString);
        assertEquals("rdcp: stopping at requested limit", result.err().strip(), result::toString);
        assertEquals(0, tempFiles(destination), "a temporary file was left behind");
    }
}
