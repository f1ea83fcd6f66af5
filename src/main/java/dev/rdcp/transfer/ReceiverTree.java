package dev.rdcp.transfer;

import dev.rdcp.filter.FilterRules;
import dev.rdcp.filter.FilterTooComplexException;
import dev.rdcp.posix.FileStatus;
import dev.rdcp.posix.Symlinks;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.SessionRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Set;
import java.util.TreeSet;

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
    private final boolean deleteExcluded;
    private final Events events;
    /**
     * Directories (by name) known to be real directories inside the destination. Whatever this
     * side removes or replaces leaves it, with everything under it.
     */
    private final NavigableSet<String> verified = new TreeSet<>();
    /** Names --delete keeps in memory until their directory ends: bounds what a peer can make us hold. */
    private static final long MAX_LISTED_BYTES = 256L << 20;
    private long listedBytes;
    /** With --delete: for each listed directory not yet ended, the names listed inside it. */
    private final Map<String, Set<String>> listedChildren = new HashMap<>();

    /** What --delete did, entry by entry. */
    interface Events {
        void deleted(byte[] name);

        void deleteFailed(byte[] name, IOException cause);
    }

    private final Heartbeat heartbeat;

    ReceiverTree(Destination destination, TransferOptions options, Events events, Heartbeat heartbeat) {
        this.heartbeat = heartbeat;
        this.destination = destination;
        this.dryRun = options.dryRun();
        this.delete = options.has(SessionRequest.DELETE);
        this.filters = options.filters();
        this.deleteExcluded = options.has(SessionRequest.DELETE_EXCLUDED);
        this.events = events;
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
            String child = key(Arrays.copyOfRange(name, lastSlash(name) + 1, name.length));
            if (siblings.add(child)) {
                listedBytes += child.length();
                if (listedBytes > MAX_LISTED_BYTES) {
                    throw new UncheckedIOException(new ProtocolException("more than " + (MAX_LISTED_BYTES >> 20)
                            + " MiB of names listed in directories not yet ended"));
                }
            }
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
            listedChildren.putIfAbsent(key(name), new HashSet<>());
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
        byte[] target = entry.extra();
        boolean exists = Files.exists(path, LinkOption.NOFOLLOW_LINKS);
        if (exists && Files.isSymbolicLink(path) && Arrays.equals(Symlinks.read(path, FileNames.absolute(path)), target)) {
            return false;
        }
        if (exists && Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
            throw new RdcpException(ExitCode.PARTIAL, "cannot overwrite a directory with a symlink");
        }
        if (!dryRun) {
            Path temp = AtomicFile.tempSibling(path);
            Symlinks.create(temp, FileNames.absolute(temp), target);
            try {
                attributes.applyToLink(temp, entry);
                Files.move(temp, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                Files.deleteIfExists(temp);
                throw e;
            }
            forget(key(entry.name()));
        }
        return !exists;
    }

    /**
     * Makes {@code path} another name of regular file {@code target}, atomically replacing what
     * was there; true if new. A name already linked to it is left alone.
     */
    boolean hardLink(Path path, Path target) throws IOException {
        if (dryRun) {
            return !Files.exists(path, LinkOption.NOFOLLOW_LINKS);
        }
        FileStatus file = FileStatus.of(target, FileNames.absolute(target), false);
        if (FileModes.type(file.mode()) != FileModes.S_IFREG) {
            throw new RdcpException(ExitCode.PARTIAL, "its other name is no longer a regular file here");
        }
        FileStatus existing;
        try {
            existing = FileStatus.of(path, FileNames.absolute(path), false);
        } catch (NoSuchFileException e) {
            existing = null;
        }
        if (existing != null && existing.device() == file.device() && existing.inode() == file.inode()) {
            return false;
        }
        if (existing != null && FileModes.type(existing.mode()) == FileModes.S_IFDIR) {
            throw new RdcpException(ExitCode.PARTIAL, "cannot overwrite a directory with a hard link");
        }
        Path temp = AtomicFile.tempSibling(path);
        Files.createLink(temp, target);
        try {
            Files.move(temp, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
        return existing == null;
    }

    /**
     * All of directory {@code name} was listed: with --delete, remove what the sender does not
     * have. Not when the sender could not read all of it ({@code complete} false): as rsync, an
     * I/O error on the sending side skips deletion rather than empty the copy.
     */
    void directoryEnd(byte[] name, boolean complete) throws IOException {
        Set<String> keep = listedChildren.remove(key(name));
        if (keep != null) {
            keep.forEach(child -> listedBytes -= child.length());
        }
        if (keep == null || !complete) {
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
                if (!deleteExcluded && excluded(relative, isDirectory)) {
                    continue;
                }
                try {
                    remove(child, relative);
                } catch (IOException e) {
                    events.deleteFailed(relative, e);
                }
            }
        }
    }

    private boolean excluded(byte[] relative, boolean isDirectory) throws RdcpException {
        try {
            return filters.isExcluded(new String(relative, StandardCharsets.UTF_8), isDirectory);
        } catch (FilterTooComplexException e) {
            throw new RdcpException(ExitCode.USAGE, e.getMessage());
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
            forget(key(relative));
        }
        heartbeat.beat();
        events.deleted(relative);
    }

    /** {@code key} and everything under it are no longer known to be directories. */
    private void forget(String key) {
        verified.remove(key);
        verified.subSet(key + "/", key + "0").clear();
        Set<String> dropped = listedChildren.remove(key);
        if (dropped != null) {
            dropped.forEach(child -> listedBytes -= child.length());
        }
    }
}
