package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** --usermap, --groupmap and --chown beside rsync, as root: the owners of both results compared. */
class OwnerMapOptionsTest extends SideBySideTest {

    private static final int NOBODY = 65534;

    @BeforeEach
    void start() throws IOException {
        assumeTrue("root".equals(System.getProperty("user.name")), "setting owners needs root");
        owned("a", 0, 0);
        owned("b", 1, 1);
        owned("c", 2, 2);
        owned("d", 1500, 1500);
        Files.createDirectories(sides.source.resolve("sub"));
        owned("sub/e", 3, 3);
        Files.setAttribute(sides.source.resolve("sub"), "unix:uid", 3);
        Files.setAttribute(sides.source.resolve("sub"), "unix:gid", 3);
    }

    private void owned(String name, int uid, int gid) throws IOException {
        SideBySide.write(sides.source, name, 5);
        Files.setAttribute(sides.source.resolve(name), "unix:uid", uid);
        Files.setAttribute(sides.source.resolve(name), "unix:gid", gid);
    }

    /** Each entry's "uid:gid" under {@code root}, by relative name. */
    private static Map<String, String> owners(Path root) throws IOException {
        Map<String, String> owners = new TreeMap<>();
        try (Stream<Path> all = Files.walk(root)) {
            for (Path path : all.toList()) {
                owners.put(root.relativize(path).toString(), Files.getAttribute(path, "unix:uid", LinkOption.NOFOLLOW_LINKS)
                        + ":" + Files.getAttribute(path, "unix:gid", LinkOption.NOFOLLOW_LINKS));
            }
        }
        return owners;
    }

    private Map<String, String> pushed() throws IOException {
        Map<String, String> rsync = owners(sides.served.resolve("rsync"));
        assertEquals(rsync, owners(sides.served.resolve("rdcp")), "owners as rsync's");
        return rsync;
    }

    private Map<String, String> pulled(String top) throws IOException {
        Map<String, String> rsync = owners(sides.tmp.resolve("rsync-" + top));
        assertEquals(rsync, owners(sides.tmp.resolve("rdcp-" + top)), "owners as rsync's");
        return rsync;
    }

    @Test
    void chownGivesEveryEntryOneOwner() throws Exception {
        sides.push(0, List.of("-a", "--chown=nobody:nogroup"), "", "src/");
        Map<String, String> owners = pushed();
        assertEquals("65534:65534", owners.get("a"));
        assertEquals("65534:65534", owners.get("d"));
        assertEquals("65534:65534", owners.get("sub/e"));
    }

    @Test
    void chownOfTheGroupAloneImpliesOnlyTheGroup() throws Exception {
        sides.push(0, List.of("-rt", "--chown=:nogroup"), "", "src/");
        Map<String, String> owners = pushed();
        assertEquals("0:65534", owners.get("b"));
    }

    @Test
    void usermapByName() throws Exception {
        sides.push(0, List.of("-a", "--usermap=root:nobody"), "", "src/");
        Map<String, String> owners = pushed();
        assertEquals(NOBODY + ":0", owners.get("a"));
        assertEquals("1:1", owners.get("b"));
    }

    @Test
    void usermapByIdRangeFirstMatchWins() throws Exception {
        sides.push(0, List.of("-a", "--usermap=1-2:sys,1000-2000:bin,*:daemon"), "", "src/");
        Map<String, String> owners = pushed();
        assertEquals("3:1", owners.get("b"));
        assertEquals("3:2", owners.get("c"));
        assertEquals("2:1500", owners.get("d"));
        assertEquals("1:0", owners.get("a"));
    }

    @Test
    void groupmapWithAWildcardOnAPull() throws Exception {
        sides.pull(List.of("-a", "--groupmap=b?n:nogroup,s*:root,[d]aemon:7"), "", "pulled/");
        Map<String, String> owners = pulled("pulled");
        assertEquals("2:65534", owners.get("c"));
        assertEquals("3:0", owners.get("sub"));
        assertEquals("1:7", owners.get("b"));
    }

    @Test
    void chownOnAPull() throws Exception {
        sides.pull(List.of("-a", "--chown=bin:daemon"), "", "pulled/");
        Map<String, String> owners = pulled("pulled");
        assertEquals("2:1", owners.get("a"));
        assertEquals("2:1", owners.get("sub/e"));
    }

    @Test
    void malformedMapsFailAsRsyncDoes() throws Exception {
        List<List<String>> cases = List.of(
                List.of("--usermap=root", "No colon found in --usermap: root"),
                List.of("--groupmap=root:", "No name found after colon --groupmap: root:"),
                List.of("--usermap=5-:nobody", "Invalid number in --usermap: 5-"),
                List.of("--usermap=1-2-3:nobody", "Invalid number in --usermap: 1-2-3"),
                List.of("--usermap=a:b,x", "No colon found in --usermap: x"));
        for (List<String> c : cases) {
            RsyncComparison.Run rsync = RsyncComparison.run(sides.tmp, "-a", c.get(0), "src/", "served/rsync/");
            assertEquals(1, rsync.exitCode(), rsync::output);
            assertTrue(rsync.output().contains(c.get(1)), rsync.output());
            Cli.Result rdcp = sides.rdcp("-a", c.get(0), sides.source + "/", "127.0.0.1::rdcp/");
            assertEquals(1, rdcp.exitCode(), rdcp::toString);
            assertTrue(rdcp.err().contains(c.get(1)), rdcp::toString);
        }
    }

    @Test
    void repeatedOrConflictingMapsFailAsRsyncDoes() throws Exception {
        List<List<String>> cases = List.of(
                List.of("--usermap=a:b", "--usermap=c:d", "You can only specify --usermap once."),
                List.of("--chown=a:b", "--usermap=c:d", "--usermap conflicts with prior --chown."),
                List.of("--chown=a:b", "--groupmap=c:d", "--groupmap conflicts with prior --chown."));
        for (List<String> c : cases) {
            RsyncComparison.Run rsync = RsyncComparison.run(sides.tmp, "-a", c.get(0), c.get(1), "src/", "served/rsync/");
            assertEquals(1, rsync.exitCode(), rsync::output);
            assertTrue(rsync.output().contains(c.get(2)), rsync.output());
            Cli.Result rdcp = sides.rdcp("-a", c.get(0), c.get(1), sides.source + "/", "127.0.0.1::rdcp/");
            assertEquals(1, rdcp.exitCode(), rdcp::toString);
            assertTrue(rdcp.err().contains(c.get(2)), rdcp::toString);
        }
    }

    /** As rsync: a rule whose TO the receiver does not know is dropped with a warning, and the copy succeeds. */
    @Test
    void anUnknownTargetOnAPullIsWarnedOfAndDropped() throws Exception {
        String map = "--usermap=root:no-such-user-rdcp,*:bin";
        RsyncComparison.Run rsync = RsyncComparison.run(sides.tmp, "-a", map, "src/", "rsync-pulled/");
        assertEquals(0, rsync.exitCode(), rsync::output);
        String warning = "Unknown --usermap name on receiver: no-such-user-rdcp";
        assertTrue(rsync.output().contains(warning), rsync.output());
        Files.createDirectories(sides.served.resolve("exported"));
        RsyncComparison.rsync(sides.tmp, "-a", "src/", sides.served.resolve("exported") + "/");
        Cli.Result rdcp = sides.rdcp("-a", map, "127.0.0.1::exported/", sides.tmp.resolve("rdcp-pulled") + "/");
        assertEquals(0, rdcp.exitCode(), rdcp::toString);
        assertTrue(rdcp.err().contains(warning), rdcp::toString);
        Map<String, String> owners = pulled("pulled");
        assertEquals("2:0", owners.get("a"));
    }
}
