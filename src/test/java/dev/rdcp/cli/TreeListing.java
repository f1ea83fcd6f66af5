package dev.rdcp.cli;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/** Lists a tree without following symlinks: one lstat per entry, keyed by path relative to the root. */
final class TreeListing {

    /** The key of the root directory itself. */
    static final String ROOT = ".";

    private static final String ATTRIBUTES = "unix:mode,ino,ctime,size,lastModifiedTime,rdev";
    private static final int TYPE_MASK = 0170000;
    private static final int DIRECTORY = 0040000;
    private static final int REGULAR = 0100000;
    private static final int SYMLINK = 0120000;

    private TreeListing() {
    }

    /** Every entry under {@code root} and the root itself ({@link #ROOT}), sorted by relative path. */
    static SortedMap<String, TreeEntry> of(Path root) throws IOException {
        SortedMap<String, TreeEntry> entries = new TreeMap<>();
        add(root, ROOT, entries);
        return entries;
    }

    private static void add(Path path, String name, Map<String, TreeEntry> entries) throws IOException {
        TreeEntry entry = entry(path);
        entries.put(name, entry);
        if (entry.type() != TreeEntry.Type.DIRECTORY) {
            return;
        }
        try (DirectoryStream<Path> children = Files.newDirectoryStream(path)) {
            for (Path child : children) {
                String childName = child.getFileName().toString();
                add(child, name.equals(ROOT) ? childName : name + "/" + childName, entries);
            }
        }
    }

    private static TreeEntry entry(Path path) throws IOException {
        Map<String, Object> stat = Files.readAttributes(path, ATTRIBUTES, LinkOption.NOFOLLOW_LINKS);
        int mode = (Integer) stat.get("mode");
        TreeEntry.Type type = switch (mode & TYPE_MASK) {
            case REGULAR -> TreeEntry.Type.FILE;
            case DIRECTORY -> TreeEntry.Type.DIRECTORY;
            case SYMLINK -> TreeEntry.Type.SYMLINK;
            case 0020000 -> TreeEntry.Type.CHARACTER_DEVICE;
            case 0060000 -> TreeEntry.Type.BLOCK_DEVICE;
            case 0010000 -> TreeEntry.Type.FIFO;
            default -> TreeEntry.Type.SOCKET;
        };
        String target = type == TreeEntry.Type.SYMLINK ? Files.readSymbolicLink(path).toString() : null;
        return new TreeEntry(type, mode & 07777, (Long) stat.get("size"), (FileTime) stat.get("lastModifiedTime"),
                target, (Long) stat.get("ino"), (FileTime) stat.get("ctime"), (Long) stat.get("rdev"));
    }
}
