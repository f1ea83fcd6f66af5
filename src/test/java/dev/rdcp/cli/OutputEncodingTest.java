package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.transfer.RawNames;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How names that are not plain text are printed, and -8: compared byte for byte with rsync's
 * lines in a UTF-8 locale (the one rdcp's launcher runs in). A byte that is not UTF-8 is rsync's
 * {@code \#ooo}, or itself with -8; a backslash that would read as an escape is escaped.
 */
class OutputEncodingTest {

    private static final Map<String, String> UTF8_LOCALE = Map.of("LC_ALL", "C.UTF-8");
    /** Names rdcp prints as rsync does: UTF-8, Latin-1 bytes, a control character, a literal escape. */
    private static final List<byte[]> NAMES = List.of(bytes("caf\u00e9"), new byte[] {'l', 'a', 't', (byte) 0xe9},
            new byte[] {'h', 'i', (byte) 0xff, (byte) 0xa0}, bytes("ctl\u0001x"), bytes("lit\\#101"));

    @TempDir
    Path tmp;

    /** Each run's own destination, so that each prints every name. */
    private int runs;

    @BeforeEach
    void tree() throws Exception {
        RsyncComparison.requireRsync();
        Path source = Files.createDirectories(tmp.resolve("src"));
        for (byte[] name : NAMES) {
            RawNames.createFile(source, name);
        }
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** rsync's lines for --out-format=%n, sorted, without the "./" of the destination. */
    private List<String> rsyncLines(String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of(options));
        args.addAll(List.of("-r", "--out-format=%n", "src/", "rsync-" + ++runs + "/"));
        RsyncComparison.Streams rsync = RsyncComparison.runApart(tmp, UTF8_LOCALE, args.toArray(String[]::new));
        assertEquals(0, rsync.exitCode(), () -> new String(rsync.err(), StandardCharsets.ISO_8859_1));
        return sortedLines(rsync.out());
    }

    /** rdcp's lines for the same, as the bytes its stdout writes them in. */
    private List<String> rdcpLines(String... options) throws IOException {
        List<String> args = new ArrayList<>(List.of(options));
        args.addAll(List.of("-r", "--out-format=%n", tmp.resolve("src") + "/", tmp.resolve("rdcp-" + ++runs) + "/"));
        Cli.Result rdcp = Cli.rdcp(args.toArray(String[]::new));
        assertEquals(0, rdcp.exitCode(), rdcp::toString);
        return sortedLines(asWritten(rdcp.out()));
    }

    /** {@code text} as RawByteOutput writes it on a UTF-8 stdout. */
    private static byte[] asWritten(String text) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintWriter out = new PrintWriter(new RawByteOutput(bytes))) {
            out.print(text);
        }
        return bytes.toByteArray();
    }

    /** Lines of raw bytes, each byte a char (Latin-1), so that any byte compares as itself. */
    private static List<String> sortedLines(byte[] output) {
        return new String(output, StandardCharsets.ISO_8859_1).lines().filter(l -> !l.equals("./")).sorted().toList();
    }

    @Test
    void namesArePrintedAsRsyncPrintsThem() throws Exception {
        List<String> rsync = rsyncLines();
        assertTrue(rsync.contains("lat\\#351"), rsync.toString());
        assertEquals(rsync, rdcpLines());
    }

    @Test
    void eightBitOutputLetsTheBytesThrough() throws Exception {
        List<String> rsync = rsyncLines("-8");
        assertTrue(rsync.contains("lat\u00e9"), "the byte 0xe9 itself: " + rsync);
        assertEquals(rsync, rdcpLines("-8"));
        assertEquals(rsyncLines("--no-8-bit-output"), rdcpLines("--8-bit-output", "--no-8"));
    }

    /** --list-only of local files, with and without -8: the names (each line's last field) as rsync's. */
    @Test
    void aLocalListingShowsNamesAsRsync() throws Exception {
        for (String option : List.of("--no-8", "-8")) {
            RsyncComparison.Streams rsync = RsyncComparison.runApart(tmp, UTF8_LOCALE, option, "--list-only", "src/");
            Cli.Result rdcp = Cli.rdcp(option, "--list-only", tmp.resolve("src") + "/");
            assertEquals(0, rdcp.exitCode(), rdcp::toString);
            assertEquals(lastFields(rsync.out()), lastFields(asWritten(rdcp.out())), option);
        }
    }

    private static List<String> lastFields(byte[] listing) {
        return sortedLines(listing).stream().map(l -> l.substring(l.lastIndexOf(' ') + 1)).sorted().toList();
    }

    /**
     * Where rdcp escapes more than rsync: DEL, a C1 character (U+0085, which an 8-bit terminal takes
     * for a command, 0x85) and a tab, with -8 too; rsync prints them as they are.
     */
    @Test
    void controlCharactersStayEscapedWithEightBit() throws Exception {
        for (byte[] name : List.of(bytes("del\u007f"), bytes("nel\u0085"), bytes("tab\t"), new byte[] {'c', (byte) 0x85})) {
            RawNames.createFile(tmp.resolve("src"), name);
        }
        List<String> lines = rdcpLines("-8");
        assertTrue(lines.containsAll(List.of("del\\#177", "nel\\#205", "tab\\#011", "c\\#205")), lines.toString());
    }

    /** The launcher's process: stdout carries the byte itself, where the in-process tests see its stand-in. */
    @Test
    void theProcessWritesTheRawByte() throws Exception {
        List<String> command = new ArrayList<>(StopScenario.thisClassPath());
        command.addAll(List.of("-8", "-r", "--out-format=%n", tmp.resolve("src") + "/", tmp.resolve("dst") + "/"));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putAll(UTF8_LOCALE);
        Process process = builder.start();
        byte[] out = process.getInputStream().readAllBytes();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), new String(process.getErrorStream().readAllBytes()));
        assertTrue(sortedLines(out).contains("lat\u00e9"), new String(out, StandardCharsets.ISO_8859_1));
    }

    @Test
    void aByteStandInIsTheByteOnlyOutsideASurrogatePair() throws IOException {
        assertArrayEquals(new byte[] {'a', (byte) 0xe9, 'b'}, asWritten("a\uDCE9b"));
        assertArrayEquals(bytes("\uD83D\uDCA9"), asWritten("\uD83D\uDCA9"), "U+1F4A9's second half is no byte");
    }
}
