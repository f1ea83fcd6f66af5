package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.posix.ProcessIdentities;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.commons.io.file.PathUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * --fake-super beside rsync 3.5, as root (as the suite runs): a receiver that is not root (rsync
 * run as nobody; rdcp's daemon dropped to nobody and served with --fake-super, rsyncd's {@code fake
 * super = yes}) keeps owners, special bits, devices, specials and symlinks in user.rsync.%stat on
 * regular files, value for value as rsync; a second run changes nothing; -X carries the other
 * attributes and never the stored value; a sender reading the stored tree restores it all for a
 * receiver that is root.
 */
@Timeout(180)
class FakeSuperOptionTest {

    private static final int OWNER = 1234;
    private static final int GROUP = 5678;

    private Path dir;
    private Path source;
    private Path served;

    /** src/: a file of another owner with an attribute, a set-user-ID file, a directory, a symlink, a device, a FIFO. */
    @BeforeEach
    void tree() throws Exception {
        dir = Files.createTempDirectory(Path.of("/tmp"), "rdcp-fake-super-");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        source = Files.createDirectory(dir.resolve("src"));
        Files.writeString(source.resolve("f"), "content\n");
        Files.setAttribute(source.resolve("f"), "unix:uid", OWNER);
        Files.setAttribute(source.resolve("f"), "unix:gid", GROUP);
        XattrListing.set(source.resolve("f"), "user.note", "kept".getBytes(StandardCharsets.UTF_8));
        Files.writeString(source.resolve("setuid"), "#!/bin/sh\n");
        Files.createDirectory(source.resolve("d"));
        Files.setPosixFilePermissions(source.resolve("d"), PosixFilePermissions.fromString("rwxrwxr-x"));
        Files.createSymbolicLink(source.resolve("l"), Path.of("target"));
        Files.setAttribute(source.resolve("l"), "unix:uid", OWNER, LinkOption.NOFOLLOW_LINKS);
        run("chmod", "4755", source.resolve("setuid").toString());
        run("mknod", "-m", "0640", source.resolve("cdev").toString(), "c", "4", "5");
        run("mkfifo", "-m", "0600", source.resolve("fifo").toString());
        served = Files.createDirectories(dir.resolve("served"));
        Files.setAttribute(served, "unix:uid", ProcessIdentities.user("nobody").uid());
    }

    @AfterEach
    void clean() throws IOException {
        PathUtils.deleteDirectory(dir);
    }

    private static String run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), String.join(" ", command) + ": " + output);
        return output;
    }

    /** rsync run as nobody, in {@code dir}. */
    private RsyncComparison.Run rsyncAsNobody(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("setpriv", "--reuid=nobody", "--regid=nogroup",
                "--clear-groups", RsyncComparison.RSYNC.toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new RsyncComparison.Run(process.waitFor(), output);
    }

    /** Each entry's stored value, as text. */
    private static SortedMap<String, String> storedValues(Path root) throws IOException {
        SortedMap<String, String> values = new TreeMap<>();
        XattrListing.of(root).forEach((key, hex) -> {
            if (key.endsWith(" user.rsync.%stat")) {
                values.put(key.substring(0, key.indexOf(' ')),
                        new String(HexFormat.of().parseHex(hex), StandardCharsets.US_ASCII));
            }
        });
        return values;
    }

    /** The -i lines, sorted, a file sent shown as received ('>'), as rsync's local copy shows it. */
    private static List<String> itemized(String output) {
        return output.lines().filter(line -> line.matches("^[<>ch.*][fdLDS][^ ]{9} .*"))
                .map(line -> line.replaceFirst("^<", ">")).sorted().toList();
    }

    private static int owner(Path path) throws IOException {
        return (Integer) Files.getAttribute(path, "unix:uid", LinkOption.NOFOLLOW_LINKS);
    }

    /**
     * Each stand-in has the time the source listed. rsync 3.5.0 leaves some of its stand-ins for
     * devices the time of their making (in some trees, not in others), so times are compared here.
     */
    private void assertTimesAsListed(Path copy) throws IOException {
        for (String name : List.of("cdev", "fifo", "l", "f", "setuid")) {
            assertEquals(Files.getLastModifiedTime(source.resolve(name), LinkOption.NOFOLLOW_LINKS),
                    Files.getLastModifiedTime(copy.resolve(name), LinkOption.NOFOLLOW_LINKS), name);
        }
    }

    @Test
    void aReceiverThatIsNotRootStoresWhatRsyncStoresAndASenderRestoresIt() throws Exception {
        RsyncComparison.requireRsync();
        RsyncComparison.Run rsync = rsyncAsNobody("-aiX", "--fake-super", "src/", "served/rsync/");
        assertEquals(0, rsync.exitCode(), rsync.output());
        try (NobodyDaemon daemon = new NobodyDaemon(served, dir.resolve("daemon.log"), "--fake-super")) {
            String[] push = {"-aiX", "--transport", "tcp", "--port", daemon.port(), "--timeout", "60", source + "/",
                "127.0.0.1::rdcp/"};
            Cli.Result first = Cli.rdcp(push);
            assertEquals(0, first.exitCode(), first::toString);
            assertEquals(itemized(rsync.output()), itemized(first.out()));

            Path copy = served.resolve("rdcp");
            SortedMap<String, String> values = storedValues(copy);
            assertEquals(storedValues(served.resolve("rsync")), values);
            assertEquals("100644 0,0 1234:5678", values.get("f"));
            assertEquals("104755 0,0 0:0", values.get("setuid"));
            assertEquals("20640 4,5 0:0", values.get("cdev"));
            assertEquals("120777 0,0 1234:0", values.get("l"));
            assertEquals("10600 0,0 0:0", values.get("fifo"));
            RsyncComparison.assertSameTree(served.resolve("rsync"), copy, false);
            assertTimesAsListed(copy);
            assertEquals("target", Files.readString(copy.resolve("l")), "a symlink kept as a file of its target");
            assertTrue(Files.isRegularFile(copy.resolve("cdev"), LinkOption.NOFOLLOW_LINKS));
            assertEquals(XattrListing.of(served.resolve("rsync")).get("f user.note"), XattrListing.of(copy).get(
                    "f user.note"), "-X carries the other attributes beside the stored value");

            Cli.Result second = Cli.rdcp(push);
            assertEquals(0, second.exitCode(), second::toString);
            assertEquals(List.of(), itemized(second.out()), "the quick check sees the stored values: nothing changes");
            assertEquals(values, storedValues(copy));

            Path restored = dir.resolve("restored");
            Cli.Result pull = Cli.rdcp("-aX", "--transport", "tcp", "--port", daemon.port(), "--timeout", "60",
                    "127.0.0.1::rdcp/", restored + "/");
            assertEquals(0, pull.exitCode(), pull::toString);
            RsyncComparison.assertSameTree(source, restored);
            assertEquals(OWNER, owner(restored.resolve("f")));
            assertEquals(GROUP, Files.getAttribute(restored.resolve("f"), "unix:gid"));
            assertEquals(OWNER, owner(restored.resolve("l")));
            assertEquals("target", Files.readSymbolicLink(restored.resolve("l")).toString());
            assertEquals(XattrListing.of(source), XattrListing.of(restored), "no user.rsync.%stat, user.note kept");
        }
    }

    /** -X without --fake-super copies a stored tree's other attributes, never its stored values, as rsync. */
    @Test
    void dashXHidesTheStoredValues() throws Exception {
        RsyncComparison.requireRsync();
        RsyncComparison.Run stored = rsyncAsNobody("-aX", "--fake-super", "src/", "served/stored/");
        assertEquals(0, stored.exitCode(), stored.output());
        RsyncComparison.rsync(dir, "-aX", "served/stored/", "rsync-plain/");

        Cli.Result plain = Cli.rdcp("-aX", served.resolve("stored") + "/", dir.resolve("rdcp-plain") + "/");

        assertEquals(0, plain.exitCode(), plain::toString);
        assertEquals(XattrListing.of(dir.resolve("rsync-plain")), XattrListing.of(dir.resolve("rdcp-plain")));
        assertFalse(XattrListing.of(dir.resolve("rdcp-plain")).keySet().stream().anyMatch(k -> k.contains("%stat")));
        assertTrue(XattrListing.of(dir.resolve("rdcp-plain")).containsKey("f user.note"));
    }

    /**
     * A local copy as root with --fake-super, beside rsync's: the stored values on both, only where
     * the file differs; read back by a second --fake-super copy, as rsync's.
     */
    @Test
    void aLocalCopyAsRootStoresAndReadsBackAsRsync() throws Exception {
        RsyncComparison.requireRsync();
        RsyncComparison.rsync(dir, "-a", "--fake-super", "src/", "rsync-1/");
        RsyncComparison.rsync(dir, "-a", "--fake-super", "rsync-1/", "rsync-2/");

        Cli.Result first = Cli.rdcp("-a", "--fake-super", source + "/", dir.resolve("rdcp-1") + "/");
        Cli.Result second = Cli.rdcp("-a", "--fake-super", dir.resolve("rdcp-1") + "/", dir.resolve("rdcp-2") + "/");

        assertEquals(0, first.exitCode(), first::toString);
        assertEquals(0, second.exitCode(), second::toString);
        assertEquals(storedValues(dir.resolve("rsync-1")), storedValues(dir.resolve("rdcp-1")));
        assertFalse(storedValues(dir.resolve("rdcp-1")).containsKey("d"), "root's own directory needs none");
        assertEquals(storedValues(dir.resolve("rsync-2")), storedValues(dir.resolve("rdcp-2")));
        RsyncComparison.assertSameTree(dir.resolve("rsync-2"), dir.resolve("rdcp-2"), false);
        assertTimesAsListed(dir.resolve("rdcp-2"));
    }

    /** Of --super and --fake-super the last counts, as rsync's am_root. */
    @Test
    void theLastOfSuperAndFakeSuperCounts() throws Exception {
        Cli.Result fake = Cli.rdcp("-a", "--super", "--fake-super", source + "/", dir.resolve("fake") + "/");
        Cli.Result real = Cli.rdcp("-a", "--fake-super", "--super", source + "/", dir.resolve("real") + "/");

        assertEquals(0, fake.exitCode(), fake::toString);
        assertEquals(0, real.exitCode(), real::toString);
        assertEquals("100644 0,0 1234:5678", storedValues(dir.resolve("fake")).get("f"));
        assertEquals(0, owner(dir.resolve("fake/f")));
        assertEquals(Map.of(), storedValues(dir.resolve("real")));
        assertEquals(OWNER, owner(dir.resolve("real/f")));
    }

    /**
     * A stored value a sender cannot take fails its entry with rsync's "Corrupt" line and rsync's
     * exit code (11); the rest is copied (rsync stops at the first). None is taken in part.
     */
    @Test
    void malformedStoredValuesFailTheirEntriesOnly() throws Exception {
        Path tree = Files.createDirectory(dir.resolve("tree"));
        String[][] bad = {
            {"garbage", "garbage"},
            {"uid", "100644 0,0 4294967295:0"},
            {"major", "20644 4096,0 0:0"},
            {"typed-dir", "40755 0,0 0:0"},
            {"signed", "100644 0,0 -1:0"},
            {"no-type", "644 0,0 0:0"},
            {"trailing", "100644 0,0 0:0 "},
            {"long", "100644 0,0 0:" + "0".repeat(300)},
            {"empty-link", "120777 0,0 0:0"},
        };
        for (String[] file : bad) {
            Files.writeString(tree.resolve(file[0]), "");
            XattrListing.set(tree.resolve(file[0]), "user.rsync.%stat", file[1].getBytes(StandardCharsets.US_ASCII));
        }
        Files.writeString(tree.resolve("ok"), "ok");
        XattrListing.set(tree.resolve("ok"), "user.rsync.%stat", "100600 0,0 7:8".getBytes(StandardCharsets.US_ASCII));

        Cli.Result result = Cli.rdcp("-a", "--fake-super", tree + "/", dir.resolve("out") + "/");

        assertEquals(11, result.exitCode(), result::toString);
        for (String[] file : bad) {
            assertFalse(Files.exists(dir.resolve("out").resolve(file[0]), LinkOption.NOFOLLOW_LINKS), file[0]);
        }
        assertTrue(result.err().contains("Corrupt user.rsync.%stat xattr attached to \"garbage\": \"garbage\""),
                result::toString);
        assertTrue(result.err().contains("empty-link: a symlink kept as a file of 0 bytes"), result::toString);
        assertEquals("100600 0,0 7:8", storedValues(dir.resolve("out")).get("ok"));
    }

    @Test
    void withAclsItIsRefused() {
        Cli.Result result = Cli.rdcp("-aA", "--fake-super", source + "/", dir.resolve("out") + "/");

        assertEquals(1, result.exitCode(), result::toString);
        assertTrue(result.err().contains("--fake-super with -A: not yet"), result::toString);
    }
}
