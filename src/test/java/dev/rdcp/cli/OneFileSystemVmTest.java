package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * -x and -xx over RDMA (rxe0, an in-process daemon) beside rsync, with tmpfs mounted inside the
 * trees (the guest is root and throwaway): a mount point beneath the source is copied as an empty
 * directory with the mounted file system's attributes, or left out with -xx; an operand that is
 * itself a mount point is copied whole; --delete leaves alone what a receiver's mount holds.
 */
@Tag("vm")
class OneFileSystemVmTest {

    @TempDir
    Path dir;
    private SideBySide sides;
    private final Deque<Path> mounts = new ArrayDeque<>();

    private static void run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), List.of(command).toString());
        assertEquals(0, process.exitValue(), List.of(command) + ": " + output);
    }

    /** A tmpfs at {@code path}, its root given mode 750 and dated like the rest of the tree. */
    private Path mount(Path path) throws Exception {
        Files.createDirectories(path);
        run("mount", "-t", "tmpfs", "-o", "size=8m", "rdcp-x", path.toString());
        mounts.push(path);
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rwxr-x---"));
        return path;
    }

    private static void date(Path path) throws IOException {
        Files.setLastModifiedTime(path, FileTime.from(SideBySide.OLD));
    }

    @BeforeEach
    void trees() throws Exception {
        sides = SideBySide.overRdma(dir);
        SideBySide.write(sides.source, "a.txt", 10);
        SideBySide.write(sides.source, "sub/b.bin", 1 << 20);
        Path mounted = mount(sides.source.resolve("mnt"));
        SideBySide.write(mounted, "c.txt", 20);
        SideBySide.write(mounted, "deep/d.txt", 30);
        date(mounted.resolve("deep"));
        date(mounted);
        date(sides.source.resolve("sub"));
        date(sides.source);
    }

    @AfterEach
    void unmount() throws Exception {
        if (sides != null) {
            sides.close();
        }
        while (!mounts.isEmpty()) {
            run("umount", mounts.pop().toString());
        }
    }

    @Test
    void pushStopsAtMountPointsAsRsyncDoes() throws Exception {
        sides.push(0, List.of("-ax"), "x/", "src/");
        Path copied = sides.served.resolve("rdcp/x");
        assertTrue(Files.isRegularFile(copied.resolve("sub/b.bin")));
        assertTrue(Files.isDirectory(copied.resolve("mnt")), "-x keeps the mount point");
        try (var left = Files.list(copied.resolve("mnt"))) {
            assertEquals(0, left.count(), "and nothing beneath it");
        }
        assertEquals("rwxr-x---", PosixFilePermissions.toString(Files.getPosixFilePermissions(copied.resolve("mnt"))),
                "with the mounted file system's attributes");

        sides.push(0, List.of("-axx"), "xx/", "src/");
        assertFalse(Files.exists(sides.served.resolve("rdcp/xx/mnt")), "-xx leaves the mount point out");

        sides.push(0, List.of("-ax"), "m/", "src/mnt/");
        assertTrue(Files.isRegularFile(sides.served.resolve("rdcp/m/deep/d.txt")), "an operand on its own file system");

        SideBySide.datedDirectory(sides.served.resolve("rsync/i"));
        SideBySide.datedDirectory(sides.served.resolve("rdcp/i"));
        String rsyncLines = RsyncComparison.rsync(sides.tmp, "-aix", "src/", "served/rsync/i/");
        Cli.Result rdcp = sides.rdcp("-aix", sides.source + "/", "127.0.0.1::rdcp/i/");
        assertEquals(0, rdcp.exitCode(), rdcp::toString);
        assertEquals(ItemizedLines.of(rsyncLines), ItemizedLines.of(rdcp.out()));
        assertTrue(rdcp.out().contains("cd+++++++++ mnt/"), rdcp::toString);
    }

    @Test
    void pullStopsAtTheDaemonsMountPoints() throws Exception {
        Path exported = mount(sides.served.resolve("exported/mnt"));
        SideBySide.write(exported, "served-only.txt", 5);
        date(exported);
        sides.pull(List.of("-ax"), "", "y/");
        Path pulled = sides.tmp.resolve("rdcp-y");
        assertTrue(Files.isRegularFile(pulled.resolve("sub/b.bin")));
        try (var left = Files.list(pulled.resolve("mnt"))) {
            assertEquals(0, left.count(), "the daemon's mount point, empty");
        }
    }

    @Test
    void deleteLeavesAReceiversMountAlone() throws Exception {
        Path plain = Files.createDirectories(sides.tmp.resolve("plain"));
        SideBySide.write(plain, "mnt/new.txt", 7);
        SideBySide.write(plain, "top.txt", 7);
        for (String side : List.of("rsync", "rdcp")) {
            Path destination = sides.served.resolve(side + "/d");
            SideBySide.write(destination, "stale.txt", 3);
            Path mounted = mount(destination.resolve("mnt"));
            SideBySide.write(mounted, "kept.txt", 4);
        }
        sides.push(0, List.of("-ax", "--delete"), "d/", "plain/");
        Path copied = sides.served.resolve("rdcp/d");
        assertFalse(Files.exists(copied.resolve("stale.txt")), "deleted on the destination's own file system");
        assertTrue(Files.isRegularFile(copied.resolve("mnt/kept.txt")), "not inside the mount");
        assertTrue(Files.isRegularFile(copied.resolve("mnt/new.txt")));
    }
}
