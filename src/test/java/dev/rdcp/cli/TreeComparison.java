package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Two trees, rsync's result and rdcp's, compared entry by entry. */
final class TreeComparison {

    private TreeComparison() {
    }

    /**
     * Entries, types, contents, modes, and the times of files and symlinks. Not directories'
     * times: rsync leaves those of implied directories and of directories it deleted in at the
     * time of its run, where rdcp keeps the source's.
     */
    static void assertSameTree(Path expectedRoot, Path actualRoot) throws IOException {
        java.util.SortedMap<String, TreeEntry> expected = TreeListing.of(expectedRoot);
        java.util.SortedMap<String, TreeEntry> actual = TreeListing.of(actualRoot);
        java.util.SortedSet<String> names = new java.util.TreeSet<>(expected.keySet());
        names.addAll(actual.keySet());
        for (String name : names) {
            String difference = TreeDifference.between(expected.get(name), actual.get(name), false);
            if (difference == null && expected.get(name).type() == TreeEntry.Type.FILE
                    && Files.mismatch(expectedRoot.resolve(name), actualRoot.resolve(name)) >= 0) {
                difference = "content differs";
            }
            assertEquals(null, difference, name + " (rsync: " + expectedRoot + ", rdcp: " + actualRoot + ")");
        }
    }

}
