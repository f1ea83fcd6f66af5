package dev.rdcp.cli;

import static dev.rdcp.cli.RsyncComparison.assertSameTree;
import static dev.rdcp.cli.RsyncComparison.rsync;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.rdcp.transport.DirectMemory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * rsync and rdcp run side by side in one scratch directory: sources under {@code src}, rsync's
 * copies under {@code served/rsync}, rdcp's pushed through an in-process daemon (over TCP) to
 * {@code served/rdcp}; pulls land in {@code rsync-DEST} and {@code rdcp-DEST}.
 */
final class SideBySide implements AutoCloseable {

    static final Instant OLD = Instant.parse("2022-01-02T03:04:05Z");

    final Path tmp;
    final Path source;
    final Path served;
    private final InProcessDaemon daemon;
    private final long memoryBefore = DirectMemory.outstanding();
    private final int keptBefore = DirectMemory.kept();
    /** rdcp's options for the connection: the transport and timeout. */
    private final List<String> connection;
    /** Whether the trees' file times must match: not for copies made without -t. */
    private boolean fileTimes = true;

    /** rdcp over TCP. */
    SideBySide(Path tmp) throws IOException {
        this(tmp, List.of("--timeout", "10", "--transport", "tcp"));
    }

    private SideBySide(Path tmp, List<String> connection) throws IOException {
        RsyncComparison.requireRsync();
        this.tmp = tmp;
        this.connection = connection;
        source = Files.createDirectories(tmp.resolve("src"));
        served = Files.createDirectories(tmp.resolve("served"));
        daemon = new InProcessDaemon(served, null, 120);
    }

    /** rdcp over RDMA only (in the guest), with a timeout fit for it. */
    static SideBySide overRdma(Path tmp) throws IOException {
        return new SideBySide(tmp, List.of("--timeout", "120", "--transport", "rdma"));
    }

    /** From now on, compares trees without their files' times (for options without -t). */
    SideBySide withoutFileTimes() {
        fileTimes = false;
        return this;
    }

    /** A file of {@code size} bytes under {@code root}, dated {@link #OLD}. */
    static void write(Path root, String name, int size) throws IOException {
        Path path = root.resolve(name);
        Files.createDirectories(path.getParent());
        byte[] bytes = new byte[size];
        for (int i = 0; i < size; i++) {
            bytes[i] = (byte) (name.hashCode() + i);
        }
        Files.write(path, bytes);
        Files.setLastModifiedTime(path, FileTime.from(OLD));
    }

    /** As {@link #write(Path, String, int)}, with permission bits {@code mode}. */
    static void write(Path root, String name, int size, int mode) throws IOException {
        write(root, name, size);
        chmod(root.resolve(name), mode);
    }

    /** Sets the permission bits of {@code path} itself (a symlink's are not followed). */
    static void chmod(Path path, int mode) throws IOException {
        Files.setAttribute(path, "unix:mode", mode, LinkOption.NOFOLLOW_LINKS);
    }

    /** The permission bits (07777) of {@code path} itself. */
    static int mode(Path path) throws IOException {
        return (Integer) Files.getAttribute(path, "unix:mode", LinkOption.NOFOLLOW_LINKS) & 07777;
    }

    /** A text file under {@code root}, its parents made, dated {@link #OLD}. */
    static void writeText(Path root, String name, String text) throws IOException {
        Path path = root.resolve(name);
        Files.createDirectories(path.getParent());
        Files.writeString(path, text);
        Files.setLastModifiedTime(path, FileTime.from(OLD));
    }

    /**
     * Directory {@code path}, made if missing and dated {@link #OLD}: a destination's "./" -i line
     * then depends on the source's time alone, not on the second each side's directory was made in.
     */
    static Path datedDirectory(Path path) throws IOException {
        Files.createDirectories(path);
        Files.setLastModifiedTime(path, FileTime.from(OLD));
        return path;
    }

    /** A symlink under {@code root}, dated {@link #OLD}. */
    static void symlink(Path root, String name, String target) throws IOException {
        Path link = Files.createSymbolicLink(root.resolve(name), Path.of(target));
        Files.getFileAttributeView(link, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                .setTimes(FileTime.from(OLD), null, null);
    }

    /** The same file in rsync's and rdcp's destination. */
    void bothSides(String name, int size) throws IOException {
        for (String side : List.of("rsync", "rdcp")) {
            write(served.resolve(side), name, size);
        }
    }

    Cli.Result rdcp(String... args) {
        return rdcp(new byte[0], args);
    }

    /** rdcp with the daemon's connection options, reading {@code input} on its standard input. */
    Cli.Result rdcp(byte[] input, String... args) {
        return Cli.withInput(input, withConnection(args));
    }

    /** rdcp with the daemon's connection options, its stdout and stderr in one text ({@link Cli#together}). */
    Cli.Result rdcpTogether(String... args) {
        return Cli.together(withConnection(args));
    }

    private String[] withConnection(String... args) {
        List<String> all = new ArrayList<>(connection);
        all.addAll(List.of("--port", String.valueOf(daemon.port())));
        all.addAll(List.of(args));
        return all.toArray(String[]::new);
    }

    /**
     * rsync into served/rsync/DEST and rdcp pushing to the daemon's served/rdcp/DEST, with the
     * same options and sources (relative to the scratch directory); both must end with
     * {@code exitCode}, their trees the same.
     */
    Cli.Result push(int exitCode, List<String> options, String destination, String... sources) throws Exception {
        return push(exitCode, new byte[0], options, destination, sources).rdcp();
    }

    /** What rsync printed (stdout and stderr) and how rdcp ended, for one command each. */
    record Outputs(String rsync, Cli.Result rdcp) {
    }

    /** As {@link #push(int, List, String, String...)}, both reading {@code input} on their standard input. */
    Outputs push(int exitCode, byte[] input, List<String> options, String destination, String... sources)
            throws Exception {
        Files.createDirectories(served.resolve("rsync"));
        Files.createDirectories(served.resolve("rdcp"));
        List<String> rsyncArgs = new ArrayList<>(options);
        rsyncArgs.addAll(List.of(sources));
        rsyncArgs.add("served/rsync/" + destination);
        RsyncComparison.Run run = RsyncComparison.run(tmp, input, rsyncArgs.toArray(String[]::new));
        assertEquals(exitCode, run.exitCode(), run::output);
        List<String> rdcpArgs = new ArrayList<>(options);
        for (String operand : sources) {
            rdcpArgs.add(tmp.resolve(operand) + (operand.endsWith("/") ? "/" : ""));
        }
        rdcpArgs.add("127.0.0.1::rdcp/" + destination);
        Cli.Result result = rdcp(input, rdcpArgs.toArray(String[]::new));
        assertEquals(exitCode, result.exitCode(), result::toString);
        assertSameTree(served.resolve("rsync"), served.resolve("rdcp"), fileTimes);
        return new Outputs(run.output(), result);
    }

    /**
     * Both push src/ into DESTINATION/ with -a, --out-format=%n and {@code options}, reading
     * {@code input}, as {@link #push(int, byte[], List, String, String...)}; the names each lists
     * (deletions included) must be the same, in any order.
     */
    Outputs pushListing(int exitCode, byte[] input, String destination, String... options) throws Exception {
        List<String> all = new ArrayList<>(List.of("-a", "--out-format=%n"));
        all.addAll(List.of(options));
        Outputs outputs = push(exitCode, input, all, destination + "/", "src/");
        assertEquals(outputs.rsync().lines().sorted().toList(), outputs.rdcp().out().lines().sorted().toList(),
                outputs.rdcp().toString());
        return outputs;
    }

    /** {@code name} in rdcp's copy, under served/rdcp. */
    Path rdcpCopy(String name) {
        return served.resolve("rdcp/" + name);
    }

    /**
     * rsync and rdcp pull SOURCE of the served tree "exported" (a copy of src) into
     * rsync-DESTINATION and rdcp-DESTINATION; both must succeed, their trees the same.
     */
    void pull(List<String> options, String sourcePath, String destination) throws Exception {
        pull(new byte[0], options, sourcePath, destination);
    }

    /** As {@link #pull(List, String, String)}, both reading {@code input} on their standard input. */
    void pull(byte[] input, List<String> options, String sourcePath, String destination) throws Exception {
        Files.createDirectories(served.resolve("exported"));
        rsync(tmp, "-a", "src/", served.resolve("exported") + "/");
        List<String> rsyncArgs = new ArrayList<>(options);
        rsyncArgs.add(served.resolve("exported") + "/" + sourcePath);
        rsyncArgs.add("rsync-" + destination);
        RsyncComparison.Run run = RsyncComparison.run(tmp, input, rsyncArgs.toArray(String[]::new));
        assertEquals(0, run.exitCode(), run::output);
        List<String> rdcpArgs = new ArrayList<>(options);
        rdcpArgs.add("127.0.0.1::exported/" + sourcePath);
        // A Path drops the trailing slash, which says (to both) that DESTINATION is a directory.
        rdcpArgs.add(tmp.resolve("rdcp-" + destination) + (destination.endsWith("/") ? "/" : ""));
        Cli.Result result = rdcp(input, rdcpArgs.toArray(String[]::new));
        assertEquals(0, result.exitCode(), result::toString);
        String top = destination.split("/")[0];
        assertSameTree(tmp.resolve("rsync-" + top), tmp.resolve("rdcp-" + top), fileTimes);
    }

    /**
     * rsync and rdcp pull the served tree "exported" (as it is) into rsync-p/ and rdcp-p/ with
     * {@code options}; both must succeed. Returns rsync's output lines and rdcp's stdout lines,
     * each sorted (the -i lines come in each tool's own order).
     */
    List<List<String>> pullLines(String... options) throws Exception {
        List<String> rsyncArgs = new ArrayList<>(List.of(options));
        rsyncArgs.addAll(List.of(served.resolve("exported") + "/", "rsync-p/"));
        RsyncComparison.Run run = RsyncComparison.run(tmp, rsyncArgs.toArray(String[]::new));
        assertEquals(0, run.exitCode(), run::output);
        List<String> rdcpArgs = new ArrayList<>(List.of(options));
        rdcpArgs.addAll(List.of("127.0.0.1::exported/", tmp.resolve("rdcp-p") + "/"));
        Cli.Result result = rdcp(rdcpArgs.toArray(String[]::new));
        assertEquals(0, result.exitCode(), result::toString);
        return List.of(run.output().lines().sorted().toList(), result.out().lines().sorted().toList());
    }

    /** What rsync and rdcp did with the same options. */
    record Runs(RsyncComparison.Run rsync, Cli.Result rdcp) {
    }

    /**
     * rsync copying src/ into refused/ and rdcp pushing it to the daemon's refused/, both with
     * {@code options} (a file an option names given by its absolute path: rdcp runs elsewhere),
     * whatever they end with.
     */
    Runs both(String... options) throws IOException, InterruptedException {
        List<String> rsyncArgs = new ArrayList<>(List.of(options));
        rsyncArgs.addAll(List.of("src/", "refused/"));
        List<String> rdcpArgs = new ArrayList<>(List.of(options));
        rdcpArgs.addAll(List.of(source + "/", "127.0.0.1::rdcp/refused/"));
        return new Runs(RsyncComparison.run(tmp, rsyncArgs.toArray(String[]::new)), rdcp(rdcpArgs.toArray(String[]::new)));
    }

    /**
     * {@link #both} with {@code options}, which both must refuse with rsync's usage error (exit
     * code 1) before anything is copied: rdcp's first line is rsync's, "rdcp: " for "rsync: ".
     */
    void assertUsageErrorAsRsync(String... options) throws IOException, InterruptedException {
        Runs runs = both(options);
        assertEquals(1, runs.rsync().exitCode(), runs.rsync()::output);
        assertEquals(1, runs.rdcp().exitCode(), runs.rdcp()::toString);
        String rsyncLine = runs.rsync().output().lines().findFirst().orElseThrow();
        assertEquals("rdcp: " + rsyncLine.replaceFirst("^rsync: ", ""),
                runs.rdcp().err().lines().findFirst().orElseThrow(), String.join(" ", options));
        assertFalse(Files.exists(served.resolve("rdcp/refused")), "nothing copied");
    }

    /**
     * Closes the daemon, which returns once its sessions have ended, then checks that both sides'
     * roles and transports freed every block of direct memory they allocated.
     */
    @Override
    public void close() throws IOException {
        daemon.close();
        assertEquals(0, DirectMemory.outstanding() - memoryBefore,
                "blocks of direct memory not freed when the sessions ended");
        assertEquals(0, DirectMemory.kept() - keptBefore, "blocks of direct memory kept for good by a failed teardown");
    }
}
