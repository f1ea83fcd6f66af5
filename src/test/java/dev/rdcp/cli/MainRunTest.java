package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ExitCode;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainRunTest {

    private static final Duration LIMIT = Duration.ofSeconds(20);

    record Result(int exitCode, String out, String err) {
        List<String> errLines() {
            return err.lines().toList();
        }
    }

    private static Result run(String... args) {
        return assertTimeoutPreemptively(LIMIT, () -> {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
            return new Result(code, out.toString(), err.toString());
        });
    }

    private static void assertUsageError(Result result) {
        assertEquals(ExitCode.USAGE.code(), result.exitCode(), result.err());
        List<String> lines = result.errLines();
        assertEquals(2, lines.size(), result.err());
        assertTrue(lines.get(0).startsWith("rdcp: "), result.err());
        assertTrue(lines.get(1).startsWith("Try 'rdcp --help'"), result.err());
        assertFalse(result.err().contains("Exception"), result.err());
    }

    @Test
    void aLoneOperandIsListedAsRsyncListsIt(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("file"), "four");
        Result listed = run(file.toString());
        assertEquals(0, listed.exitCode(), listed.err());
        assertTrue(listed.out().matches("-rw-[-r][-w]-[-r][-w]- {14}4 \\d{4}/\\d\\d/\\d\\d \\d\\d:\\d\\d:\\d\\d file\\n"),
                listed.out());
        Result missing = run(tmp.resolve("onlyonearg").toString());
        assertEquals(ExitCode.PARTIAL.code(), missing.exitCode(), missing.err());
        assertEquals(List.of("rdcp: " + tmp.resolve("onlyonearg") + ": no such file or directory"), missing.errLines());
    }

    /**
     * As rsync 3.5.0, whose sender changes into "NAME/" to list it ("change_dir failed: Not a
     * directory", 23): a file so named, or a symlink to one, is not sent, where rdcp copied it.
     */
    @Test
    void aFileNamedWithATrailingSlashIsNotADirectory(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("file"), "x");
        Path link = Files.createSymbolicLink(tmp.resolve("link"), file.getFileName());
        for (Path named : List.of(file, link)) {
            Path destination = tmp.resolve("dst-" + named.getFileName());
            Result result = run("-a", named + "/", destination + "/");
            assertEquals(ExitCode.PARTIAL.code(), result.exitCode(), result.err());
            assertEquals(List.of("rdcp: " + named + ": Not a directory"), result.errLines());
            try (Stream<Path> copied = Files.list(destination)) {
                assertEquals(List.of(), copied.toList());
            }
        }
    }

    @Test
    void twoLocalOperandsCopyLocallyAsRsyncDoes(@TempDir Path tmp) throws Exception {
        Path a = Files.writeString(tmp.resolve("a"), "x");
        Result result = run(a.toString(), tmp.resolve("b").toString());
        assertEquals(0, result.exitCode(), result.err());
        assertEquals("x", Files.readString(tmp.resolve("b")));
    }

    @Test
    void sourcesOnThisHostAndARemoteOneAreAUsageError(@TempDir Path tmp) throws Exception {
        Path a = Files.writeString(tmp.resolve("a"), "x");
        Result result = run(a.toString(), "host:b", tmp.resolve("c").toString());
        assertUsageError(result);
        assertTrue(result.errLines().get(0).contains("all sources must be on the same remote host"), result.err());
        assertFalse(Files.exists(tmp.resolve("c")));
    }

    @Test
    void twoRemoteOperandsAreAUsageError() {
        Result result = run("h1:a", "h2::b");
        assertUsageError(result);
        assertTrue(result.errLines().get(0).contains("one side must be local"), result.err());
    }

    /** As rsync: --list-only with two operands or more takes the last as a destination too. */
    @Test
    void listOnlyOfRemoteOperandsOnlyIsAUsageError() {
        Result result = run("--list-only", "h1::m/a", "h1::m/b");
        assertUsageError(result);
        assertTrue(result.errLines().get(0).contains("one side must be local"), result.err());
    }

    @Test
    void chunkSizeNotAMultipleOf4KiBIsAUsageError() {
        Result result = run("--chunk-size", "1000", "a", "host:b");
        assertUsageError(result);
        assertTrue(result.errLines().get(0).contains("chunk size must be a multiple of 4 KiB"), result.err());
    }

    @Test
    void unparsableChunkSizeIsAUsageError() {
        Result result = run("--chunk-size", "lots", "a", "host:b");
        assertUsageError(result);
    }

    @Test
    void badPortInAnOperandIsAUsageError() {
        assertUsageError(run("a", "rdcp://host:99999/x"));
    }

    @Test
    void serveWithAMissingRootExits3WithOneLine() {
        Result result = run("serve", "--root", "/nonexistent");
        assertEquals(ExitCode.FILE_SELECTION.code(), result.exitCode(), result.err());
        assertEquals(1, result.errLines().size(), result.err());
        assertTrue(result.err().startsWith("rdcp: "), result.err());
        assertTrue(result.err().contains("/nonexistent"), result.err());
    }

    @Test
    void serveWithAFileAsRootExits3(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("plain"), "x");
        Result result = run("serve", "--root", file.toString(), "--port", "0");
        assertEquals(ExitCode.FILE_SELECTION.code(), result.exitCode(), result.err());
        assertEquals(1, result.errLines().size(), result.err());
    }

    @Test
    void serveRefusesATimeoutBelowOneSecond(@TempDir Path tmp) {
        for (String timeout : List.of("0", "-5")) {
            Result result = run("serve", "--root", tmp.toString(), "--port", "0", "--timeout", timeout);
            assertEquals(ExitCode.USAGE.code(), result.exitCode(), result.err());
            // 0 is below serve's least; -5 is no --timeout at all.
            assertTrue(result.errLines().get(0).startsWith(timeout.equals("0") ? "rdcp: --timeout"
                    : "rdcp: Invalid value for option '--timeout'"), result.err());
            assertFalse(result.err().contains("Exception"), result.err());
            assertEquals("", result.out());
        }
    }

    /**
     * --timeout beyond rsync's range (an int) overflowed where it became nanoseconds: a copy's own
     * server ended with "long overflow", and so did a remote shell's rdcp given it by -M (exit
     * 70); a negative one ended every wait at once. Both are usage errors now, as rsync's
     * "number too large or too small".
     */
    /** rsync's --timeout=0, none: a copy no longer times out at its first empty wait (exit 30); the largest is taken too. */
    @Test
    void aTimeoutOfZeroOrTheLargestCopies(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("a"), "x");
        for (String timeout : List.of("0", "2147483647")) {
            Result result = run("--timeout=" + timeout, file.toString(), tmp.resolve("b" + timeout).toString());
            assertEquals(0, result.exitCode(), timeout + ": " + result.err());
            assertEquals("x", Files.readString(tmp.resolve("b" + timeout)));
        }
    }

    @Test
    void aTimeoutOutOfRangeIsAUsageError(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("a"), "x");
        for (String timeout : List.of("99999999999999", "2147483648", "-5")) {
            for (List<String> args : List.of(List.of("--timeout=" + timeout, file.toString(), tmp.resolve("b").toString()),
                    List.of("--server", "--timeout=" + timeout))) {
                Result result = run(args.toArray(String[]::new));
                assertEquals(ExitCode.USAGE.code(), result.exitCode(), args + ": " + result.err());
                assertTrue(result.errLines().get(0).startsWith("rdcp: Invalid value for option '--timeout': --timeout must be"
                        + " 0 (none) to 2147483647 seconds, not " + timeout), result.err());
                assertEquals("", result.out(), args.toString());
            }
        }
        assertTrue(Files.notExists(tmp.resolve("b")));
    }

    @Test
    void serveRefusesASecretFileOthersCanRead(@TempDir Path tmp) throws Exception {
        Path secret = Files.writeString(tmp.resolve("secret"), "s3cret\n");
        Files.setPosixFilePermissions(secret, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
        Result result = run("serve", "--root", tmp.toString(), "--port", "0", "--secret-file", secret.toString());
        assertEquals(ExitCode.FILE_SELECTION.code(), result.exitCode(), result.err());
        assertEquals(1, result.errLines().size(), result.err());
        assertTrue(result.err().contains("must not be accessible to group or others"), result.err());
    }

    @Test
    void serveWithoutRootIsAUsageErrorPointingAtServeHelp() {
        Result result = run("serve");
        assertEquals(ExitCode.USAGE.code(), result.exitCode(), result.err());
        assertTrue(result.err().contains("--root"), result.err());
        assertTrue(result.err().contains("rdcp serve --help"), result.err());
    }

    /** rsync's daemon mode given to the daemon: the daemon table's reason, not "Unknown option". */
    @Test
    void serveRefusesDaemonWithTheReason(@TempDir Path tmp) {
        Result result = run("serve", "--daemon", "--root", tmp.toString(), "--port", "0");
        assertEquals(ExitCode.USAGE.code(), result.exitCode(), result.err());
        assertTrue(result.errLines().get(0).endsWith("--daemon: refused: 'rdcp serve' is the daemon, and never detaches"
                + " (run it under a service manager)"), result.err());
    }

    @Test
    void versionPrintsTheName() {
        Result result = run("--version");
        assertEquals(0, result.exitCode());
        assertTrue(result.out().startsWith("rdcp "), result.out());
        assertEquals("", result.err());
    }

    /**
     * As rsync: the help on stderr, and exit 1, so that a script that lost its operands does not
     * pass for a copy, nor read the help as a copy's output.
     */
    @Test
    void noOperandsPrintsUsageOnStderrAndExits1() {
        for (String[] args : List.of(new String[0], new String[] {"-a"})) {
            Result result = run(args);
            assertEquals(ExitCode.USAGE.code(), result.exitCode());
            assertTrue(result.err().startsWith("Usage: rdcp"), result.err());
            assertEquals("", result.out());
        }
    }

    /** The JVM replaced bytes it could not decode: copying would land the data under another name. */
    @Test
    void anOperandThatWasNotUtf8IsAUsageError(@TempDir Path tmp) {
        Result result = run("-r", tmp + "/", "host::dst\uFFFD/", "--port", "1");
        assertEquals(ExitCode.USAGE.code(), result.exitCode(), result.err());
        assertTrue(result.errLines().get(0).startsWith("rdcp: an operand is not valid UTF-8"), result.err());
    }

    @Test
    void aMissingFilesFromFileIsAUsageErrorInRsyncsWords(@TempDir Path tmp) {
        Result result = run("-r", "--files-from=" + tmp.resolve("nolist"), tmp.toString(), "host::x", "--port", "1");
        assertEquals(ExitCode.USAGE.code(), result.exitCode(), result.err());
        assertEquals(List.of("rdcp: failed to open files-from file " + tmp.resolve("nolist") + ": No such file or directory"),
                result.errLines());
    }

    @Test
    void aMissingExcludeOrIncludeFileIsAnIoErrorInRsyncsWords(@TempDir Path tmp) {
        for (String option : List.of("exclude", "include")) {
            Result result = run("-r", "--" + option + "-from=" + tmp.resolve("norules"), tmp + "/", "host::x",
                    "--port", "1");
            assertEquals(ExitCode.FILE_IO.code(), result.exitCode(), result.err());
            assertEquals(List.of("rdcp: failed to open " + option + " file " + tmp.resolve("norules")
                    + ": No such file or directory"), result.errLines());
        }
    }

    @Test
    void anExcludeFileThatIsNotTextIsAUsageError(@TempDir Path tmp) throws Exception {
        Path latin1 = Files.write(tmp.resolve("latin1"), new byte[] {'a', (byte) 0xE9, '\n'});
        assertUsageError(run("-r", "--exclude-from=" + latin1, tmp + "/", "host::x", "--port", "1"));
    }

    /**
     * A daemon whose accept queue is full drops the connection's SYN: past --contimeout the client
     * gives up with rsync's 35, naming the option.
     */
    @Test
    void aConnectionThatDoesNotComeWithinContimeoutIs35(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("a"), "x");
        try (ServerSocket full = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            List<java.net.Socket> queued = new java.util.ArrayList<>();
            try {
                for (int i = 0; i < 3; i++) {
                    java.net.Socket socket = new java.net.Socket();
                    try {
                        socket.connect(full.getLocalSocketAddress(), 500);
                    } catch (SocketTimeoutException e) {
                        socket.close();
                        break;
                    }
                    queued.add(socket);
                }
                Result result = run("--contimeout=1", "--transport", "tcp", "--port",
                        String.valueOf(full.getLocalPort()), file.toString(), "127.0.0.1::x");
                assertEquals(ExitCode.CONNECTION_TIMEOUT.code(), result.exitCode(), result.err());
                assertEquals(List.of("rdcp: timed out connecting to 127.0.0.1 port " + full.getLocalPort()
                        + " (--contimeout=1)"), result.errLines());
            } finally {
                for (java.net.Socket socket : queued) {
                    socket.close();
                }
            }
        }
    }

    @Test
    void aNegativeContimeoutIsAUsageError(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("a"), "x");
        assertUsageError(run("--contimeout=-1", file.toString(), "127.0.0.1::x"));
    }

    @Test
    void aSuffixWithASlashIsAUsageErrorEvenWithoutBackups(@TempDir Path tmp) {
        Result result = run("-r", "--suffix=a/b", tmp + "/", "host::x", "--port", "1");
        assertEquals(ExitCode.USAGE.code(), result.exitCode(), result.err());
        assertTrue(result.err().contains("--suffix cannot contain slashes: a/b"), result.err());
    }
    @Test
    void missingSourceExits23WithOneLine(@TempDir Path tmp) {
        Result result = run("/nonexistent/file", tmp.resolve("x").toString());
        assertEquals(ExitCode.PARTIAL.code(), result.exitCode(), result.err());
        assertEquals(List.of("rdcp: /nonexistent/file: no such file or directory"), result.errLines());
        assertEquals("", result.out());
    }

    /** An existing file of arguments would turn the operand into --version and exit 0. */
    @Test
    void anOperandStartingWithAtIsAFileNotArguments(@TempDir Path tmp) throws Exception {
        Path arguments = Files.writeString(tmp.resolve("arguments"), "--version\n");
        Result result = run("@" + arguments, tmp.resolve("x").toString());
        assertEquals(ExitCode.PARTIAL.code(), result.exitCode(), result.err());
        assertEquals(List.of("rdcp: @" + arguments + ": no such file or directory"), result.errLines());
        assertEquals("", result.out());
    }

    @Test
    void deleteWithoutRecursionIsAUsageError() {
        Result result = run("--delete", "a", "host::b");
        assertEquals(ExitCode.USAGE.code(), result.exitCode(), result.err());
        assertTrue(result.err().contains("--delete does not work without --recursive (-r) or --dirs (-d)."), result.err());
    }

    /** Issue 13: -h in a cluster is --human-readable; "rdcp -avh SRC DEST" printed the help and exited 0. */
    @Test
    void hInAClusterIsHumanReadableNotHelp(@TempDir Path tmp) {
        Result result = run("-avh", "/nonexistent/src/", tmp + "/dst/");
        assertEquals(ExitCode.PARTIAL.code(), result.exitCode(), result.out() + result.err());
        assertFalse(result.out().contains("Usage:"), result.out());
        assertEquals(List.of("rdcp: /nonexistent/src: no such file or directory"), result.errLines());
    }

    @Test
    void hAloneShowsTheHelpAsInRsync() {
        Result result = run("-h");
        assertEquals(0, result.exitCode(), result.err());
        assertTrue(result.out().startsWith("Usage: rdcp"), result.out());
    }

    @Test
    void longHelpShowsTheHelpEvenWithOperands() {
        Result result = run("--help", "a", "host:b");
        assertEquals(0, result.exitCode(), result.err());
        assertTrue(result.out().startsWith("Usage: rdcp"), result.out());
    }

    @Test
    void capitalVIsTheVersion() {
        Result result = run("-V");
        assertEquals(0, result.exitCode(), result.err());
        assertTrue(result.out().startsWith("rdcp "), result.out());
    }

    /** rsync scripts repeat --exclude; picocli refused a second one. */
    @Test
    void optionsRepeatAsInRsync(@TempDir Path tmp) {
        Result result = run("-a", "--exclude", "*.o", "--exclude", "*.tmp", "--port", "2", "--port", "1",
                "/nonexistent/src/", tmp + "/dst/");
        assertEquals(ExitCode.PARTIAL.code(), result.exitCode(), result.err());
        assertEquals(List.of("rdcp: /nonexistent/src: no such file or directory"), result.errLines());
    }
}
