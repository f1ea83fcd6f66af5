package dev.rdcp.transfer;

import dev.rdcp.filter.FilterRules;
import dev.rdcp.filter.FilterTooComplexException;
import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.posix.FileStatus;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.SessionRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The receiver's directories, symlinks and hard links: creates them beneath the destination's
 * descriptor (so no name from the peer, and no symlink put in a parent meanwhile, reaches outside
 * it), and with --delete removes what a finished directory holds that the sender did not list.
 */
final class ReceiverTree {

    private final Destination destination;
    private final boolean dryRun;
    private final boolean delete;
    private final FilterRules filters;
    private final boolean deleteExcluded;
    private final Events events;
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

    /** Notes {@code name} as listed in its directory, which --delete must then keep. */
    void listed(byte[] name) {
        if (!delete || (name.length == 1 && name[0] == '.')) {
            return;
        }
        Set<String> siblings = listedChildren.get(key(FileNames.parent(name)));
        if (siblings != null) {
            String child = key(FileNames.leaf(name));
            if (siblings.add(child)) {
                listedBytes += child.length();
                if (listedBytes > MAX_LISTED_BYTES) {
                    throw new UncheckedIOException(new ProtocolException("more than " + (MAX_LISTED_BYTES >> 20)
                            + " MiB of names listed in directories not yet ended"));
                }
            }
        }
    }

    private FileStatus statusOrNull(byte[] local) throws IOException {
        try {
            return destination.base().status(local);
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    private static boolean isDirectory(FileStatus status) {
        return status != null && FileModes.type(status.mode()) == FileModes.S_IFDIR;
    }

    /** A fresh temporary name beside {@code local}. */
    private static byte[] tempBeside(byte[] local) {
        return FileNames.join(FileNames.parent(local), AtomicFile.tempName(FileNames.leaf(local)));
    }

    /** Makes sure {@code local} (entry {@code name}'s name beneath the destination) is a directory; true if it had to be created. */
    boolean directory(byte[] name, byte[] local) throws IOException {
        if (delete) {
            listedChildren.putIfAbsent(key(name), new HashSet<>());
        }
        boolean isRoot = name.length == 1 && name[0] == '.';
        if (isRoot && dryRun) {
            return false;
        }
        FileStatus existing = statusOrNull(local);
        if (isDirectory(existing)) {
            return false;
        }
        if (!dryRun) {
            DirectoryHandle base = destination.base();
            if (existing != null) {
                base.delete(local, false);
            }
            base.makeDirectory(local, 0777);
        }
        return true;
    }

    /** Makes {@code local} the entry's symlink, atomically replacing what was there; true if new. */
    boolean symlink(byte[] local, Entry entry, Attributes attributes) throws IOException {
        byte[] target = entry.extra();
        FileStatus existing = statusOrNull(local);
        if (existing != null && FileModes.type(existing.mode()) == FileModes.S_IFLNK
                && Arrays.equals(destination.base().readLink(local), target)) {
            if (!dryRun) {
                // The same link: its time and owner are still brought in line, as rsync does.
                attributes.applyToLink(destination.base(), local, entry);
            }
            return false;
        }
        if (isDirectory(existing)) {
            throw new RdcpException(ExitCode.PARTIAL, "cannot overwrite a directory with a symlink");
        }
        if (!dryRun) {
            DirectoryHandle base = destination.base();
            byte[] temp = tempBeside(local);
            base.symlink(target, temp);
            try {
                attributes.applyToLink(base, temp, entry);
                base.rename(temp, local);
            } catch (IOException e) {
                deleteQuietly(base, temp, e);
                throw e;
            }
            forget(key(entry.name()));
        }
        return existing == null;
    }

    private static void deleteQuietly(DirectoryHandle base, byte[] temp, IOException cause) {
        try {
            base.delete(temp, false);
        } catch (IOException e) {
            cause.addSuppressed(e);
        }
    }

    /**
     * Makes {@code local} another name of regular file {@code existingName} (both beneath the
     * destination), atomically replacing what was there; true if new. A name already linked to
     * it is left alone.
     */
    boolean hardLink(byte[] local, byte[] existingName) throws IOException {
        if (dryRun) {
            return statusOrNull(local) == null;
        }
        DirectoryHandle base = destination.base();
        FileStatus file = base.status(existingName);
        if (FileModes.type(file.mode()) != FileModes.S_IFREG) {
            throw new RdcpException(ExitCode.PARTIAL, "its other name is no longer a regular file here");
        }
        FileStatus existing = statusOrNull(local);
        if (existing != null && existing.device() == file.device() && existing.inode() == file.inode()) {
            return false;
        }
        if (isDirectory(existing)) {
            throw new RdcpException(ExitCode.PARTIAL, "cannot overwrite a directory with a hard link");
        }
        byte[] temp = tempBeside(local);
        base.link(existingName, temp);
        try {
            base.rename(temp, local);
        } catch (IOException e) {
            deleteQuietly(base, temp, e);
            throw e;
        }
        return existing == null;
    }

    /**
     * All of directory {@code name} was listed: with --delete, remove what the sender does not
     * have. Not when the sender could not read all of it ({@code complete} false): as rsync, an
     * I/O error on the sending side skips deletion rather than empty the copy. The directory is
     * opened beneath the destination without following a symlink, and everything in it is
     * examined and removed through that descriptor, recursing by descriptor.
     */
    void directoryEnd(byte[] name, boolean complete) throws IOException {
        Set<String> keep = listedChildren.remove(key(name));
        if (keep != null) {
            keep.forEach(child -> listedBytes -= child.length());
        }
        if (keep == null || !complete) {
            return;
        }
        byte[] local = destination.name(name);
        if (!isDirectory(statusOrNull(local))) {
            return;
        }
        try (DirectoryHandle directory = destination.base().openDirectory(local)) {
            for (byte[] child : directory.names()) {
                String text = new String(child, StandardCharsets.UTF_8);
                if (keep.contains(key(child)) || AtomicFile.isOwnTemporary(text)) {
                    continue;
                }
                byte[] relative = FileNames.join(name, child);
                try {
                    FileStatus status = directory.status(child);
                    if (!deleteExcluded && excluded(relative, isDirectory(status))) {
                        continue;
                    }
                    remove(directory, child, isDirectory(status), relative);
                } catch (NoSuchFileException e) {
                    // Gone already: nothing to delete.
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

    /** Deletes {@code child} of {@code parent}, a whole directory by its descriptor (each entry reported). */
    private void remove(DirectoryHandle parent, byte[] child, boolean isDirectory, byte[] relative) throws IOException {
        if (isDirectory) {
            try (DirectoryHandle directory = parent.openDirectory(child)) {
                for (byte[] grandchild : directory.names()) {
                    FileStatus status;
                    try {
                        status = directory.status(grandchild);
                    } catch (NoSuchFileException e) {
                        continue;
                    }
                    remove(directory, grandchild, isDirectory(status), FileNames.join(relative, grandchild));
                }
            }
        }
        if (!dryRun) {
            parent.delete(child, isDirectory);
            forget(key(relative));
        }
        heartbeat.beat();
        // As rsync shows it: a directory with a trailing slash.
        events.deleted(isDirectory ? FileNames.join(relative, new byte[0]) : relative);
    }

    /** {@code key} and everything under it are no longer listed directories waiting for their end. */
    private void forget(String key) {
        Set<String> dropped = listedChildren.remove(key);
        if (dropped != null) {
            dropped.forEach(child -> listedBytes -= child.length());
        }
    }
}
