package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.SortedMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/** The tree the tree-copy tests use, and that its comparison notices each kind of difference. */
class TestTreeTest {

    @TempDir
    static Path shared;
    @TempDir
    Path dir;

    private static TestTree tree;

    @BeforeAll
    static void buildTheTree() throws IOException {
        tree = TestTree.build(shared.resolve("src"), 42);
    }

    /** A copy made by GNU cp, which keeps modes, nanosecond mtimes and symlinks. */
    private Path copy() throws Exception {
        Path copy = dir.resolve("copy");
        Process cp = new ProcessBuilder("cp", "-a", tree.root().toString(), copy.toString()).inheritIO().start();
        assertEquals(0, cp.waitFor());
        return copy;
    }

    private static void assertDifference(String expectedInMessage, Executable comparison) {
        AssertionFailedError failure = assertThrows(AssertionFailedError.class, comparison);
        assertTrue(failure.getMessage().contains(expectedInMessage), failure.getMessage());
    }

    @Test
    void treeHoldsTheAwkwardCases() throws IOException {
        SortedMap<String, TreeEntry> entries = TreeListing.of(tree.root());
        Map<TreeEntry.Type, Long> byType = entries.values().stream()
                .collect(Collectors.groupingBy(TreeEntry::type, Collectors.counting()));
        assertEquals(tree.regularFiles(), byType.get(TreeEntry.Type.FILE));
        assertEquals(tree.directories() + 1, byType.get(TreeEntry.Type.DIRECTORY));
        assertEquals(3, tree.symlinks());
        assertEquals(tree.symlinks(), byType.get(TreeEntry.Type.SYMLINK));
        assertTrue(tree.regularFiles() > TestTree.SMALL_FILES, "the small files and more");
        assertEquals(tree.totalSize(), entries.values().stream()
                .filter(e -> e.type() == TreeEntry.Type.FILE).mapToLong(TreeEntry::size).sum());

        for (String name : TestTree.AWKWARD_NAMES) {
            assertTrue(entries.containsKey("names/" + name), TestTree.printable(name));
        }
        assertTrue(entries.containsKey("deep/a/b/c/d/leaf.txt"));
        assertEquals(0, entries.get("names/empty-file").size());
        assertTrue(Files.exists(tree.root().resolve("links/to-leaf")), "the in-tree link resolves");
        assertTrue(Files.notExists(tree.root().resolve("links/dangling")), "the dangling link dangles");
        try (var empty = Files.list(tree.root().resolve("empty"))) {
            assertEquals(0, empty.count());
        }
        assertEquals(3, entries.values().stream().filter(e -> e.type() == TreeEntry.Type.FILE)
                .map(TreeEntry::permissions).distinct().count(), "modes 0600, 0755 and 0640");
        assertEquals(entries.size() - tree.symlinks(), entries.values().stream()
                .filter(e -> e.type() != TreeEntry.Type.SYMLINK).map(TreeEntry::mtime).distinct().count(),
                "every file and directory has its own mtime");
        FileTime leaf = entries.get("deep/a/b/c/d/leaf.txt").mtime();
        assertNotEquals(0, leaf.toInstant().getNano() % 1000, "mtimes keep nanoseconds: " + leaf);
    }

    @Test
    void smallFilesSpanTheirSizeRange() throws IOException {
        long smallest = Long.MAX_VALUE;
        long largest = 0;
        for (int i = 0; i < TestTree.SMALL_FILES; i++) {
            long size = Files.size(tree.root().resolve(TestTree.smallFile(i)));
            smallest = Math.min(smallest, size);
            largest = Math.max(largest, size);
        }
        assertTrue(smallest >= 200 && smallest < 1000, "smallest " + smallest);
        assertTrue(largest <= 8192 && largest > 7000, "largest " + largest);
    }

    @Test
    void sameSeedBuildsTheSameTree() throws Exception {
        TestTree again = TestTree.build(dir.resolve("again"), 42);
        assertEquals(tree.totalSize(), again.totalSize());
        TestTree.assertSameTreeAndDirectoryTimes(tree.root(), again.root());
    }

    @Test
    void aFaithfulCopyIsTheSameTreeDirectoryTimesIncluded() throws Exception {
        Path copy = copy();
        TestTree.assertSameTreeAndDirectoryTimes(tree.root(), copy);
    }

    @Test
    void contentWithTheSameSizeAndMtimeDiffers() throws Exception {
        Path copy = copy();
        Path file = copy.resolve(TestTree.smallFile(1234));
        FileTime mtime = Files.getLastModifiedTime(file);
        byte[] content = Files.readAllBytes(file);
        content[100] ^= 1;
        Files.write(file, content);
        Files.setLastModifiedTime(file, mtime);
        assertDifference("f1234.dat': content differs from byte 100", () -> TestTree.assertSameTree(tree.root(), copy));
    }

    @Test
    void modeMtimeNanosecondAndSizeEachDiffer() throws Exception {
        Path copy = copy();
        Path mode = copy.resolve("names/with space.txt");
        int original = (Integer) Files.getAttribute(mode, "unix:mode");
        Files.setAttribute(mode, "unix:mode", original ^ 0001);
        assertDifference("'names/with space.txt': mode is", () -> TestTree.assertSameTree(tree.root(), copy));
        Files.setAttribute(mode, "unix:mode", original);

        Path newline = copy.resolve("names/new\nline.txt");
        FileTime mtime = Files.getLastModifiedTime(newline);
        Files.setLastModifiedTime(newline, FileTime.from(mtime.toInstant().plusNanos(1)));
        assertDifference("'names/new\\nline.txt': mtime is", () -> TestTree.assertSameTree(tree.root(), copy));
        Files.setLastModifiedTime(newline, mtime);

        Path large = copy.resolve(TestTree.LARGE_FILE);
        mtime = Files.getLastModifiedTime(large);
        Files.write(large, new byte[] {1}, StandardOpenOption.APPEND);
        Files.setLastModifiedTime(large, mtime);
        assertDifference("seven.bin': size is", () -> TestTree.assertSameTree(tree.root(), copy));
    }

    @Test
    void missingExtraAndRetargetedEntriesDiffer() throws Exception {
        Path copy = copy();
        Files.delete(copy.resolve("empty"));
        assertDifference("'empty': missing (expected a DIRECTORY)", () -> TestTree.assertSameTree(tree.root(), copy));
        Files.createDirectory(copy.resolve("empty"));
        Files.setAttribute(copy.resolve("empty"), "unix:mode", 0755);

        Files.writeString(copy.resolve("deep/a/extra"), "x");
        assertDifference("'deep/a/extra': unexpected FILE", () -> TestTree.assertSameTree(tree.root(), copy));
        Files.delete(copy.resolve("deep/a/extra"));

        Files.delete(copy.resolve("links/dangling"));
        Files.createSymbolicLink(copy.resolve("links/dangling"), Path.of("elsewhere"));
        assertDifference("'links/dangling': link target is 'elsewhere'", () -> TestTree.assertSameTree(tree.root(), copy));
    }

    @Test
    void aFollowedSymlinkIsNotTheSame() throws Exception {
        Path copy = copy();
        Files.delete(copy.resolve("links/to-leaf"));
        Files.copy(tree.root().resolve("links/to-leaf"), copy.resolve("links/to-leaf"));
        assertDifference("'links/to-leaf': is a FILE, expected a SYMLINK", () -> TestTree.assertSameTree(tree.root(), copy));
    }

    @Test
    void directoryTimesCountOnlyWhenAsked() throws Exception {
        Path copy = copy();
        Files.setLastModifiedTime(copy.resolve("deep/a/b"), FileTime.fromMillis(0));
        TestTree.assertSameTree(tree.root(), copy);
        assertDifference("'deep/a/b': mtime is", () -> TestTree.assertSameTreeAndDirectoryTimes(tree.root(), copy));
    }

    @Test
    void snapshotNoticesARewriteWithTheSameMetadata() throws Exception {
        Path copy = copy();
        SortedMap<String, TreeEntry> snapshot = TreeListing.of(copy);
        TestTree.assertUnchangedSince(snapshot, copy);

        // What a careless dry run might do: write a copy with the same content, mode and mtime, rename it in.
        String name = TestTree.smallFile(7);
        Path file = copy.resolve(name);
        Path replacement = file.resolveSibling(".replacement");
        Files.copy(file, replacement, StandardCopyOption.COPY_ATTRIBUTES);
        Files.move(replacement, file, StandardCopyOption.REPLACE_EXISTING);
        assertNotEquals(snapshot.get(name), TreeListing.of(copy).get(name));
        assertDifference("changed under", () -> TestTree.assertUnchangedSince(snapshot, copy));
    }
}
