package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * -X and -A beside rsync over TCP, push and pull: every attribute of what each leaves (user.,
 * trusted. as root, the ACLs with -A) compared, and the -i lines of a run that changes only
 * attributes. Needs a scratch file system with user attributes and ACLs (the host's ext4).
 */
class XattrOptionsTest extends SideBySideTest {

    @BeforeEach
    void tree() throws IOException {
        SideBySide.write(sides.source, "a.txt", 10);
        SideBySide.write(sides.source, "sub/b.bin", 200_000);
        SideBySide.write(sides.source, "plain.txt", 3);
        SideBySide.symlink(sides.source, "link", "a.txt");
        try {
            XattrListing.set(sides.source.resolve("a.txt"), "user.origin", XattrListing.bytes("lab 3"));
        } catch (IOException e) {
            assumeTrue(false, "no user attributes here: " + e.getMessage());
        }
        XattrListing.set(sides.source.resolve("a.txt"), "user.empty", new byte[0]);
        XattrListing.set(sides.source.resolve("sub"), "user.project", XattrListing.bytes("rdcp"));
        XattrListing.set(sides.source.resolve("sub/b.bin"), "user.large", new byte[3000]);
        if (Root.is()) {
            XattrListing.set(sides.source.resolve("sub/b.bin"), "trusted.lov", XattrListing.bytes("stripes"));
            XattrListing.set(sides.source.resolve("link"), "trusted.link", XattrListing.bytes("of the link itself"));
        }
    }

    /** The attributes of rsync's and rdcp's copies, equal, and the rsync side's returned. */
    private static SortedMap<String, String> assertSameAttributes(Path rsyncSide, Path rdcpSide) throws IOException {
        SortedMap<String, String> expected = XattrListing.of(rsyncSide);
        assertEquals(expected, XattrListing.of(rdcpSide));
        return expected;
    }

    /**
     * 'x' filter rules leave attribute names out, as rsync's: the sender does not send them, the
     * receiver neither sets nor removes them.
     */
    @Test
    void xattrRulesLeaveNamesOut() throws Exception {
        sides.push(0, List.of("-aX"), "x/", "src/");
        for (String side : List.of("rsync", "rdcp")) {
            XattrListing.set(sides.served.resolve(side + "/x/a.txt"), "user.local", XattrListing.bytes("here"));
        }
        XattrListing.set(sides.source.resolve("a.txt"), "user.origin", XattrListing.bytes("lab 4"));
        sides.push(0, List.of("-aX", "-f", "-x user.local", "-f", "exclude,x user.o*"), "x/", "src/");
        SortedMap<String, String> attributes = assertSameAttributes(sides.served.resolve("rsync/x"),
                sides.served.resolve("rdcp/x"));
        assertTrue(attributes.containsKey("a.txt user.local"), attributes::toString);
        assertEquals(XattrListing.of(sides.source).get("a.txt user.empty"), attributes.get("a.txt user.empty"));
        assertEquals(java.util.HexFormat.of().formatHex(XattrListing.bytes("lab 3")), attributes.get("a.txt user.origin"),
                "the receiver's own, not the sender's new one");
        sides.push(0, List.of("-aX"), "x/", "src/");
        attributes = assertSameAttributes(sides.served.resolve("rsync/x"), sides.served.resolve("rdcp/x"));
        assertFalse(attributes.containsKey("a.txt user.local"), attributes::toString);
    }

    @Test
    void pushCarriesWhatRsyncCarries() throws Exception {
        sides.push(0, List.of("-aX"), "x/", "src/");
        SortedMap<String, String> attributes = assertSameAttributes(sides.served.resolve("rsync/x"),
                sides.served.resolve("rdcp/x"));
        assertTrue(attributes.containsKey("sub user.project"), attributes::toString);
        assertTrue(attributes.containsKey("a.txt user.empty"), attributes::toString);
        assertEquals(Root.is(), attributes.containsKey("sub/b.bin trusted.lov"), attributes::toString);
        assertEquals(Root.is(), attributes.containsKey("link trusted.link"), attributes::toString);
    }

    /** The served copy of src that pulls read, with its attributes (SideBySide.pull refreshes it with -a only). */
    private void export() throws Exception {
        RsyncComparison.rsync(sides.tmp, "-aXA", "src/", sides.served.resolve("exported") + "/");
    }

    @Test
    void pullCarriesWhatRsyncCarries() throws Exception {
        export();
        sides.pull(List.of("-aX"), "", "x/");
        SortedMap<String, String> attributes = assertSameAttributes(sides.tmp.resolve("rsync-x"),
                sides.tmp.resolve("rdcp-x"));
        assertTrue(attributes.containsKey("a.txt user.origin"), attributes::toString);
    }

    @Test
    void withoutXattrsNoAttributeArrives() throws Exception {
        sides.push(0, List.of("-a"), "x/", "src/");
        assertEquals(XattrListing.of(sides.served.resolve("rsync/x")), XattrListing.of(sides.served.resolve("rdcp/x")));
        assertFalse(XattrListing.of(sides.served.resolve("rdcp/x")).containsKey("a.txt user.origin"));
    }

    @Test
    void anAttributeOnlyChangeIsItemizedAsRsyncDoesAndSendsNoData() throws Exception {
        sides.push(0, List.of("-aX"), "x/", "src/");
        XattrListing.set(sides.source.resolve("a.txt"), "user.origin", XattrListing.bytes("lab 4"));
        XattrListing.set(sides.source.resolve("plain.txt"), "user.new", XattrListing.bytes("1"));
        XattrListing.set(sides.source.resolve("sub"), "user.project", XattrListing.bytes("rdcp 2"));
        for (String side : List.of("rsync", "rdcp")) {
            XattrListing.set(sides.served.resolve(side + "/x/sub/b.bin"), "user.stray", XattrListing.bytes("x"));
        }
        pushAgainItemized("-aXi", ".f........x a.txt");
        assertTrue(XattrListing.of(sides.served.resolve("rdcp/x")).containsValue("726463702032"), "sub's new value");
    }

    @Test
    void aclsTravelWithA() throws Exception {
        assumeTrue(Root.is(), "sets ACLs naming another user");
        Path file = sides.source.resolve("sub/b.bin");
        try {
            XattrListing.set(file, "system.posix_acl_access", XattrListing.aclGrantingRead(4321));
        } catch (IOException e) {
            assumeTrue(false, "no ACLs here: " + e.getMessage());
        }
        XattrListing.set(sides.source.resolve("sub"), "system.posix_acl_default", XattrListing.aclGrantingRead(4321));
        sides.push(0, List.of("-aA"), "x/", "src/");
        SortedMap<String, String> attributes = assertSameAttributes(sides.served.resolve("rsync/x"),
                sides.served.resolve("rdcp/x"));
        assertTrue(attributes.containsKey("sub/b.bin system.posix_acl_access"), attributes::toString);
        assertTrue(attributes.containsKey("sub system.posix_acl_default"), attributes::toString);
        assertFalse(attributes.containsKey("a.txt user.origin"), "-A alone carries no other attribute");

        export();
        sides.pull(List.of("-aAX"), "", "y/");
        assertSameAttributes(sides.tmp.resolve("rsync-y"), sides.tmp.resolve("rdcp-y"));

        XattrListing.set(file, "system.posix_acl_access", XattrListing.aclGrantingRead(4322));
        pushAgainItemized("-aAi", ".f.......a. sub/b.bin");
    }

    @Test
    void overSshPushAndPullCarryWhatRsyncCarries() throws Exception {
        FakeSsh ssh = FakeSsh.in(sides.tmp);
        Path rsyncSide = Files.createDirectories(sides.tmp.resolve("ssh-rsync"));
        Path rdcpSide = Files.createDirectories(sides.tmp.resolve("ssh-rdcp"));
        RsyncComparison.rsync(sides.tmp, "-aX", "-e", ssh.rsh(), "src/", "127.0.0.1:" + rsyncSide + "/pushed/");
        Cli.Result push = Cli.rdcp("--transport", "tcp", "-aX", "-e", ssh.rsh(), "--rdcp-path",
                ssh.remoteRdcp(), sides.source + "/", "127.0.0.1:" + rdcpSide + "/pushed/");
        assertEquals(0, push.exitCode(), push::toString);
        SortedMap<String, String> pushed = assertSameAttributes(rsyncSide, rdcpSide);
        assertTrue(pushed.containsKey("pushed/sub user.project"), pushed::toString);

        RsyncComparison.rsync(sides.tmp, "-aX", "-e", ssh.rsh(), "127.0.0.1:" + sides.source + "/",
                rsyncSide + "/pulled/");
        Cli.Result pull = Cli.rdcp("--transport", "tcp", "-aX", "-e", ssh.rsh(), "--rdcp-path",
                ssh.remoteRdcp(), "127.0.0.1:" + sides.source + "/", rdcpSide + "/pulled/");
        assertEquals(0, pull.exitCode(), pull::toString);
        SortedMap<String, String> pulled = assertSameAttributes(rsyncSide, rdcpSide);
        assertTrue(pulled.containsKey("pulled/a.txt user.origin"), pulled::toString);
    }

    /**
     * rsync and rdcp push src/ again into x/ with {@code options}: the same -i lines, among them
     * {@code line}, and the same attributes after.
     */
    private void pushAgainItemized(String options, String line) throws Exception {
        String rsyncOut = RsyncComparison.rsync(sides.tmp, options, "src/", "served/rsync/x/");
        Cli.Result rdcp = sides.rdcp(options, sides.source + "/", "127.0.0.1::rdcp/x/");
        assertEquals(0, rdcp.exitCode(), rdcp::toString);
        assertEquals(ItemizeChangesTest.lines(rsyncOut), ItemizeChangesTest.lines(rdcp.out()));
        assertTrue(rdcp.out().contains(line), rdcp::toString);
        assertSameAttributes(sides.served.resolve("rsync/x"), sides.served.resolve("rdcp/x"));
    }

    /** Whether the tests run as root (the host's do). */
    private static final class Root {
        static boolean is() {
            return "root".equals(System.getProperty("user.name"));
        }
    }
}
