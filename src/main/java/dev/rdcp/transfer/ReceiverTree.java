package dev.rdcp.transfer;

import dev.rdcp.filter.FilterRules;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.SessionRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;

/**
 * The receiver's directories and symlinks: creates them, refuses to write through a symlink in
 * a parent (so no name from the peer reaches outside the destination), and with --delete removes
 * what a finished directory holds that the sender did not list.
 */
final class ReceiverTree {

    private final Destination destination;
    private final boolean dryRun;
    private final boolean delete;
    private final FilterRules filters;
    private final Consumer<byte[]> deleted;
    /** Directories (by name) known to be real directories inside the destination. */
    private final Set<String> verified = new HashSet<>();
    /** With --delete: for each listed directory not yet ended, the names listed inside it. */
    private final Map<String, Set<String>> listedChildren = new HashMap<>();

    ReceiverTree(Destination destination, TransferOptions options, Consumer<byte[]> deleted) {
        this.destination = destination;
        this.dryRun = options.dryRun();
        this.delete = options.has(SessionRequest.DELETE);
        this.filters = options.filters();
        this.deleted = deleted;
    }

    private static String key(byte[] name) {
        return new String(name, StandardCharsets.ISO_8859_1);
    }

    private static int lastSlash(byte[] name) {
        for (int i = name.length - 1; i >= 0; i--) {
            if (name[i] == '/') {
                return i;
            }
        }
        return -1;
    }

    private static byte[] parentOf(byte[] name) {
        int slash = lastSlash(name);
        return slash < 0 ? new byte[] {'.'} : Arrays.copyOf(name, slash);
    }

    /** Notes {@code name} as listed in its directory, which --delete must then keep. */
    void listed(byte[] name) {
        if (!delete || (name.length == 1 && name[0] == '.')) {
            return;
        }
        Set<String> siblings = listedChildren.get(key(parentOf(name)));
        if (siblings != null) {
            siblings.add(key(Arrays.copyOfRange(name, lastSlash(name) + 1, name.length)));
        }
    }

    /** The directory {@code name} goes into must be a real directory, reached through no symlink. */
    void requireParent(byte[] name, Path path) throws IOException {
        if (!destination.intoDirectory() || (name.length == 1 && name[0] == '.') || lastSlash(name) < 0) {
            return;
        }
        byte[] parent = parentOf(name);
        if (verified.contains(key(parent))) {
            return;
        }
        requireParent(parent, path.getParent());
        if (Files.isDirectory(path.getParent(), LinkOption.NOFOLLOW_LINKS)) {
            verified.add(key(parent));
        } else if (!dryRun || Files.exists(path.getParent(), LinkOption.NOFOLLOW_LINKS)) {
            throw new RdcpException(ExitCode.PARTIAL, "its directory is missing or not a directory");
        }
    }

    /** Makes sure {@code path} is a directory; returns true if it had to be created. */
    boolean directory(byte[] name, Path path) throws IOException {
        if (delete) {
            listedChildren.put(key(name), new HashSet<>());
        }
        boolean isRoot = name.length == 1 && name[0] == '.';
        if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS) || (isRoot && dryRun)) {
            verified.add(key(name));
            return false;
        }
        if (!dryRun) {
            if (Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
                Files.delete(path);
            }
            Files.createDirectory(path);
        }
        verified.add(key(name));
        return true;
    }

    /** Makes {@code path} the entry's symlink, atomically replacing what was there; true if new. */
    boolean symlink(Path path, Entry entry, Attributes attributes) throws IOException {
        Path target = Path.of(new String(entry.extra(), StandardCharsets.UTF_8));
        boolean exists = Files.exists(path, LinkOption.NOFOLLOW_LINKS);
        if (exists && Files.isSymbolicLink(path) && Files.readSymbolicLink(path).equals(target)) {
            return false;
        }
        if (exists && Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
            throw new RdcpException(ExitCode.PARTIAL, "cannot overwrite a directory with a symlink");
        }
        if (!dryRun) {
            String suffix = Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);
            Path temp = path.resolveSibling("." + path.getFileName() + "." + suffix + AtomicFile.TEMP_SUFFIX);
            Files.createSymbolicLink(temp, target);
            try {
                attributes.applyToLink(temp, entry);
                Files.move(temp, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                Files.deleteIfExists(temp);
                throw e;
            }
        }
        return !exists;
    }

    /** All of directory {@code name} was listed: with --delete, remove what the sender does not have. */
    void directoryEnd(byte[] name) throws IOException {
        Set<String> keep = listedChildren.remove(key(name));
        if (keep == null) {
            return;
        }
        Path directory = destination.resolve(name);
        if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (DirectoryStream<Path> children = Files.newDirectoryStream(directory)) {
            for (Path child : children) {
                byte[] childName = FileNames.lastComponent(child);
                String text = new String(childName, StandardCharsets.UTF_8);
                if (keep.contains(key(childName)) || AtomicFile.isOwnTemporary(text)) {
                    continue;
                }
                byte[] relative = FileNames.join(name, childName);
                boolean isDirectory = Files.isDirectory(child, LinkOption.NOFOLLOW_LINKS);
                if (filters.isExcluded(new String(relative, StandardCharsets.UTF_8), isDirectory)) {
                    continue;
                }
                remove(child, relative);
            }
        }
    }

    /** Deletes a file, symlink or whole directory (each entry reported), never following a symlink. */
    private void remove(Path path, byte[] relative) throws IOException {
        if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
            try (DirectoryStream<Path> children = Files.newDirectoryStream(path)) {
                for (Path child : children) {
                    remove(child, FileNames.join(relative, FileNames.lastComponent(child)));
                }
            }
        }
        if (!dryRun) {
            Files.delete(path);
        }
        deleted.accept(relative);
    }
}
