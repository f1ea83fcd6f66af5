package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * A source tree with what tree copies get wrong, built deterministically from a seed: directories
 * five levels deep, empty directories, symlinks (relative in-tree, to a directory, dangling),
 * awkward names, an empty file, 2,000 small files, three large ones, distinct modes, and mtimes
 * set explicitly with nanoseconds. And the checks that compare two trees entry by entry.
 */
final class TestTree {

    static final int SMALL_FILES = 2000;
    static final String LARGE_FILE = "large/seven.bin";
    static final List<String> AWKWARD_NAMES = List.of("with space.txt", "caf\u00e9 \u00e9.txt",
            "\u65e5\u672c\u8a9e.txt", "new\nline.txt", "quote'\"\\$*.txt", "-leading-dash.txt", "--looks-like-an-option");

    private static final int SMALL_FILES_PER_DIRECTORY = 50;
    private static final int SMALLEST = 200;
    private static final int LARGEST_SMALL = 8 << 10;
    private static final int[] FILE_MODES = {0600, 0755, 0640};
    private static final Instant FIRST_MTIME = Instant.parse("2021-03-04T05:06:07Z");

    private final Path root;
    private final Random random;
    private final List<Path> directoriesToStamp = new ArrayList<>();
    private long regularFiles;
    private long directories;
    private long symlinks;
    private long totalSize;
    private long symlinkTargetBytes;
    private int stamps;

    private TestTree(Path root, long seed) {
        this.root = root;
        this.random = new Random(seed);
    }

    /** Builds the tree at {@code root}, which must not exist yet. */
    static TestTree build(Path root, long seed) throws IOException {
        TestTree tree = new TestTree(root, seed);
        tree.build();
        return tree;
    }

    /** The relative path of small file number {@code index} (0 to {@link #SMALL_FILES} - 1). */
    static String smallFile(int index) {
        return String.format("small/d%02d/f%04d.dat", index / SMALL_FILES_PER_DIRECTORY, index);
    }

    Path root() {
        return root;
    }

    long regularFiles() {
        return regularFiles;
    }

    /** Directories below the root (the root itself not counted). */
    long directories() {
        return directories;
    }

    long symlinks() {
        return symlinks;
    }

    long totalSize() {
        return totalSize;
    }

    /** The symlinks' targets in bytes, which rsync's total size (and rdcp's) counts besides the files. */
    long symlinkTargetBytes() {
        return symlinkTargetBytes;
    }

    private void build() throws IOException {
        String encoding = System.getProperty("sun.jnu.encoding");
        if (!"UTF-8".equalsIgnoreCase(encoding)) {
            fail("file names are " + encoding + " in this JVM; the tree's names need a UTF-8 locale (LANG=C.UTF-8)");
        }
        Files.createDirectory(root);
        directory("deep", 0755);
        directory("deep/a", 0755);
        directory("deep/a/b", 0750);
        directory("deep/a/b/c", 0755);
        directory("deep/a/b/c/d", 0700);
        file("deep/a/top.txt", content(1000));
        file("deep/a/b/c/d/leaf.txt", content(321));
        directory("empty", 0755);
        directory("deep/a/b/empty inner", 0700);

        directory("names", 0755);
        for (String name : AWKWARD_NAMES) {
            file("names/" + name, content(500));
        }
        file("names/empty-file", new byte[0]);
        directory("-dash dir", 0750);
        file("-dash dir/inside.txt", content(600));

        directory("links", 0755);
        symlink("links/to-leaf", "../deep/a/b/c/d/leaf.txt");
        symlink("links/to-dir", "../deep/a");
        symlink("links/dangling", "../no/such/file");

        directory("small", 0755);
        for (int i = 0; i < SMALL_FILES; i++) {
            if (i % SMALL_FILES_PER_DIRECTORY == 0) {
                directory(Path.of(smallFile(i)).getParent().toString(), i % 7 == 0 ? 0700 : 0755);
            }
            file(smallFile(i), content(SMALLEST + random.nextInt(LARGEST_SMALL - SMALLEST + 1)));
        }

        directory("large", 0755);
        large("large/three.bin", 3L << 20);
        large(LARGE_FILE, (7L << 20) + 12345);
        large("large/twenty.bin", 20L << 20);

        // Last, so that creating their entries does not move the directories' mtimes again.
        for (Path directory : directoriesToStamp) {
            Files.setLastModifiedTime(directory, nextMtime());
        }
        Files.setAttribute(root, "unix:mode", 0755);
        Files.setLastModifiedTime(root, nextMtime());
    }

    private void directory(String name, int mode) throws IOException {
        Path directory = Files.createDirectory(root.resolve(name));
        Files.setAttribute(directory, "unix:mode", mode);
        directoriesToStamp.add(directory);
        directories++;
    }

    private void file(String name, byte[] content) throws IOException {
        stamp(Files.write(root.resolve(name), content));
    }

    private void large(String name, long size) throws IOException {
        stamp(Cli.randomFile(root.resolve(name), size, random.nextLong()));
    }

    private void stamp(Path file) throws IOException {
        Files.setAttribute(file, "unix:mode", FILE_MODES[(int) (regularFiles % FILE_MODES.length)]);
        Files.setLastModifiedTime(file, nextMtime());
        regularFiles++;
        totalSize += Files.size(file);
    }

    /** A symlink with its own mtime, set by touch -h, which keeps nanoseconds (the JDK would not). */
    private void symlink(String name, String target) throws IOException {
        Path link = Files.createSymbolicLink(root.resolve(name), Path.of(target));
        symlinkTargetBytes += target.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        Instant mtime = nextMtime().toInstant();
        Process touch = new ProcessBuilder("touch", "-h", "-d",
                "@" + mtime.getEpochSecond() + "." + String.format("%09d", mtime.getNano()), link.toString())
                .inheritIO().start();
        try {
            if (touch.waitFor() != 0) {
                throw new IOException("touch -h failed on " + link);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while stamping " + link, e);
        }
        symlinks++;
    }

    private byte[] content(int size) {
        byte[] content = new byte[size];
        random.nextBytes(content);
        return content;
    }

    /** Distinct mtimes a minute apart, each with nanoseconds that no coarser clock would keep. */
    private FileTime nextMtime() {
        int n = stamps++;
        long nanos = 1 + (n * 7_654_321L) % 999_999_998L;
        return FileTime.from(FIRST_MTIME.plusSeconds(n * 61L).plusNanos(nanos));
    }

    /** Same entries, types, contents, symlink targets, permission bits, and file and symlink mtimes. */
    static void assertSameTree(Path expected, Path actual) throws IOException {
        assertSame(expected, actual, false);
    }

    /** As {@link #assertSameTree}, and the directories' mtimes too. */
    static void assertSameTreeAndDirectoryTimes(Path expected, Path actual) throws IOException {
        assertSame(expected, actual, true);
    }

    private static void assertSame(Path expectedRoot, Path actualRoot, boolean directoryTimes) throws IOException {
        SortedMap<String, TreeEntry> expected = TreeListing.of(expectedRoot);
        SortedMap<String, TreeEntry> actual = TreeListing.of(actualRoot);
        SortedSet<String> names = new TreeSet<>(expected.keySet());
        names.addAll(actual.keySet());
        for (String name : names) {
            String difference = TreeDifference.between(expected.get(name), actual.get(name), directoryTimes);
            if (difference == null && expected.get(name).type() == TreeEntry.Type.FILE) {
                long at = Files.mismatch(expectedRoot.resolve(name), actualRoot.resolve(name));
                difference = at < 0 ? null : "content differs from byte " + at;
            }
            if (difference != null) {
                fail(printable(name) + ": " + difference + " (expected tree " + expectedRoot + ", actual tree "
                        + actualRoot + ")");
            }
        }
    }

    /** Fails naming the first entry under {@code root} that was added, removed, rewritten or touched since. */
    static void assertUnchangedSince(SortedMap<String, TreeEntry> snapshot, Path root) throws IOException {
        SortedMap<String, TreeEntry> now = TreeListing.of(root);
        SortedSet<String> names = new TreeSet<>(snapshot.keySet());
        names.addAll(now.keySet());
        for (String name : names) {
            TreeEntry before = snapshot.get(name);
            TreeEntry after = now.get(name);
            if (before == null || !before.equals(after)) {
                fail(printable(name) + " changed under " + root + ": was " + before + ", now " + after);
            }
        }
    }

    static String printable(String name) {
        return "'" + name.replace("\n", "\\n") + "'";
    }
}
