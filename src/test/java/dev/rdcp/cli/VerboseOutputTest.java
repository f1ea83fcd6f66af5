package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * -v's output beside rsync's for the same copy: the opening line, a line per entry made or
 * changed (directories and symlinks included), "deleting" lines, and the closing "sent …
 * received …" and "total size is …" lines. rdcp lists a tree depth first, so names are compared
 * as sets; its byte counts are its own protocol's, so only their form is compared.
 */
class VerboseOutputTest extends SideBySideTest {

    private static final Pattern SENT = Pattern.compile(
            "sent ([0-9,]+) bytes  received ([0-9,]+) bytes  [0-9,]+\\.\\d\\d bytes/sec");
    private static final Pattern TOTAL = Pattern.compile("total size is ([0-9,]+)  speedup is [0-9,]+\\.\\d\\d( \\(DRY RUN\\))?");

    /** rsync's --progress lines: updates redrawn with '\r', the last one with the counts. */
    private static final Pattern PROGRESS = Pattern.compile(
            "(\r {0,14}[0-9,]+ +\\d{1,3}% +\\d+\\.\\d\\d[kMG]B/s +\\d+:\\d\\d:\\d\\d  )*"
            + "\r {0,14}[0-9,]+ 100% +\\d+\\.\\d\\d[kMG]B/s +\\d+:\\d\\d:\\d\\d \\(xfr#\\d, to-chk=\\d+/\\d+\\)");

    /** rsync's or rdcp's -v output, in parts. */
    private record Verbose(String opening, List<String> names, String sent, String total) {

        static Verbose of(String output) {
            List<String> lines = output.lines().toList();
            int blank = lines.lastIndexOf("");
            assertTrue(blank > 0 && lines.size() == blank + 3, output);
            return new Verbose(lines.get(0), lines.subList(1, blank).stream().sorted().toList(),
                    lines.get(blank + 1), lines.get(blank + 2));
        }

        long bytesSent() {
            return number(SENT, sent, 1);
        }

        long bytesReceived() {
            return number(SENT, sent, 2);
        }

        long totalSize() {
            return number(TOTAL, total, 1);
        }

        private static long number(Pattern pattern, String line, int group) {
            Matcher matcher = pattern.matcher(line);
            assertTrue(matcher.matches(), line);
            return Long.parseLong(matcher.group(group).replace(",", ""));
        }
    }

    @BeforeEach
    void tree() throws Exception {
        SideBySide.write(sides.source, "top", 3_000);
        SideBySide.write(sides.source, "d/e/f", 70_000);
        SideBySide.symlink(sides.source, "link", "top");
        SideBySide.datedDirectory(sides.source.resolve("d/e"));
        SideBySide.datedDirectory(sides.source.resolve("d"));
        SideBySide.datedDirectory(sides.source);
        Files.createDirectories(sides.served.resolve("rdcp"));
        Files.createDirectories(sides.served.resolve("rsync"));
    }

    private Verbose rdcp(String... options) {
        List<String> args = new ArrayList<>(List.of(options));
        args.addAll(List.of(sides.source + "/", "127.0.0.1::rdcp/"));
        Cli.Result result = sides.rdcp(args.toArray(String[]::new));
        assertEquals(0, result.exitCode(), result.toString());
        return Verbose.of(result.out());
    }

    private Verbose rsync(String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of(options));
        args.addAll(List.of("src/", "served/rsync/"));
        RsyncComparison.Run run = RsyncComparison.run(tmp, args.toArray(String[]::new));
        assertEquals(0, run.exitCode(), run::output);
        return Verbose.of(run.output());
    }

    @Test
    void aPushListsWhatRsyncListsBetweenItsOpeningAndClosingLines() throws Exception {
        Verbose rsync = rsync("-av");
        Verbose rdcp = rdcp("-av");

        assertEquals("sending incremental file list", rdcp.opening());
        assertEquals(rsync.opening(), rdcp.opening());
        assertEquals(List.of("./", "d/", "d/e/", "d/e/f", "link -> top", "top"), rdcp.names());
        assertEquals(rsync.names(), rdcp.names());
        // rsync counts a symlink's target in the total size: 3,000 + 70,000 + 3.
        assertEquals(73_003, rdcp.totalSize());
        assertEquals(rsync.totalSize(), rdcp.totalSize());
        assertTrue(rdcp.bytesSent() > 73_000, rdcp.sent());
        assertTrue(rdcp.bytesReceived() > 0 && rdcp.bytesReceived() < 73_000, rdcp.sent());
    }

    /** With -H rsync counts a hard-linked file once per name; so does rdcp, pushing and pulling. */
    @Test
    void theTotalSizeCountsEachNameOfAHardLinkedFile() throws Exception {
        Files.createLink(sides.source.resolve("top-again"), sides.source.resolve("top"));
        Verbose rsync = rsync("-aHv");
        Verbose pushed = rdcp("-aHv");
        assertEquals(76_003, rsync.totalSize());
        assertEquals(rsync.totalSize(), pushed.totalSize());

        RsyncComparison.rsync(tmp, "-aH", "src/", sides.served.resolve("exported") + "/");
        Cli.Result pulled = sides.rdcp("-aHv", "127.0.0.1::exported/", tmp.resolve("pulled") + "/");
        assertEquals(0, pulled.exitCode(), pulled.toString());
        assertEquals(rsync.totalSize(), Verbose.of(pulled.out()).totalSize());
    }

    /** --progress alone: -v's names, in a set, and each file's progress right under its name. */
    private static List<String> progressNames(String output) {
        List<String> lines = List.of(output.split("\n"));
        assertEquals("sending incremental file list", lines.get(0), output);
        List<String> names = new ArrayList<>();
        int files = 0;
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.indexOf('\r') < 0) {
                names.add(line);
                continue;
            }
            assertTrue(PROGRESS.matcher(line).matches(), line);
            assertTrue(List.of("top", "d/e/f").contains(lines.get(i - 1)), "under its file's name: " + output);
            files++;
        }
        assertEquals(2, files, output);
        return names.stream().sorted().toList();
    }

    @Test
    void progressListsWhatVerboseListsWithEachFilesProgressUnderItsName() throws Exception {
        RsyncComparison.Run rsync = RsyncComparison.run(tmp, "-a", "--progress", "src/", "served/rsync/");
        Cli.Result rdcp = sides.rdcp("-a", "--progress", sides.source + "/", "127.0.0.1::rdcp/");

        assertEquals(0, rdcp.exitCode(), rdcp.toString());
        assertEquals(List.of("./", "d/", "d/e/", "d/e/f", "link -> top", "top"), progressNames(rdcp.out()));
        assertEquals(progressNames(rsync.output()), progressNames(rdcp.out()));
    }

    /** The directory made for the copy is told first, named as the receiver was given it (a daemon's within its root). */
    @Test
    void aDestinationDirectoryTheCopyMakesIsToldFirst() throws Exception {
        RsyncComparison.Run rsync = RsyncComparison.run(tmp, "-av", "src/", "served/rsync/new/");
        Cli.Result rdcp = sides.rdcp("-av", sides.source + "/", "127.0.0.1::rdcp/new/");

        assertEquals(0, rdcp.exitCode(), rdcp.toString());
        assertEquals(List.of("sending incremental file list", "created directory served/rsync/new", "./"),
                rsync.output().lines().limit(3).toList());
        assertEquals(List.of("sending incremental file list", "created directory rdcp/new", "./"),
                rdcp.out().lines().limit(3).toList());
        Cli.Result again = sides.rdcp("-av", sides.source + "/", "127.0.0.1::rdcp/new/");
        assertTrue(again.out().lines().noneMatch(l -> l.startsWith("created directory")), again.out());
    }

    /** stdout's lines, progress updates split at their carriage returns, blank ones and byte counts left out. */
    private static List<String> infoLines(String output) {
        return output.lines().flatMap(line -> List.of(line.split("\r")).stream()).filter(line -> !line.isBlank())
                .map(line -> line.startsWith("sent ") ? "sent" : line.startsWith("total size is ") ? "total" : line)
                .map(line -> line.matches(" +[0-9,]+ +\\d+% .*") ? "progress" : line).distinct().sorted().toList();
    }

    /** --info's words over -v's levels: rsync's idiom for one progress line and no names, and single levels. */
    @Test
    void infoWordsChooseWhatIsTold() throws Exception {
        List<List<String>> all = List.of(List.of("-av", "--info=progress2", "--info=name0"), List.of("-a", "--info=name1"),
                List.of("-a", "--info=stats1,flist1"), List.of("-av", "--info=stats0"));
        List<List<String>> rdcpLines = new ArrayList<>();
        for (List<String> options : all) {
            List<String> rsyncArgs = new ArrayList<>(options);
            rsyncArgs.addAll(List.of("src/", "served/rsync/i" + rdcpLines.size() + "/"));
            RsyncComparison.Run rsync = RsyncComparison.run(tmp, rsyncArgs.toArray(String[]::new));
            List<String> rdcpArgs = new ArrayList<>(options);
            rdcpArgs.addAll(List.of(sides.source + "/", "127.0.0.1::rdcp/i" + rdcpLines.size() + "/"));
            Cli.Result rdcp = sides.rdcp(rdcpArgs.toArray(String[]::new));
            assertEquals(0, rdcp.exitCode(), rdcp.toString());
            List<String> lines = infoLines(rdcp.out());
            assertEquals(infoLines(rsync.output().replace("served/rsync/", "rdcp/")), lines, options.toString());
            rdcpLines.add(lines);
        }
        assertEquals(List.of("progress", "sending incremental file list", "sent", "total"), rdcpLines.get(0));
        assertEquals(List.of("sending incremental file list", "sent", "total"), rdcpLines.get(2));
    }

    @Test
    void anUnknownInfoWordIsRsyncsUsageError() throws Exception {
        sides.assertUsageErrorAsRsync("-a", "--info=bogus");
    }

    /** With --mkpath rsync counts the directories it made, for a directory or a file's directory. */
    @Test
    void mkpathCountsTheDirectoriesItMade() throws Exception {
        List<String> rsyncNotes = new ArrayList<>();
        List<String> rdcpNotes = new ArrayList<>();
        for (List<String> operands : List.of(List.of("src/", "m/a/b/"), List.of("src/top", "n/q/file"))) {
            rsyncNotes.add(RsyncComparison.run(tmp, "-av", "--mkpath", operands.get(0), "served/rsync/" + operands.get(1))
                    .output().lines().skip(1).findFirst().orElseThrow().replace("served/rsync/", "rdcp/"));
            String source = tmp.resolve(operands.get(0)) + (operands.get(0).endsWith("/") ? "/" : "");
            Cli.Result rdcp = sides.rdcp("-av", "--mkpath", source, "127.0.0.1::rdcp/" + operands.get(1));
            assertEquals(0, rdcp.exitCode(), rdcp.toString());
            rdcpNotes.add(rdcp.out().lines().skip(1).findFirst().orElseThrow());
        }
        assertEquals(List.of("created 3 directories for rdcp/m/a/b", "created 2 directories for rdcp/n/q"), rdcpNotes);
        assertEquals(rsyncNotes, rdcpNotes);
    }

    /**
     * As rsync, whose --mkpath makes DEST before the transfer: its "./" is itemized as one that
     * was there ('.d..t......'); in a dry run, which makes nothing, as new, after both notes.
     */
    @Test
    void mkpathItemizesTheDestinationAsRsyncDoes() throws Exception {
        SideBySide.datedDirectory(sides.source);
        for (String option : List.of("-ai", "-ain")) {
            String destination = "mk" + option + "/a/b/";
            List<String> rsync = RsyncComparison.run(tmp, option, "--mkpath", "src/", "served/rsync/" + destination)
                    .output().replace("served/rsync/", "rdcp/").lines().toList();
            Cli.Result rdcp = sides.rdcp(option, "--mkpath", sides.source + "/", "127.0.0.1::rdcp/" + destination);
            assertEquals(0, rdcp.exitCode(), rdcp.toString());
            // A push shows its files as sent ('<f'), rsync's local copy as received.
            assertEquals(rsync, rdcp.out().lines().map(l -> l.replaceFirst("^<f", ">f")).toList(), option);
        }
    }

    /** A format without %i names entries but not the directory made, as rsync's; with %i it does. */
    @Test
    void onlyVerboseOrAFormatWithItemizeTellsTheDirectoryMade() throws Exception {
        for (String format : List.of("%n", "%i %n")) {
            String rsync = RsyncComparison.run(tmp, "-a", "--out-format=" + format, "src/",
                    "served/rsync/new-" + format.length() + "/").output();
            Cli.Result rdcp = sides.rdcp("-a", "--out-format=" + format, sides.source + "/",
                    "127.0.0.1::rdcp/new-" + format.length() + "/");
            assertEquals(0, rdcp.exitCode(), rdcp.toString());
            boolean told = format.contains("%i");
            assertEquals(told, rsync.lines().anyMatch(l -> l.startsWith("created directory ")), rsync);
            assertEquals(told, rdcp.out().lines().anyMatch(l -> l.startsWith("created directory ")), rdcp.out());
        }
    }

    @Test
    void anUpToDateTreeListsNothingAndADeletionSaysDeleting() throws Exception {
        assertEquals(0, RsyncComparison.run(tmp, "-a", "src/", "served/rsync/").exitCode());
        assertEquals(0, sides.rdcp("-a", sides.source + "/", "127.0.0.1::rdcp/").exitCode());
        Files.delete(sides.source.resolve("top"));
        SideBySide.datedDirectory(sides.source);

        Verbose rsync = rsync("-av", "--delete");
        Verbose rdcp = rdcp("-av", "--delete");

        assertEquals(List.of("deleting top"), rdcp.names());
        assertEquals(rsync.names(), rdcp.names());
        assertEquals(rsync.totalSize(), rdcp.totalSize());
        assertTrue(rdcp.bytesSent() < 70_000, "no file data moved: " + rdcp.sent());
    }

    /** --log-file's last line counts what -v's closing line counts. */
    @Test
    void theLogFileEndsWithTheSameCounts() throws Exception {
        Path log = tmp.resolve("log");
        Verbose rdcp = rdcp("-av", "--log-file=" + log);
        List<String> lines = Files.readAllLines(log);
        String last = lines.get(lines.size() - 1);
        assertTrue(last.endsWith("] sent " + rdcp.bytesSent() + " bytes  received " + rdcp.bytesReceived()
                + " bytes  total size " + rdcp.totalSize()), last + " / " + rdcp.sent());
    }

    /** -h shows sizes and the rate with units, but the speedup stays a plain number, as rsync's. */
    @Test
    void humanReadableLeavesTheSpeedupANumber() throws Exception {
        Verbose rsync = rsync("-avh");
        Verbose rdcp = rdcp("-avh");
        Pattern plain = Pattern.compile("total size is 73\\.00K  speedup is [0-9,]+\\.\\d\\d");
        assertTrue(plain.matcher(rsync.total()).matches(), rsync.total());
        assertTrue(plain.matcher(rdcp.total()).matches(), rdcp.total());
    }

    @Test
    void aDryRunSaysSoOnItsLastLine() throws Exception {
        Verbose rsync = rsync("-avn");
        Verbose rdcp = rdcp("-avn");

        assertEquals(rsync.names(), rdcp.names());
        assertTrue(rdcp.total().endsWith(" (DRY RUN)"), rdcp.total());
        assertTrue(rsync.total().endsWith(" (DRY RUN)"), rsync.total());
        assertTrue(Files.notExists(sides.served.resolve("rdcp/top")));
    }

    @Test
    void aPullReceivesTheFileDataItCounts() throws Exception {
        Path target = tmp.resolve("pulled");
        Files.createDirectories(target);
        Cli.Result pushed = sides.rdcp("-a", sides.source + "/", "127.0.0.1::rdcp/");
        assertEquals(0, pushed.exitCode(), pushed.toString());

        Cli.Result pull = sides.rdcp("-av", "127.0.0.1::rdcp/", target + "/");

        assertEquals(0, pull.exitCode(), pull.toString());
        Verbose rdcp = Verbose.of(pull.out());
        assertEquals("receiving incremental file list", rdcp.opening());
        assertEquals(List.of("./", "d/", "d/e/", "d/e/f", "link -> top", "top"), rdcp.names());
        assertTrue(rdcp.bytesReceived() > 73_000, rdcp.sent());
        assertTrue(rdcp.bytesSent() < 73_000, rdcp.sent());
    }
}
