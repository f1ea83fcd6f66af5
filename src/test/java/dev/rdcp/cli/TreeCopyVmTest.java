package dev.rdcp.cli;

import static dev.rdcp.cli.Cli.randomFile;
import static dev.rdcp.cli.Cli.sha256;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ExitCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.SortedMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Directory trees (-a/-r) through an in-process 'rdcp serve' on rxe0, in the Soft-RoCE VM. The guest
 * CPU is emulated and every rdcp run costs seconds, so each test is one scenario of few runs.
 */
@Tag("vm")
class TreeCopyVmTest {

    private static final long DAEMON_TIMEOUT_SECONDS = 120;

    @TempDir
    Path dir;

    private static void assertSucceeded(JsonResult summary) {
        assertEquals(0, summary.number("exit_code"), summary::toString);
        assertEquals("[]", summary.failures().replaceAll("\\s", ""), summary::toString);
    }

    @Test
    void pushPullQuickCheckDeleteAndDryRun() throws Exception {
        TestTree tree = TestTree.build(dir.resolve("src"), 1);
        String source = tree.root() + "/";
        Path root = Files.createDirectories(dir.resolve("root"));
        Path dst = root.resolve("dst");
        try (InProcessDaemon daemon = new InProcessDaemon(root, null, DAEMON_TIMEOUT_SECONDS)) {
            // src/ into a destination directory that does not exist yet: its contents land in dst/.
            JsonResult push = Cli.emulatedJson("-a", source, daemon.url("dst/"));
            assertSucceeded(push);
            TestTree.assertSameTreeAndDirectoryTimes(tree.root(), dst);
            assertFalse(push.flag("dry_run"), push::toString);
            assertEquals(tree.regularFiles(), push.number("regular_files"), push::toString);
            assertEquals(tree.directories() + 1, push.number("directories"), () -> "with '.' itself: " + push);
            assertEquals(tree.symlinks(), push.number("symlinks"), push::toString);
            assertEquals(tree.regularFiles() + tree.directories() + 1 + tree.symlinks(), push.number("files"),
                    push::toString);
            assertEquals(tree.regularFiles(), push.number("transferred"), push::toString);
            assertEquals(tree.totalSize() + tree.symlinkTargetBytes(), push.number("total_size"), push::toString);
            assertEquals(tree.totalSize(), push.number("transferred_size"), push::toString);
            assertEquals(0, push.number("deleted"), push::toString);
            assertTrue(push.decimal("seconds") > 0, push::toString);
            assertEquals(0, Cli.tempFiles(dst));

            // Pull the tree back into a local directory that does not exist yet.
            Path back = dir.resolve("back");
            JsonResult pull = Cli.emulatedJson("-a", daemon.url("dst/"), back + "/");
            assertSucceeded(pull);
            TestTree.assertSameTreeAndDirectoryTimes(tree.root(), back);
            assertEquals(tree.regularFiles(), pull.number("transferred"), pull::toString);

            // Quick check: nothing changed, so no file is sent.
            JsonResult again = Cli.emulatedJson("-a", source, daemon.url("dst/"));
            assertSucceeded(again);
            assertEquals(tree.regularFiles(), again.number("regular_files"), again::toString);
            assertEquals(0, again.number("transferred"), again::toString);
            assertEquals(0, again.number("transferred_size"), again::toString);
            assertEquals(0, again.number("created"), again::toString);

            // A new mtime alone is enough to send a file again.
            String touchedName = TestTree.smallFile(1234);
            FileTime touchedAt = FileTime.from(Instant.parse("2024-01-02T03:04:05.987654321Z"));
            Files.setLastModifiedTime(tree.root().resolve(touchedName), touchedAt);
            JsonResult touched = Cli.emulatedJson("-a", source, daemon.url("dst/"));
            assertSucceeded(touched);
            assertEquals(1, touched.number("transferred"), touched::toString);
            assertEquals(0, touched.number("created"), touched::toString);
            assertEquals(touchedAt, Files.getLastModifiedTime(dst.resolve(touchedName)));

            deleteRemovesOnlyExtrasInsideTheTransferredDirectory(daemon, tree, root);
            dryRunChangesNothing(daemon, tree, dst);
        }
    }

    private void deleteRemovesOnlyExtrasInsideTheTransferredDirectory(InProcessDaemon daemon, TestTree tree, Path root)
            throws IOException {
        Path dst = root.resolve("dst");
        List<Path> extras = List.of(
                Files.writeString(dst.resolve("extra.txt"), "extra"),
                Files.createDirectory(dst.resolve("extra dir")),
                Files.writeString(dst.resolve("extra dir/inner.txt"), "inner"),
                Files.writeString(dst.resolve("small/d03/stale.dat"), "stale"),
                Files.createSymbolicLink(dst.resolve("links/stale-link"), Path.of("nowhere")));
        Path excluded = Files.writeString(dst.resolve("deep/a/keep.log"), "excluded, so protected");
        Path sibling = Files.writeString(root.resolve("dst-sibling.txt"), "outside the transfer");
        Path elsewhere = Files.writeString(Files.createDirectories(root.resolve("other/dir")).resolve("x"), "y");

        JsonResult delete = Cli.emulatedJson("-a", "--delete", "--exclude", "*.log", tree.root() + "/", daemon.url("dst/"));
        assertSucceeded(delete);
        assertEquals(extras.size(), delete.number("deleted"), delete::toString);
        assertEquals(0, delete.number("transferred"), delete::toString);
        for (Path extra : extras) {
            assertFalse(Files.exists(extra, LinkOption.NOFOLLOW_LINKS), extra + " should be deleted");
        }
        assertEquals("excluded, so protected", Files.readString(excluded));
        assertEquals("outside the transfer", Files.readString(sibling));
        assertEquals("y", Files.readString(elsewhere));

        JsonResult deleteExcluded = Cli.emulatedJson("-a", "--delete-excluded", "--exclude", "*.log",
                tree.root() + "/", daemon.url("dst/"));
        assertSucceeded(deleteExcluded);
        assertEquals(1, deleteExcluded.number("deleted"), deleteExcluded::toString);
        assertEquals(0, deleteExcluded.number("transferred"), deleteExcluded::toString);
        assertFalse(Files.exists(excluded), "--delete-excluded removes what the filters exclude");
        assertEquals("outside the transfer", Files.readString(sibling));
        TestTree.assertSameTree(tree.root(), dst);
    }

    private void dryRunChangesNothing(InProcessDaemon daemon, TestTree tree, Path dst) throws IOException {
        Files.write(tree.root().resolve(TestTree.smallFile(5)), new byte[] {1, 2, 3}, StandardOpenOption.APPEND);
        Files.writeString(tree.root().resolve("names/new since the last run.txt"), "new");
        Files.delete(tree.root().resolve(TestTree.smallFile(6)));
        SortedMap<String, TreeEntry> before = TreeListing.of(dst);

        JsonResult dryRun = Cli.emulatedJson("-a", "-n", "--delete", tree.root() + "/", daemon.url("dst/"));
        assertSucceeded(dryRun);
        TestTree.assertUnchangedSince(before, dst);
        assertTrue(dryRun.flag("dry_run"), dryRun::toString);
        assertEquals(2, dryRun.number("transferred"), () -> "the grown file and the new one: " + dryRun);
        assertEquals(1, dryRun.number("created"), dryRun::toString);
        assertEquals(1, dryRun.number("deleted"), dryRun::toString);
    }

    @Test
    void withoutTrailingSlashTheDirectoryItselfIsCopied() throws IOException {
        Path source = dir.resolve("src");
        Files.createDirectories(source.resolve("sub/deeper"));
        Files.writeString(source.resolve("one.txt"), "one");
        Files.writeString(source.resolve("sub/two.txt"), "two");
        Files.writeString(source.resolve("sub/deeper/three.txt"), "three");
        Files.createDirectory(source.resolve("vacant"));
        Path root = Files.createDirectories(dir.resolve("root"));
        try (InProcessDaemon daemon = new InProcessDaemon(root, null, DAEMON_TIMEOUT_SECONDS)) {
            Cli.Result result = Cli.emulated("-r", source.toString(), daemon.url("d2/"));
            assertEquals(0, result.exitCode(), result::toString);
        }
        try (var top = Files.list(root.resolve("d2"))) {
            assertEquals(List.of(root.resolve("d2/src")), top.toList(), "d2/ holds the directory src itself");
        }
        Path copy = root.resolve("d2/src");
        assertEquals("one", Files.readString(copy.resolve("one.txt")));
        assertEquals("two", Files.readString(copy.resolve("sub/two.txt")));
        assertEquals("three", Files.readString(copy.resolve("sub/deeper/three.txt")));
        assertTrue(Files.isDirectory(copy.resolve("vacant")), "empty directories are copied too");
    }

    @Test
    void aListedFileThatDoesNotExistFailsAloneAndTheRestIsCopied() throws IOException {
        Path source = dir.resolve("ff");
        Files.createDirectories(source.resolve("sub"));
        Files.writeString(source.resolve("a.txt"), "a");
        Files.writeString(source.resolve("sub/b.txt"), "b");
        Path list = Files.writeString(dir.resolve("list"), "a.txt\ngone.txt\nsub/b.txt\n");
        Path root = Files.createDirectories(dir.resolve("root"));
        Cli.Result result;
        try (InProcessDaemon daemon = new InProcessDaemon(root, null, DAEMON_TIMEOUT_SECONDS)) {
            result = Cli.emulated("--json", "-a", "--files-from", list.toString(), source + "/", daemon.url("ffdst/"));
        }
        JsonResult summary = JsonResult.of(result);
        long code = summary.number("exit_code");
        assertTrue(code == ExitCode.PARTIAL.code() || code == ExitCode.VANISHED.code(), summary::toString);
        assertEquals(List.of(code), summary.failureCodes(), summary::toString);
        assertTrue(summary.failures().contains("gone.txt"), summary::toString);
        assertEquals(2, summary.number("transferred"), summary::toString);
        assertTrue(result.err().lines().allMatch(line -> line.startsWith("rdcp: ")), result::toString);
        assertEquals(1, result.err().lines().filter(line -> line.contains("gone.txt")).count(), result::toString);

        Path copy = root.resolve("ffdst");
        assertEquals("a", Files.readString(copy.resolve("a.txt")));
        assertEquals("b", Files.readString(copy.resolve("sub/b.txt")));
        assertFalse(Files.exists(copy.resolve("gone.txt")));
        assertEquals(0, Cli.tempFiles(copy));
    }

    @Test
    void partialFileOfAKilledPushIsKeptAndResumed() throws Exception {
        long size = 64L << 20;
        Path source = randomFile(dir.resolve("big.bin"), size, 64);
        Path root = Files.createDirectories(dir.resolve("root"));
        Path destination = Files.createDirectories(root.resolve("resume"));
        Path partial = destination.resolve(".big.bin.rdcp-partial");
        Path log = dir.resolve("client.log");
        try (InProcessDaemon daemon = new InProcessDaemon(root, null, DAEMON_TIMEOUT_SECONDS)) {
            // --bwlimit stretches the push to half a minute, so that it is surely killed half way.
            Process client = RdcpProcess.start(List.of(), log, "--timeout", "300", "--partial", "--bwlimit", "2M",
                    source.toString(), daemon.url("resume/big.bin"));
            try {
                Await.until("8 MiB have arrived", 300_000, () -> sizeOf(partial) >= 8 << 20 || !client.isAlive());
                assertTrue(client.isAlive(), () -> "the client ended before it could be killed: " + read(log));
                assertFalse(Files.exists(destination.resolve("big.bin")), "never a partial file under the final name");
            } finally {
                client.destroyForcibly().waitFor();
            }
            long kept = awaitSteadySize(partial);
            assertTrue(kept > 0, "the partial file is kept: " + kept + " bytes");

            JsonResult resumed = Cli.emulatedJson("--partial", source.toString(), daemon.url("resume/big.bin"));
            assertSucceeded(resumed);
            assertEquals(sha256(source), sha256(destination.resolve("big.bin")));
            assertEquals(1, resumed.number("transferred"), resumed::toString);
            long sent = resumed.number("transferred_size");
            assertTrue(sent < size, () -> "the verified prefix is not sent again: " + resumed);
            assertTrue(sent >= size - kept, () -> "no more than the kept " + kept + " bytes are skipped: " + resumed);
            assertFalse(Files.exists(partial), "the partial file is gone once the file is complete");
            assertEquals(0, Cli.tempFiles(root));
        }
    }

    private static long sizeOf(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return -1;
        }
    }

    /** Waits until the daemon has let go of a dead push: the file's size holds for three seconds. */
    private static long awaitSteadySize(Path file) throws Exception {
        long[] last = {sizeOf(file), System.currentTimeMillis()};
        Await.until("the size of " + file + " holds", 120_000, () -> {
            Thread.sleep(250);
            long now = sizeOf(file);
            if (now != last[0]) {
                last[0] = now;
                last[1] = System.currentTimeMillis();
            }
            return System.currentTimeMillis() - last[1] >= 3_000;
        });
        return last[0];
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}
