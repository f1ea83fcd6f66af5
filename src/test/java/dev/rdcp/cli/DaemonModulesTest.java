package dev.rdcp.cli;

import static dev.rdcp.cli.Cli.randomFile;
import static dev.rdcp.cli.Cli.rdcp;
import static dev.rdcp.cli.Cli.sha256;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.session.AddressRange;
import dev.rdcp.session.DaemonModule;
import dev.rdcp.session.OptionRefusals;
import dev.rdcp.session.ServedModules;
import dev.rdcp.transfer.ChmodRules;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A daemon serving named modules (HOST::MODULE/PATH), over the TCP transport on the host. */
class DaemonModulesTest {

    @TempDir
    Path tmp;

    private Path data;
    private Path archive;
    private Path guarded;
    private Path elsewhere;
    private InProcessDaemon daemon;

    @BeforeEach
    void start() throws IOException {
        data = Files.createDirectories(tmp.resolve("data"));
        archive = Files.createDirectories(tmp.resolve("archive"));
        guarded = Files.createDirectories(tmp.resolve("guarded"));
        elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        Files.writeString(archive.resolve("old.txt"), "kept\n");
        daemon = new InProcessDaemon(ServedModules.named(List.of(
                new DaemonModule("data", data, false, null, List.of(), List.of(), 0),
                new DaemonModule("archive", archive, true, null, List.of(), List.of(), 0),
                new DaemonModule("guarded", guarded, false, "s3cret".getBytes(StandardCharsets.UTF_8),
                        List.of(AddressRange.parse("127.0.0.0/8")), List.of(), 0),
                new DaemonModule("elsewhere", elsewhere, false, null, List.of(AddressRange.parse("10.0.0.0/8")),
                        List.of(), 0))), 10);
    }

    @AfterEach
    void stop() throws IOException {
        daemon.close();
    }

    private Cli.Result tcp(String... args) {
        List<String> all = new ArrayList<>(List.of("--timeout", "10", "--transport", "tcp", "--port",
                String.valueOf(daemon.port())));
        all.addAll(List.of(args));
        return rdcp(all.toArray(String[]::new));
    }

    @Test
    void aPushLandsInTheModulesDirectory() throws IOException {
        Path file = randomFile(tmp.resolve("f.bin"), 70_000, 1);
        Cli.Result colons = tcp(file.toString(), "127.0.0.1::data/in/");
        assertEquals(0, colons.exitCode(), colons::toString);
        assertEquals(sha256(file), sha256(data.resolve("in/f.bin")));
        Cli.Result url = tcp(file.toString(), "rsync://127.0.0.1:" + daemon.port() + "/data/again.bin");
        assertEquals(0, url.exitCode(), url::toString);
        assertEquals(sha256(file), sha256(data.resolve("again.bin")));
    }

    @Test
    void aPullReadsFromTheModule() throws IOException {
        Path back = tmp.resolve("back");
        Cli.Result pull = tcp("127.0.0.1::archive/old.txt", back.toString());
        assertEquals(0, pull.exitCode(), pull::toString);
        assertEquals("kept\n", Files.readString(back));
    }

    /**
     * As rsync's daemon: "archive" and "archive/" both stand for the module's contents, not for a
     * directory named as the module's path happens to be on the server's disk.
     */
    @Test
    void aPullOfAModulesTopCopiesItsContents() throws IOException {
        for (String operand : List.of("127.0.0.1::archive", "127.0.0.1::archive/")) {
            Path into = Files.createDirectories(tmp.resolve("into" + operand.length()));
            Cli.Result pull = tcp("-r", operand, into + "/");
            assertEquals(0, pull.exitCode(), pull::toString);
            assertEquals("kept\n", Files.readString(into.resolve("old.txt")), operand);
            assertFalse(Files.exists(into.resolve("archive")), operand);
        }
    }

    @Test
    void aReadOnlyModuleRefusesUploads() throws IOException {
        Path file = randomFile(tmp.resolve("f.bin"), 10, 2);
        Cli.Result push = tcp(file.toString(), "127.0.0.1::archive/");
        assertEquals(ExitCode.START_CLIENT_SERVER.code(), push.exitCode(), push::toString);
        assertTrue(push.err().contains("read-only"), push.err());
        assertFalse(Files.exists(archive.resolve("f.bin")));
    }

    @Test
    void anUnknownModuleIsNamed() throws IOException {
        Path file = randomFile(tmp.resolve("f.bin"), 10, 3);
        Cli.Result push = tcp(file.toString(), "127.0.0.1::nope/x");
        assertEquals(ExitCode.START_CLIENT_SERVER.code(), push.exitCode(), push::toString);
        assertTrue(push.err().contains("unknown module 'nope'"), push.err());
    }

    @Test
    void hostsAllowKeepsOtherNetworksOut() throws IOException {
        Path file = randomFile(tmp.resolve("f.bin"), 10, 4);
        Cli.Result push = tcp(file.toString(), "127.0.0.1::elsewhere/");
        assertEquals(ExitCode.START_CLIENT_SERVER.code(), push.exitCode(), push::toString);
        assertTrue(push.err().contains("access denied to module 'elsewhere' from 127.0.0.1"), push.err());
        assertFalse(Files.exists(elsewhere.resolve("f.bin")));
    }

    @Test
    void aModulesSecretIsItsOwn() throws IOException {
        Path file = randomFile(tmp.resolve("f.bin"), 1000, 5);
        Cli.Result without = tcp(file.toString(), "127.0.0.1::guarded/");
        assertEquals(ExitCode.START_CLIENT_SERVER.code(), without.exitCode(), without::toString);
        assertTrue(without.err().contains("this module requires authentication: give the shared secret with --secret-file"),
                without.err());
        Path secret = Files.writeString(tmp.resolve("secret"), "s3cret\n");
        Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
        Cli.Result with = tcp("--secret-file", secret.toString(), file.toString(), "127.0.0.1::guarded/");
        assertEquals(0, with.exitCode(), with::toString);
        assertEquals(sha256(file), sha256(guarded.resolve("f.bin")));
        // The secret of one module opens no other: the open module takes the same client as well.
        Cli.Result open = tcp("--secret-file", secret.toString(), file.toString(), "127.0.0.1::data/");
        assertEquals(0, open.exitCode(), open::toString);
    }

    @Test
    void aBadConfigIsOneLineAndExitOne() throws IOException {
        Path config = Files.writeString(tmp.resolve("rdcpd.conf"), "[m]\npath = " + data + "\nhosts alow = 10.0.0.0/8\n");
        Cli.Result serve = rdcp("serve", "--config", config.toString());
        assertEquals(ExitCode.USAGE.code(), serve.exitCode(), serve::toString);
        assertEquals(1, serve.err().lines().count(), serve.err());
        assertTrue(serve.err().startsWith("rdcp: " + config + ":3: unknown parameter 'hosts alow'"), serve.err());

        Path missing = Files.writeString(tmp.resolve("missing.conf"), "[m]\npath = " + tmp.resolve("none") + "\n");
        Cli.Result noDirectory = rdcp("serve", "--config", missing.toString());
        assertEquals(ExitCode.USAGE.code(), noDirectory.exitCode(), noDirectory::toString);
        assertEquals("rdcp: " + missing + ": module [m]: path " + tmp.resolve("none") + " is not a directory\n",
                noDirectory.err());
    }

    @Test
    void rootAndConfigExcludeEachOther() throws IOException {
        Path config = Files.writeString(tmp.resolve("rdcpd.conf"), "[m]\npath = " + data + "\n");
        Cli.Result both = rdcp("serve", "--root", data.toString(), "--config", config.toString());
        assertEquals(ExitCode.USAGE.code(), both.exitCode(), both::toString);
        assertTrue(both.err().startsWith("rdcp: give either --root DIR or --config FILE"), both.err());
        Cli.Result readOnly = rdcp("serve", "--config", config.toString(), "--read-only");
        assertEquals(ExitCode.USAGE.code(), readOnly.exitCode(), readOnly::toString);
        assertTrue(readOnly.err().startsWith("rdcp: --read-only is for --root"), readOnly.err());
    }

    /**
     * rsync's HOST:: alone lists the modules a host may use, with their comments, in rsync's
     * format (name padded to 15, a tab, the comment), without a secret; rsync's daemon with the
     * same modules prints the same lines.
     */
    @Test
    void hostAloneListsTheModulesAsRsyncDoes() throws Exception {
        RsyncComparison.requireRsync();
        InProcessDaemon commented = new InProcessDaemon(ServedModules.named(List.of(
                new DaemonModule("data", data, false, null, List.of(), List.of(), 0, "the data"),
                new DaemonModule("guarded", guarded, false, "s3cret".getBytes(StandardCharsets.UTF_8),
                        List.of(), List.of(), 0, ""),
                new DaemonModule("elsewhere", elsewhere, false, null, List.of(AddressRange.parse("10.0.0.0/8")),
                        List.of(), 0, "not for 127.0.0.1"),
                new DaemonModule("hidden", archive, true, null, List.of(), List.of(), 0, "unlisted",
                        new DaemonModule.Serving(false, 0, false, false, false, ChmodRules.NONE,
                                ChmodRules.NONE, OptionRefusals.NONE)))), 10);
        Path conf = Files.writeString(tmp.resolve("rsyncd.conf"), "use chroot = no\n"
                + "[data]\npath = " + data + "\ncomment = the data\n"
                + "[guarded]\npath = " + guarded + "\nauth users = u\nsecrets file = " + tmp.resolve("none") + "\n"
                + "[elsewhere]\npath = " + elsewhere + "\nhosts allow = 10.0.0.0/8\nlist = no\n"
                + "[hidden]\npath = " + archive + "\ncomment = unlisted\nlist = no\n");
        try (commented) {
            Cli.Result listed = rdcp("--timeout", "10", "--transport", "tcp", "--port",
                    String.valueOf(commented.port()), "127.0.0.1::");
            assertEquals(0, listed.exitCode(), listed::toString);
            assertEquals("data           \tthe data\nguarded        \t\n", listed.out());
            Cli.Result url = rdcp("--timeout", "10", "--transport", "tcp", "rdcp://127.0.0.1:" + commented.port() + "/");
            assertEquals(listed.out(), url.out(), url::toString);
            assertEquals(RsyncComparison.rsyncFromDaemon(tmp, conf, "127.0.0.1::"), listed.out());
            // list = no hides a module from the list only: it serves whoever names it.
            Path back = tmp.resolve("from-hidden.txt");
            Cli.Result pull = rdcp("--timeout", "10", "--transport", "tcp", "--port", String.valueOf(commented.port()),
                    "127.0.0.1::hidden/old.txt", back.toString());
            assertEquals(0, pull.exitCode(), pull::toString);
            assertEquals("kept\n", Files.readString(back));
        }
    }

    /**
     * An rsyncd.conf's daemon parameters as 'rdcp serve --config' takes them: use chroot = no
     * confines clients all the same, lock file, dont compress and numeric ids = no change nothing,
     * and the pid file holds the daemon's pid while it serves and is gone once SIGTERM stopped it.
     */
    @Test
    void anRsyncdConfServesWithItsPidFileAndConfinement() throws Exception {
        Path pidFile = tmp.resolve("rdcpd.pid");
        Path outside = Files.writeString(tmp.resolve("outside.txt"), "not served\n");
        Files.createSymbolicLink(archive.resolve("out"), outside);
        Path config = Files.writeString(tmp.resolve("rdcpd.conf"), "pid file = " + pidFile + "\n"
                + "use chroot = no\nlock file = " + tmp.resolve("rsyncd.lock") + "\ndont compress = *.gz *.zip\n"
                + "[archive]\npath = " + archive + "\nnumeric ids = no\n");
        Process serve = new StopScenario(tmp, StopScenario.thisClassPath(), "tcp", 0, 10).start(null, "serve",
                "--config", config.toString(), "--bind", "127.0.0.1", "--port", "0");
        try {
            String port = StopScenario.servingPort(serve);
            assertEquals(serve.pid() + "\n", Files.readString(pidFile));
            Path back = tmp.resolve("back.txt");
            Cli.Result pull = rdcp("--timeout", "10", "--transport", "tcp", "--port", port, "127.0.0.1::archive/old.txt",
                    back.toString());
            assertEquals(0, pull.exitCode(), pull::toString);
            assertEquals("kept\n", Files.readString(back));
            Cli.Result escape = rdcp("--timeout", "10", "--transport", "tcp", "--port", port,
                    "127.0.0.1::archive/out", tmp.resolve("escaped.txt").toString());
            assertEquals(ExitCode.PARTIAL.code(), escape.exitCode(), escape::toString);
            assertTrue(escape.err().contains("path escapes the served directory"), escape.err());
            assertFalse(Files.exists(tmp.resolve("escaped.txt")));
            StopScenario.stop(serve, "TERM");
            assertEquals(0, serve.exitValue());
            assertFalse(Files.exists(pidFile), "the pid file outlived the daemon");
        } finally {
            serve.destroyForcibly();
        }
    }

    /**
     * log file takes the daemon's log; transfer logging writes a line per file received, sent or
     * deleted in rsync's default log format behind rsync's "%t [%p] "; a module without it writes
     * none. rsync 3.5's daemon (reverse lookup = no) wrote the same lines for the same push and
     * pull but for the pulled file's name, "sub/b.txt": rsync names it beneath the module, rdcp
     * beneath the operand.
     */
    @Test
    void transferLoggingWritesRsyncsLinesToTheLogFile() throws Exception {
        Path log = tmp.resolve("rdcpd.log");
        Path source = Files.createDirectories(tmp.resolve("source/sub"));
        Files.writeString(source.resolve("b.txt"), "world22\n");
        Files.writeString(source.resolveSibling("a.txt"), "hello\n");
        Files.writeString(data.resolve("gone.txt"), "old\n");
        Path config = Files.writeString(tmp.resolve("rdcpd.conf"), "log file = " + log + "\n"
                + "[data]\npath = " + data + "\nread only = no\ntransfer logging = yes\n"
                + "[archive]\npath = " + archive + "\n");
        Process serve = new StopScenario(tmp, StopScenario.thisClassPath(), "tcp", 0, 10).start(null, "serve",
                "--config", config.toString(), "--bind", "127.0.0.1", "--port", "0");
        try {
            String port = StopScenario.servingPort(serve);
            List<String> client = List.of("--timeout", "10", "--transport", "tcp", "--port", port, "-a");
            Cli.Result push = rdcp(with(client, "--delete", tmp.resolve("source") + "/", "127.0.0.1::data/"));
            assertEquals(0, push.exitCode(), push::toString);
            Cli.Result pull = rdcp(with(client, "127.0.0.1::data/sub/", tmp.resolve("back") + "/"));
            assertEquals(0, pull.exitCode(), pull::toString);
            Cli.Result unlogged = rdcp(with(client, "127.0.0.1::archive/", tmp.resolve("back2") + "/"));
            assertEquals(0, unlogged.exitCode(), unlogged::toString);
            StopScenario.stop(serve, "TERM");
            String prefix = "\\d{4}/\\d\\d/\\d\\d \\d\\d:\\d\\d:\\d\\d \\[" + serve.pid() + "\\] ";
            List<String> lines = Files.readAllLines(log);
            assertTrue(lines.stream().allMatch(line -> line.matches(prefix + ".*")), String.join("\n", lines));
            assertEquals(List.of("del. UNDETERMINED [127.0.0.1] data () gone.txt 0",
                    "recv UNDETERMINED [127.0.0.1] data () a.txt 6",
                    "recv UNDETERMINED [127.0.0.1] data () sub/b.txt 8",
                    "send UNDETERMINED [127.0.0.1] data () b.txt 8"),
                    lines.stream().map(line -> line.replaceFirst(prefix, "")).toList());
        } finally {
            serve.destroyForcibly();
        }
    }

    /** As rsync's daemon, which falls back to syslog: a log file that cannot be opened leaves the log on stderr, said once. */
    @Test
    void aLogFileThatCannotBeOpenedLeavesTheLogOnStderr() throws Exception {
        Path log = tmp.resolve("no-such-directory/rdcpd.log");
        Path output = tmp.resolve("serve.out");
        Path config = Files.writeString(tmp.resolve("rdcpd.conf"), "log file = " + log + "\n[data]\npath = " + data
                + "\n");
        Process serve = new StopScenario(tmp, StopScenario.thisClassPath(), "tcp", 0, 10).start(output, "serve",
                "--config", config.toString(), "--bind", "127.0.0.1", "--port", "0");
        try {
            Await.until("the daemon serves", 60_000, () -> StopScenario.read(output).contains("on port ")
                    || !serve.isAlive());
            assertTrue(StopScenario.read(output).startsWith("rdcp: warning: cannot open the log file " + log
                    + " (No such file or directory): logging to stderr instead\n"), StopScenario.read(output));
            assertTrue(serve.isAlive());
        } finally {
            serve.destroyForcibly();
        }
    }

    private static String[] with(List<String> first, String... more) {
        List<String> all = new ArrayList<>(first);
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    private static DaemonModule.Serving serving(boolean writeOnly, boolean fakeSuper, String incoming,
            String outgoing) {
        return new DaemonModule.Serving(true, 0, false, writeOnly, fakeSuper, chmod(incoming), chmod(outgoing),
                OptionRefusals.NONE);
    }

    private static ChmodRules chmod(String spec) {
        return spec.isEmpty() ? ChmodRules.NONE : ChmodRules.parse(spec);
    }

    private InProcessDaemon serving(String name, Path path, DaemonModule.Serving serving) throws IOException {
        return new InProcessDaemon(ServedModules.named(List.of(
                new DaemonModule(name, path, false, null, List.of(), List.of(), 0, "", serving))), 10);
    }

    private static Cli.Result over(InProcessDaemon daemon, String... args) {
        return RsyncComparison.rdcpOverTcp(daemon, args);
    }

    /** write only = yes takes uploads and refuses downloads, a listing included, with rsync's line and exit code 1. */
    @Test
    void aWriteOnlyModuleTakesUploadsAndRefusesDownloads() throws IOException {
        Path file = randomFile(tmp.resolve("f.bin"), 1000, 6);
        try (InProcessDaemon drop = serving("drop", data, serving(true, false, "", ""))) {
            Cli.Result push = over(drop, file.toString(), "127.0.0.1::drop/");
            assertEquals(0, push.exitCode(), push::toString);
            assertEquals(sha256(file), sha256(data.resolve("f.bin")));
            for (String operand : List.of("127.0.0.1::drop/f.bin", "127.0.0.1::drop/")) {
                Path back = tmp.resolve("back");
                Cli.Result pull = operand.endsWith("/") ? over(drop, operand) : over(drop, operand, back.toString());
                assertEquals(ExitCode.USAGE.code(), pull.exitCode(), pull::toString);
                assertTrue(pull.err().contains("module is write only"), pull.err());
                assertFalse(Files.exists(back));
            }
        }
    }

    /**
     * incoming chmod changes the modes the module receives, with -p or without, and outgoing chmod
     * those it lists when sending; rsync 3.5's daemon with the same rules gave the same modes
     * (600, 600, 444).
     */
    @Test
    void incomingAndOutgoingChmodChangeTheModesEachWay() throws IOException {
        Path source = Files.createDirectories(tmp.resolve("source"));
        Files.writeString(source.resolve("f"), "a\n");
        Files.setPosixFilePermissions(source.resolve("f"), PosixFilePermissions.fromString("rw-r--r--"));
        Files.writeString(data.resolve("g"), "b\n");
        Files.setPosixFilePermissions(data.resolve("g"), PosixFilePermissions.fromString("rw-r--r--"));
        try (InProcessDaemon chmod = serving("data", data, serving(false, false, "F600", "F444"))) {
            Cli.Result push = over(chmod, "-a", source + "/", "127.0.0.1::data/");
            assertEquals(0, push.exitCode(), push::toString);
            Cli.Result plain = over(chmod, source.resolve("f").toString(), "127.0.0.1::data/f-noperms");
            assertEquals(0, plain.exitCode(), plain::toString);
            Cli.Result pull = over(chmod, "-a", "127.0.0.1::data/g", tmp.resolve("g-pulled").toString());
            assertEquals(0, pull.exitCode(), pull::toString);
        }
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(data.resolve("f"))));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(data.resolve("f-noperms"))));
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(data.resolve("g"))));
        assertEquals("r--r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(tmp.resolve("g-pulled"))));
    }

    /**
     * fake super = yes is 'serve --root --fake-super' for one module: what only root may set is
     * kept in user.rsync.%stat, not applied, even by a daemon running as root (as the suite does).
     */
    @Test
    void aFakeSuperModuleStoresOwnersInsteadOfSettingThem() throws IOException {
        Path source = Files.createDirectories(tmp.resolve("source"));
        Path file = Files.writeString(source.resolve("f"), "a\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        Files.setAttribute(file, "unix:uid", 1234);
        Files.setAttribute(file, "unix:gid", 5678);
        try (InProcessDaemon fake = serving("data", data, serving(false, true, "", ""))) {
            Cli.Result push = over(fake, "-a", "--numeric-ids", source + "/", "127.0.0.1::data/");
            assertEquals(0, push.exitCode(), push::toString);
        }
        Path stored = data.resolve("f");
        assertEquals(0, Files.getAttribute(stored, "unix:uid"), "the owner is stored, not given");
        UserDefinedFileAttributeView xattrs = Files.getFileAttributeView(stored, UserDefinedFileAttributeView.class);
        ByteBuffer value = ByteBuffer.allocate(xattrs.size("rsync.%stat"));
        xattrs.read("rsync.%stat", value);
        assertEquals("100644 0,0 1234:5678", new String(value.array(), StandardCharsets.US_ASCII));
    }

    /**
     * refuse options, read from the file: a request using a refused option is refused before
     * anything moves, with rsync's line and exit code 4 (rsync 3.5's daemon said the same for -c
     * and for --delete-after); what the module does not refuse is served. A term naming no
     * option a client sends is a warning at start.
     */
    @Test
    void refusedOptionsAreRefusedWithRsyncsLine() throws Exception {
        Path source = Files.createDirectories(tmp.resolve("source"));
        Files.writeString(source.resolve("a.txt"), "hello\n");
        Files.writeString(data.resolve("kept.txt"), "kept\n");
        Path config = Files.writeString(tmp.resolve("rdcpd.conf"), "[data]\npath = " + data
                + "\nread only = no\nrefuse options = c delete compress D links\n");
        Process serve = new StopScenario(tmp, StopScenario.thisClassPath(), "tcp", 0, 10).start(tmp.resolve("serve.out"),
                "serve", "--config", config.toString(), "--bind", "127.0.0.1", "--port", "0");
        try {
            Await.until("the daemon serves", 60_000, () -> StopScenario.read(tmp.resolve("serve.out")).contains("on port ")
                    || !serve.isAlive());
            String out = StopScenario.read(tmp.resolve("serve.out"));
            Matcher port = Pattern.compile("on port (\\d+)").matcher(out);
            assertTrue(port.find(), out);
            assertTrue(out.contains("rdcp: warning: module [data]: refuse options: 'compress' names no option an rdcp"
                    + " client sends, so it refuses nothing"), out);
            List<String> client = List.of("--timeout", "10", "--transport", "tcp", "--port", port.group(1));
            Cli.Result checksum = rdcp(with(client, "-rc", source + "/", "127.0.0.1::data/"));
            assertEquals(ExitCode.UNSUPPORTED.code(), checksum.exitCode(), checksum::toString);
            assertEquals("rdcp: The server is configured to refuse --checksum (-c)\n", checksum.err());
            Cli.Result delete = rdcp(with(client, "-r", "--delete-after", source + "/", "127.0.0.1::data/"));
            assertEquals(ExitCode.UNSUPPORTED.code(), delete.exitCode(), delete::toString);
            assertEquals("rdcp: The server is configured to refuse --delete\n", delete.err());
            assertTrue(Files.exists(data.resolve("kept.txt")));
            assertFalse(Files.exists(data.resolve("a.txt")));
            Cli.Result plain = rdcp(with(client, "-rpt", source + "/", "127.0.0.1::data/"));
            assertEquals(0, plain.exitCode(), plain::toString);
            assertEquals("hello\n", Files.readString(data.resolve("a.txt")));
            // As rsync's --list-only, which sends neither -l nor -D: the listing's own are no options refused.
            Cli.Result listed = rdcp(with(client, "--list-only", "127.0.0.1::data/"));
            assertEquals(0, listed.exitCode(), listed::toString);
            assertTrue(listed.out().contains(" kept.txt"), listed.out());
            Cli.Result devices = rdcp(with(client, "-D", source + "/", "127.0.0.1::data/"));
            assertEquals("rdcp: The server is configured to refuse -D\n", devices.err());
        } finally {
            serve.destroyForcibly();
        }
    }

    /** As rsync's daemon: a pid file that cannot be written stops it before it serves (exit code 11). */
    @Test
    void aPidFileThatCannotBeWrittenStopsTheDaemon() throws IOException {
        Path pidFile = tmp.resolve("no-such-directory/rdcpd.pid");
        Path config = Files.writeString(tmp.resolve("rdcpd.conf"), "pid file = " + pidFile + "\n[data]\npath = "
                + data + "\n");
        Cli.Result serve = rdcp("serve", "--config", config.toString(), "--bind", "127.0.0.1", "--port", "0");
        assertEquals(ExitCode.FILE_IO.code(), serve.exitCode(), serve::toString);
        assertEquals("rdcp: failed to create pid file " + pidFile + ": No such file or directory\n", serve.err());
        assertFalse(serve.out().contains("serving"), serve.out());
    }

    /**
     * As rsync's daemon, which locks its pid file: a second daemon given the same file stops (exit
     * code 11) and leaves it to the first, whose stop then removes it. Before, the second took the
     * file over and the first, stopping, removed it under the second.
     */
    @Test
    void aSecondDaemonOnTheSamePidFileStopsAndLeavesItToTheFirst() throws Exception {
        Path pidFile = tmp.resolve("shared.pid");
        Path config = Files.writeString(tmp.resolve("rdcpd.conf"), "pid file = " + pidFile + "\n[data]\npath = "
                + data + "\n");
        Process first = new StopScenario(tmp, StopScenario.thisClassPath(), "tcp", 0, 10).start(null, "serve",
                "--config", config.toString(), "--bind", "127.0.0.1", "--port", "0");
        try {
            StopScenario.servingPort(first);
            Path said = tmp.resolve("second.out");
            Process second = new StopScenario(tmp, StopScenario.thisClassPath(), "tcp", 0, 10).start(said, "serve",
                    "--config", config.toString(), "--bind", "127.0.0.1", "--port", "0");
            try {
                // A guard against a daemon that took the file and serves: it would never end.
                assertTrue(second.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), StopScenario.read(said));
            } finally {
                second.destroyForcibly();
            }
            assertEquals(ExitCode.FILE_IO.code(), second.exitValue(), StopScenario.read(said));
            assertEquals("rdcp: failed to lock pid file " + pidFile + ": Resource temporarily unavailable",
                    StopScenario.lastLine(said));
            assertEquals(first.pid() + "\n", Files.readString(pidFile));
            StopScenario.stop(first, "TERM");
            assertEquals(0, first.exitValue());
            assertFalse(Files.exists(pidFile), "the pid file outlived the daemon");
        } finally {
            first.destroyForcibly();
        }
    }

    @Test
    void hostAloneOnADaemonOfOneDirectoryListsThatDirectory() throws IOException {
        Files.writeString(tmp.resolve("data/file.txt"), "x");
        try (InProcessDaemon single = new InProcessDaemon(data, null, 10)) {
            Cli.Result listed = rdcp("--timeout", "10", "--transport", "tcp", "--port", String.valueOf(single.port()),
                    "127.0.0.1::");
            assertEquals(0, listed.exitCode(), listed::toString);
            assertTrue(listed.out().contains(" file.txt"), listed.out());
        }
    }
}
