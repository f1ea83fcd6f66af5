package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * -X over RDMA (rxe0, an in-process daemon), push and pull, beside rsync: the attributes of both
 * copies compared, and the -i lines of a run that changes only attributes. The guest's tmpfs
 * keeps no attributes (its kernel has no TMPFS_XATTR), so the trees live on an ext4 image
 * mounted through a loop device; ext4 there has no POSIX ACLs either, so -A is the host's test.
 */
@Tag("vm")
class XattrCopyVmTest {

    @TempDir
    Path dir;
    private Path mount;
    private SideBySide sides;

    private static String run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), List.of(command).toString());
        assertEquals(0, process.exitValue(), List.of(command) + ": " + output);
        return output;
    }

    @BeforeEach
    void ext4() throws Exception {
        Path image = dir.resolve("ext4.img");
        run("truncate", "-s", "64M", image.toString());
        // 4 KiB blocks: a small image would get 1 KiB ones, too small for one 2,000-byte attribute.
        run("mkfs.ext4", "-q", "-F", "-b", "4096", image.toString());
        mount = Files.createDirectories(dir.resolve("mnt"));
        run("mount", "-o", "loop", image.toString(), mount.toString());
        sides = SideBySide.overRdma(Files.createDirectories(mount.resolve("work")));
        SideBySide.write(sides.source, "a.txt", 10);
        SideBySide.write(sides.source, "sub/b.bin", 3 << 20);
        SideBySide.write(sides.source, "plain.txt", 3);
        XattrListing.set(sides.source.resolve("a.txt"), "user.origin", XattrListing.bytes("lab 3"));
        XattrListing.set(sides.source.resolve("a.txt"), "user.empty", new byte[0]);
        XattrListing.set(sides.source.resolve("sub"), "user.project", XattrListing.bytes("rdcp"));
        XattrListing.set(sides.source.resolve("sub/b.bin"), "user.large", new byte[2000]);
        XattrListing.set(sides.source.resolve("sub/b.bin"), "trusted.lov", XattrListing.bytes("stripes"));
        SideBySide.symlink(sides.source, "link", "a.txt");
        XattrListing.set(sides.source.resolve("link"), "trusted.link", XattrListing.bytes("of the link itself"));
    }

    @AfterEach
    void unmount() throws Exception {
        if (sides != null) {
            sides.close();
        }
        if (mount != null) {
            run("umount", mount.toString());
        }
    }

    @Test
    void pushAndPullCarryWhatRsyncCarries() throws Exception {
        sides.push(0, List.of("-aX"), "x/", "src/");
        SortedMap<String, String> pushed = XattrListing.of(sides.served.resolve("rsync/x"));
        assertEquals(pushed, XattrListing.of(sides.served.resolve("rdcp/x")));
        assertTrue(pushed.containsKey("sub user.project") && pushed.containsKey("sub/b.bin trusted.lov")
                && pushed.containsKey("link trusted.link"), pushed::toString);

        RsyncComparison.rsync(sides.tmp, "-aX", "src/", sides.served.resolve("exported") + "/");
        sides.pull(List.of("-aX"), "", "y/");
        SortedMap<String, String> pulled = XattrListing.of(sides.tmp.resolve("rsync-y"));
        assertEquals(pulled, XattrListing.of(sides.tmp.resolve("rdcp-y")));
        assertTrue(pulled.containsKey("a.txt user.empty"), pulled::toString);

        XattrListing.set(sides.source.resolve("a.txt"), "user.origin", XattrListing.bytes("lab 4"));
        XattrListing.set(sides.source.resolve("plain.txt"), "user.new", XattrListing.bytes("1"));
        List<String> rsyncLines = new ArrayList<>(ItemizeChangesTest.lines(
                RsyncComparison.rsync(sides.tmp, "-aXi", "src/", "served/rsync/x/")));
        Cli.Result rdcp = sides.rdcp("-aXi", sides.source + "/", "127.0.0.1::rdcp/x/");
        assertEquals(0, rdcp.exitCode(), rdcp::toString);
        assertEquals(rsyncLines, new ArrayList<>(ItemizeChangesTest.lines(rdcp.out())));
        assertTrue(rdcp.out().contains(".f........x plain.txt"), rdcp::toString);
        assertEquals(XattrListing.of(sides.served.resolve("rsync/x")), XattrListing.of(sides.served.resolve("rdcp/x")));
    }
}
