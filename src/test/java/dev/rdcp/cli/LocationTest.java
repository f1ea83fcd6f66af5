package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LocationTest {

    private static final int DEFAULT = 7471;

    private static Location parse(String operand) {
        return Location.parse(operand, DEFAULT);
    }

    private static void assertLocal(String operand) {
        Location location = parse(operand);
        assertEquals(Location.Kind.LOCAL, location.kind(), operand);
        assertFalse(location.isRemote(), operand);
        assertEquals(operand, location.path(), operand);
        assertNull(location.host(), operand);
    }

    @Test
    void pathsWithoutAHostAreLocal() {
        assertLocal("file");
        assertLocal("./a:b");
        assertLocal("/x/y:z");
        assertLocal("dir/sub/");
        assertLocal(":leading-colon");
    }

    @Test
    void hostColonPathIsSsh() {
        Location location = parse("host:/p");
        assertEquals(Location.Kind.SSH, location.kind());
        assertTrue(location.isRemote());
        assertEquals("host", location.userAtHost());
        assertEquals("host", location.host());
        assertEquals("/p", location.path());
    }

    @Test
    void userAtHostColonPathIsSsh() {
        Location location = parse("user@host:p");
        assertEquals(Location.Kind.SSH, location.kind());
        assertEquals("user@host", location.userAtHost());
        assertEquals("host", location.host());
        assertEquals("p", location.path());
    }

    @Test
    void emptySshPathIsTheHomeDirectory() {
        Location location = parse("user@host:");
        assertEquals(Location.Kind.SSH, location.kind());
        assertEquals(".", location.path());
    }

    @Test
    void sshPathKeepsLaterColons() {
        assertEquals("a:b/c", parse("host:a:b/c").path());
    }

    @Test
    void doubleColonIsADaemonWithTheDefaultPort() {
        Location location = parse("host::p");
        assertEquals(Location.Kind.DAEMON, location.kind());
        assertEquals("host", location.host());
        assertEquals(DEFAULT, location.port());
        assertEquals("p", location.path());
        assertEquals(9999, Location.parse("host::p", 9999).port());
        assertEquals(".", parse("host::").path());
    }

    @Test
    void urlWithPortIsADaemon() {
        Location location = parse("rdcp://host:9000/dir/f");
        assertEquals(Location.Kind.DAEMON, location.kind());
        assertEquals("host", location.host());
        assertEquals(9000, location.port());
        assertEquals("/dir/f", location.path());
    }

    @Test
    void urlWithoutPortUsesTheDefault() {
        Location location = parse("rdcp://host/");
        assertEquals(Location.Kind.DAEMON, location.kind());
        assertEquals("host", location.host());
        assertEquals(DEFAULT, location.port());
        assertEquals("/", location.path());
        assertEquals("/", parse("rdcp://host").path());
    }

    @Test
    void urlWithAnIpv6LiteralKeepsItsColons() {
        Location withPort = parse("rdcp://[fe80::1]:9000/x");
        assertEquals("[fe80::1]", withPort.host());
        assertEquals(9000, withPort.port());
        Location withoutPort = parse("rdcp://[fe80::1]/x");
        assertEquals("[fe80::1]", withoutPort.host());
        assertEquals(DEFAULT, withoutPort.port());
        assertEquals("/x", withoutPort.path());
    }

    @Test
    void badPortsAreRejected() {
        for (String operand : new String[] {"rdcp://host:0/x", "rdcp://host:65536/x", "rdcp://host:-1/x",
            "rdcp://host:http/x", "rdcp://host:/x"}) {
            assertThrows(IllegalArgumentException.class, () -> parse(operand), operand);
        }
        assertEquals(65535, parse("rdcp://host:65535/x").port());
        assertEquals(1, parse("rdcp://host:1/x").port());
    }

    @Test
    void missingHostIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> parse("rdcp:///x"));
        assertThrows(IllegalArgumentException.class, () -> parse("rdcp://:9000/x"));
        assertThrows(IllegalArgumentException.class, () -> parse("user@:path"));
    }

    @Test
    void trailingSlashNamesADirectory() {
        assertTrue(parse("host:dir/").namesDirectory());
        assertTrue(parse("host::dir/").namesDirectory());
        assertTrue(parse("rdcp://host/").namesDirectory());
        assertTrue(parse("local/").namesDirectory());
        assertFalse(parse("host:dir").namesDirectory());
        assertFalse(parse("rdcp://host:9000/dir/f").namesDirectory());
        assertFalse(parse("file").namesDirectory());
    }

    @Test
    void sameRemoteComparesKindHostAndPort() {
        assertTrue(parse("u@h:a").sameRemote(parse("u@h:b")));
        assertFalse(parse("u@h:a").sameRemote(parse("v@h:a")));
        assertFalse(parse("h:a").sameRemote(parse("h::a")));
        assertTrue(parse("h::a").sameRemote(parse("rdcp://h/b")));
        assertFalse(parse("rdcp://h:1/a").sameRemote(parse("rdcp://h:2/a")));
    }

    /** rsync's daemon forms, module first: HOST::MODULE/PATH, rsync://[USER@]HOST[:PORT]/MODULE/PATH. */
    @Test
    void rsyncDaemonFormsNameTheModuleFirst() {
        Location colons = parse("user@host::data/dir/f");
        assertEquals(Location.Kind.DAEMON, colons.kind());
        assertEquals("host", colons.host());
        assertEquals("data/dir/f", colons.path());
        Location url = parse("rsync://user@host:9000/data/dir/");
        assertEquals(Location.Kind.DAEMON, url.kind());
        assertEquals("host", url.host());
        assertEquals(9000, url.port());
        assertEquals("/data/dir/", url.path());
        assertTrue(url.namesDirectory());
        assertEquals(DEFAULT, parse("rsync://host/data").port());
        assertEquals("host", parse("rdcp://someone@host/data").host());
    }
}
