package dev.rdcp.transfer;

import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.posix.FileStatus;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.ReferenceDirectories;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * rsync's alternate destination directories (--link-dest, --compare-dest, --copy-dest): where
 * the generator looks, in the order given, for a copy of an entry the destination lacks, and how
 * well the best one matches (rsync's levels: a file of the type, one that also passes the quick
 * check, one whose attributes are the entry's too). The directories are opened once, through
 * {@link Destination#openReference}, and closed with this object.
 */
final class ReferenceTrees implements AutoCloseable {

    /** How well a reference entry matches the listed one. */
    enum Level {
        NONE,
        /** An entry of the same type. */
        TYPE,
        /** Which passes the quick check (a symlink: the same target; a directory always does). */
        CONTENT,
        /** Whose permissions, times and owners (as this receiver applies them) are the entry's too. */
        EXACT
    }

    /** The best match: the directory it is in and its lstat; {@code directory} null for none. */
    record Match(Level level, DirectoryHandle directory, FileStatus status) {
        static final Match NONE = new Match(Level.NONE, null, null);
    }

    private final ReferenceDirectories references;
    private final UpdateCheck check;
    private final Attributes attributes;
    private final List<DirectoryHandle> directories = new ArrayList<>();

    ReferenceTrees(ReferenceDirectories references, UpdateCheck check, Attributes attributes) {
        this.references = references;
        this.check = check;
        this.attributes = attributes;
    }

    /**
     * Opens the directories; one that does not exist is left out with rsync's warning, one that
     * escapes a daemon's root fails the transfer.
     */
    void open(Destination destination, Consumer<String> warning) throws IOException {
        String option = references.kind().option();
        for (String directory : references.directories()) {
            try {
                directories.add(destination.openReference(directory, option));
            } catch (NoSuchFileException e) {
                warning.accept(option + " arg does not exist: " + directory);
            }
        }
    }

    boolean any() {
        return !directories.isEmpty();
    }

    ReferenceDirectories.Kind kind() {
        return references.kind();
    }

    /** The best match for {@code entry}, named {@code local} beneath each directory, of file type {@code type}. */
    Match find(Entry entry, byte[] local, int type) {
        Match best = Match.NONE;
        for (DirectoryHandle directory : directories) {
            FileStatus status;
            try {
                status = directory.status(local);
            } catch (IOException e) {
                continue;
            }
            if (FileModes.type(status.mode()) != type) {
                continue;
            }
            Level level = Level.TYPE;
            if (sameContent(entry, directory, local, status, type)) {
                level = attributes.differAsRsync(status, entry) ? Level.CONTENT : Level.EXACT;
            }
            if (level.compareTo(best.level()) > 0) {
                best = new Match(level, directory, status);
            }
            if (level == Level.EXACT) {
                break;
            }
        }
        return best;
    }

    /** rsync's quick check by type: a regular file's, a symlink's target, a node's device number; a directory always passes. */
    private boolean sameContent(Entry entry, DirectoryHandle directory, byte[] local, FileStatus status, int type) {
        if (type == FileModes.S_IFREG) {
            return check.quickCheck(entry, directory, local, status);
        }
        if (type == FileModes.S_IFLNK) {
            try {
                return Arrays.equals(directory.readLink(local), entry.extra());
            } catch (IOException e) {
                return false;
            }
        }
        // A device file of another number, as rsync, matches by type alone.
        return type == FileModes.S_IFDIR || ReceiverTree.sameNode(status, entry);
    }

    @Override
    public void close() throws IOException {
        IOException failure = null;
        for (int i = directories.size() - 1; i >= 0; i--) {
            try {
                directories.get(i).close();
            } catch (IOException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        directories.clear();
        if (failure != null) {
            throw failure;
        }
    }
}
