package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * -D (and -a, which implies it) beside rsync, as root: a FIFO, a socket, a character and a block
 * device arrive as rsync makes them, with rsync's -i lines and --stats; without -D both skip
 * them; a daemon makes the FIFO and the socket and skips the devices.
 */
class NodeOptionsTest extends SideBySideTest {

    private static void run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        assertEquals(0, process.waitFor(), List.of(command) + ": " + output);
    }

    /** touch -h: the JDK would open a FIFO to set its time, and wait for a writer. */
    private static void dated(Path node, java.time.Instant time) throws IOException, InterruptedException {
        run("touch", "-h", "-m", "-d", "@" + time.getEpochSecond(), node.toString());
    }

    @BeforeEach
    void nodes() throws Exception {
        SideBySide.write(sides.source, "sub/file.txt", 10);
        run("mkfifo", "-m", "0640", sides.source.resolve("pipe").toString());
        run("mknod", "-m", "0600", sides.source.resolve("null").toString(), "c", "1", "3");
        run("mknod", "-m", "0660", sides.source.resolve("sub/loop").toString(), "b", "7", "200");
        Path socket = sides.source.resolve("sub/sock");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(socket));
        }
        for (String node : List.of("pipe", "null", "sub/loop", "sub/sock", "sub", "")) {
            dated(sides.source.resolve(node), SideBySide.OLD);
        }
        SideBySide.datedDirectory(sides.tmp.resolve("rsync-i"));
        SideBySide.datedDirectory(sides.tmp.resolve("rdcp-i"));
    }

    private static boolean isNode(Path path) throws IOException {
        return !Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)
                && Files.exists(path, LinkOption.NOFOLLOW_LINKS);
    }

    @Test
    void archiveCopiesNodesAsRsyncDoes() throws Exception {
        RsyncComparison.rsync(sides.tmp, "-a", "src/", "served/exported/");
        String rsyncFirst = RsyncComparison.rsync(sides.tmp, "-ai", "served/exported/", "rsync-i/");
        Cli.Result first = sides.rdcp("-ai", "127.0.0.1::exported/", sides.tmp.resolve("rdcp-i") + "/");
        assertEquals(0, first.exitCode(), first::toString);
        RsyncComparison.assertSameTree(sides.tmp.resolve("rsync-i"), sides.tmp.resolve("rdcp-i"));
        TreeSet<String> lines = ItemizedLines.of(first.out());
        assertEquals(ItemizedLines.of(rsyncFirst), lines);
        assertTrue(lines.containsAll(List.of("cD+++++++++ null", "cS+++++++++ pipe", "cD+++++++++ sub/loop",
                "cS+++++++++ sub/sock")), lines::toString);
        assertTrue(isNode(sides.tmp.resolve("rdcp-i/sub/sock")));

        dated(sides.served.resolve("exported/pipe"), SideBySide.OLD.plusSeconds(60));
        Files.setPosixFilePermissions(sides.served.resolve("exported/null"), PosixFilePermissions.fromString("rw-rw----"));
        String rsyncSecond = RsyncComparison.rsync(sides.tmp, "-ai", "served/exported/", "rsync-i/");
        Cli.Result second = sides.rdcp("-ai", "127.0.0.1::exported/", sides.tmp.resolve("rdcp-i") + "/");
        assertEquals(0, second.exitCode(), second::toString);
        assertEquals(ItemizedLines.of(rsyncSecond), ItemizedLines.of(second.out()));
        assertTrue(ItemizedLines.of(second.out()).containsAll(List.of(".S..t...... pipe", ".D...p..... null")),
                second::toString);
        RsyncComparison.assertSameTree(sides.tmp.resolve("rsync-i"), sides.tmp.resolve("rdcp-i"));
    }

    /** A daemon makes FIFOs and sockets but never device files, whoever it runs as: a client could give itself a raw disk. */
    @Test
    void aDaemonSkipsDevices() throws Exception {
        Files.createDirectories(sides.served.resolve("rdcp"));
        Cli.Result result = sides.rdcp("-a", sides.source + "/", "127.0.0.1::rdcp/d/");
        assertEquals(0, result.exitCode(), result::toString);
        assertTrue(result.out().contains("skipping non-regular file \"null\""), result::toString);
        Path copy = sides.served.resolve("rdcp/d");
        assertTrue(isNode(copy.resolve("pipe")));
        assertTrue(isNode(copy.resolve("sub/sock")));
        assertFalse(Files.exists(copy.resolve("null"), LinkOption.NOFOLLOW_LINKS));
        assertFalse(Files.exists(copy.resolve("sub/loop"), LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.isRegularFile(copy.resolve("sub/file.txt")));
    }

    private static String filesLine(String output) {
        return output.lines().filter(line -> line.startsWith("Number of files:")).findFirst().orElse(output);
    }

    @Test
    void statsCountDevicesAndSpecialsAsRsyncs() throws Exception {
        RsyncComparison.rsync(sides.tmp, "-a", "src/", "served/exported/");
        String rsync = RsyncComparison.rsync(sides.tmp, "-a", "--stats", "served/exported/", "rsync-st/");
        Cli.Result rdcp = sides.rdcp("-a", "--stats", "127.0.0.1::exported/", sides.tmp.resolve("rdcp-st") + "/");
        assertEquals(0, rdcp.exitCode(), rdcp::toString);
        assertEquals(filesLine(rsync), filesLine(rdcp.out()));
        assertTrue(filesLine(rdcp.out()).contains("dev: 2, special: 2"), rdcp::toString);
    }

    /** --remove-source-files removes a node the receiver made, as rsync; a device the daemon skipped stays. */
    @Test
    void removeSourceFilesTakesTheNodesThatArrived() throws Exception {
        Files.createDirectories(sides.served.resolve("rdcp"));
        Cli.Result result = sides.rdcp("-a", "--remove-source-files", sides.source + "/", "127.0.0.1::rdcp/r/");
        assertEquals(0, result.exitCode(), result::toString);
        assertTrue(isNode(sides.served.resolve("rdcp/r/pipe")));
        assertFalse(Files.exists(sides.source.resolve("pipe"), LinkOption.NOFOLLOW_LINKS));
        assertFalse(Files.exists(sides.source.resolve("sub/sock"), LinkOption.NOFOLLOW_LINKS));
        assertFalse(Files.exists(sides.source.resolve("sub/file.txt")));
        assertTrue(isNode(sides.source.resolve("null")), "not made on the receiver, so kept");
    }

    @Test
    void pullCopiesNodesToo() throws Exception {
        sides.pull(List.of("-a"), "", "p/");
        assertTrue(isNode(sides.tmp.resolve("rdcp-p/null")));
    }

    @Test
    void withoutDevicesAndSpecialsBothSkipThem() throws Exception {
        Cli.Result result = sides.push(0, List.of("-rlpt"), "n/", "src/");
        assertFalse(Files.exists(sides.served.resolve("rdcp/n/pipe"), LinkOption.NOFOLLOW_LINKS));
        assertTrue(result.out().contains("skipping non-regular file \"pipe\""), result::toString);
        sides.push(0, List.of("-a", "--no-D"), "no-d/", "src/");
        sides.push(0, List.of("-a", "--no-devices"), "no-devices/", "src/");
        assertTrue(isNode(sides.served.resolve("rdcp/no-devices/pipe")));
        assertFalse(Files.exists(sides.served.resolve("rdcp/no-devices/null"), LinkOption.NOFOLLOW_LINKS));
    }
}
