package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * --munge-links acts on the client's side alone, as rsync 3.5's: a push's or local copy's sender
 * un-munges, a pull's receiver munges; the server is not told.
 */
class MungeLinksOptionTest extends SideBySideTest {

    /** Targets a munging receiver left, and ones that only look munged. */
    private void links(Path root) throws IOException {
        Files.createDirectories(root);
        SideBySide.symlink(root, "munged", "/rsyncd-munged/etc/passwd");
        SideBySide.symlink(root, "prefix-only", "/rsyncd-munged");
        SideBySide.symlink(root, "near", "/rsyncd-mungedX");
        SideBySide.symlink(root, "relative", "rsyncd-munged/x");
        SideBySide.symlink(root, "plain", "plain");
    }

    private static Map<String, String> targets(Path directory) throws IOException {
        Map<String, String> targets = new TreeMap<>();
        try (Stream<Path> list = Files.list(directory)) {
            for (Path link : list.filter(Files::isSymbolicLink).toList()) {
                targets.put(link.getFileName().toString(), Files.readSymbolicLink(link).toString());
            }
        }
        return targets;
    }

    /** A push's sender is the client: it un-munges, as rsync's local copy with --munge-links does (same trees). */
    @Test
    void aPushSendsTheTargetsUnmunged() throws Exception {
        links(sides.source);

        sides.push(0, List.of("-a", "--munge-links"), "d/", "src/");

        assertEquals(Map.of("munged", "etc/passwd", "prefix-only", "/rsyncd-munged", "near", "/rsyncd-mungedX",
                "relative", "rsyncd-munged/x", "plain", "plain"), targets(sides.rdcpCopy("d")));
    }

    /** Without the option the targets travel as they are. */
    @Test
    void withoutTheOptionNothingIsUnmunged() throws Exception {
        links(sides.source);

        sides.push(0, List.of("-a"), "d/", "src/");

        assertEquals("/rsyncd-munged/etc/passwd", targets(sides.rdcpCopy("d")).get("munged"));
    }

    /**
     * A pull's receiver is the client: every symlink it makes is munged, -i showing the munged
     * target, and a second pull finds them unchanged; the same lines and targets as rsync's pull
     * from its own daemon (which munges nothing itself here: "munge symlinks = no").
     */
    @Test
    void aPullMungesEverySymlinkItMakesAsAPullFromRsyncsDaemon() throws Exception {
        Path exported = sides.served.resolve("exported");
        links(exported);
        Path config = Files.writeString(tmp.resolve("rsyncd.conf"),
                "use chroot = no\nmunge symlinks = no\n[exported]\npath = " + exported + "\n");
        String rsyncs = RsyncComparison.rsyncFromDaemon(tmp, config, "-a", "-i", "--munge-links", "127.0.0.1::exported/",
                "rsync-pulled/");
        Path pulled = tmp.resolve("pulled");

        Cli.Result first = sides.rdcp("-a", "-i", "--munge-links", "127.0.0.1::exported/", pulled + "/");
        Cli.Result second = sides.rdcp("-a", "-i", "--munge-links", "127.0.0.1::exported/", pulled + "/");

        assertEquals(0, first.exitCode(), first::toString);
        List<String> links = first.out().lines().filter(line -> line.startsWith("cL")).sorted().toList();
        assertEquals(rsyncs.lines().filter(line -> line.startsWith("cL")).sorted().toList(), links);
        assertEquals("cL+++++++++ munged -> /rsyncd-munged//rsyncd-munged/etc/passwd", links.get(0));
        assertEquals(targets(tmp.resolve("rsync-pulled")), targets(pulled));
        assertEquals("/rsyncd-munged/plain", targets(pulled).get("plain"));
        assertEquals(0, second.exitCode(), second::toString);
        assertEquals("", second.out(), "nothing changed");
    }

    /** A local copy's client is the sender: it un-munges and its receiver munges nothing, as rsync's. */
    @Test
    void aLocalCopyUnmungesAsRsyncsDoes() throws Exception {
        links(sides.source);

        RsyncComparison.rsync(tmp, "-a", "--munge-links", "src/", "rsync-local/");
        Cli.Result result = Cli.rdcp("-a", "--munge-links", sides.source + "/", tmp.resolve("rdcp-local") + "/");

        assertEquals(0, result.exitCode(), result::toString);
        assertEquals(targets(tmp.resolve("rsync-local")), targets(tmp.resolve("rdcp-local")));
        assertFalse(targets(tmp.resolve("rdcp-local")).containsValue("/rsyncd-munged/etc/passwd"));
    }
}
