package dev.rdcp.transfer;

import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.posix.FileHandle;
import dev.rdcp.posix.FileStatus;
import dev.rdcp.protocol.BackupRule;
import dev.rdcp.protocol.SessionRequest;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

/**
 * rsync's -b on the receiving side: what a transfer replaces or --delete removes (a file or a
 * symlink) is renamed to its backup name first, beneath the destination's descriptor: beside it
 * with the suffix added, or with --backup-dir at its own relative path inside that directory
 * (relative to the destination), whose missing directories are made one by one beneath the
 * destination (with --inplace, copied there instead: the file itself is written). A --backup-dir
 * that is absolute or climbs with ".." lies outside the destination: it is made and opened at the
 * first backup ({@link Destination#openBackupDirectory}), and a backup that would cross into
 * another file system there is copied, as rsync copies it. --delete leaves backups with the suffix
 * alone, as rsync's implicit protect rule does.
 */
final class Backups {

    private final Destination destination;
    private final Kept kept;
    private final boolean enabled;
    private final byte[] suffix;
    private final byte[] directory;
    /** --backup-dir is absolute or has a "." or ".." component: opened apart from the destination. */
    private final boolean outside;
    /** The --backup-dir outside the destination, once the first backup opened it; null before. */
    private DirectoryHandle outsideDirectory;
    private final FileWrites writes;
    static final int COPY_BUFFER = 1 << 20;
    /** For {@link #keepCopy}: made at the first, reused, freed by {@link #close}. */
    private final ScratchBuffer copyMemory = new ScratchBuffer(COPY_BUFFER);

    /** Told of each backup made. */
    @FunctionalInterface
    interface Kept {
        void backedUp(byte[] name, byte[] backupName);
    }

    Backups(Destination destination, TransferOptions options, Kept kept) {
        this.destination = destination;
        this.kept = kept;
        BackupRule rule = options.receiver().backup();
        this.enabled = options.has(SessionRequest.BACKUP) && !options.dryRun();
        this.suffix = rule.suffix().getBytes(StandardCharsets.UTF_8);
        this.directory = rule.directory().getBytes(StandardCharsets.UTF_8);
        this.outside = BackupRule.outsideDestination(directory);
        this.writes = FileWrites.of(options);
    }

    boolean enabled() {
        return enabled;
    }

    /** Moves what is at {@code local} (beneath the destination) to its backup name, replacing an older backup. */
    void keep(byte[] local) throws IOException {
        DirectoryHandle base = destination.base();
        DirectoryHandle into = backupDirectory();
        byte[] target = backupName(local);
        makeParentsOf(into, target);
        makeWay(into, target);
        if (into == base) {
            base.rename(local, target);
        } else if (!into.renameFrom(base, local, target)) {
            copyAcross(base, local, into, target);
        }
        kept.backedUp(local, shownName(target));
    }

    /**
     * A backup into another file system: a regular file copied with its permissions and times,
     * a symlink made anew, each under its backup name before the original goes.
     */
    private void copyAcross(DirectoryHandle base, byte[] local, DirectoryHandle into, byte[] target)
            throws IOException {
        FileStatus original = base.status(local);
        if (FileModes.type(original.mode()) == FileModes.S_IFLNK) {
            into.symlink(base.readLink(local), target);
            into.setLinkTimes(target, original.mtimeSeconds(), original.mtimeNanos());
        } else {
            copy(base, local, into, target);
        }
        base.delete(local, false);
    }

    /**
     * --inplace: copies the regular file at {@code local} to its backup name, with its permissions
     * and times, since the file itself is about to be written where it is (rsync copies too).
     */
    void keepCopy(byte[] local) throws IOException {
        DirectoryHandle into = backupDirectory();
        byte[] target = backupName(local);
        makeParentsOf(into, target);
        makeWay(into, target);
        copy(destination.base(), local, into, target);
        kept.backedUp(local, shownName(target));
    }

    /** The regular file {@code local} copied to {@code target} beneath {@code into}, with its permissions and times. */
    private void copy(DirectoryHandle base, byte[] local, DirectoryHandle into, byte[] target) throws IOException {
        ByteBuffer copyBuffer = copyMemory.get();
        try (FileHandle from = base.openRead(local); AtomicFile to = AtomicFile.create(into, target, writes)) {
            FileStatus original = from.status();
            to.preallocate(original.size());
            long position = 0;
            for (int read; (read = from.read(copyBuffer.clear(), position)) > 0; position += read) {
                to.write(copyBuffer.flip(), position);
            }
            to.commit(copy -> {
                copy.setMode(original.mode() & 07777);
                copy.setTimes(original.mtimeSeconds(), original.mtimeNanos());
            });
        }
    }

    /** Where backups go: the destination's directory, or the --backup-dir outside it. */
    private DirectoryHandle backupDirectory() throws IOException {
        if (!outside) {
            return destination.base();
        }
        if (outsideDirectory == null) {
            outsideDirectory = destination.openBackupDirectory(new String(directory, StandardCharsets.UTF_8));
        }
        return outsideDirectory;
    }

    /**
     * With --backup-dir, the directories {@code target} is in, made where missing; as rsync, each
     * one standing for a directory of the destination takes that directory's permissions.
     */
    private void makeParentsOf(DirectoryHandle into, byte[] target) throws IOException {
        if (directory.length == 0 || FileNames.leaf(target).length == target.length) {
            return;
        }
        byte[] parent = FileNames.parent(target);
        // Where the destination's own directories start in the backup's path.
        int mirrored = outside ? 0 : directory.length + 1;
        for (int i = 0; i <= parent.length; i++) {
            if (i == parent.length || parent[i] == '/') {
                byte[] prefix = Arrays.copyOf(parent, i);
                try {
                    into.makeDirectory(prefix, 0777);
                } catch (FileAlreadyExistsException e) {
                    // There already; renaming into it fails if it is not a directory.
                    continue;
                }
                if (i > mirrored) {
                    takePermissions(into, prefix, Arrays.copyOfRange(parent, mirrored, i));
                }
            }
        }
    }

    /** Gives the backup directory {@code made} the permissions of the destination's directory {@code original}, where it is one. */
    private void takePermissions(DirectoryHandle into, byte[] made, byte[] original) throws IOException {
        FileStatus status;
        try {
            status = destination.base().status(original);
        } catch (NoSuchFileException e) {
            return;
        }
        if (FileModes.type(status.mode()) == FileModes.S_IFDIR) {
            try (FileHandle directoryMade = into.openNode(made)) {
                directoryMade.setMode(status.mode());
            }
        }
    }

    /** A backup name as rsync names it: outside the destination, with the --backup-dir before it. */
    private byte[] shownName(byte[] target) {
        return outside ? FileNames.join(directory, target) : target;
    }

    /**
     * True for a name --delete must leave: without a backup directory, a name with the suffix
     * (rsync's implicit protect rule); with one, the backup directory and the directories it is
     * in. rsync deletes in a directory before its files arrive, so backups made meanwhile are not
     * there to be deleted; rdcp deletes once a directory's listing ends, after them.
     */
    boolean protects(byte[] relative) {
        if (!enabled) {
            return false;
        }
        if (outside) {
            return false;
        }
        if (directory.length > 0) {
            return directory.length >= relative.length
                    && Arrays.equals(directory, 0, relative.length, relative, 0, relative.length)
                    && (directory.length == relative.length || directory[relative.length] == '/');
        }
        byte[] leaf = FileNames.leaf(relative);
        return suffix.length > 0 && leaf.length > suffix.length
                && Arrays.equals(leaf, leaf.length - suffix.length, leaf.length, suffix, 0, suffix.length);
    }

    private byte[] backupName(byte[] local) {
        byte[] named = Arrays.copyOf(local, local.length + suffix.length);
        System.arraycopy(suffix, 0, named, local.length, suffix.length);
        return directory.length > 0 && !outside ? FileNames.join(directory, named) : named;
    }

    /**
     * A directory at backup name {@code target} goes, with all it holds, as rsync's make_backup
     * deletes what stands at the name; a file or symlink there is simply replaced by the rename.
     */
    private static void makeWay(DirectoryHandle base, byte[] target) throws IOException {
        FileStatus there;
        try {
            there = base.status(target);
        } catch (NoSuchFileException e) {
            return;
        }
        if (FileModes.type(there.mode()) == FileModes.S_IFDIR) {
            removeTree(base, target);
        }
    }

    /**
     * Directory {@code name} and everything in it, each removed beneath its own directory's
     * descriptor: a walk, not a recursion (see {@link DirectoryDescent}), so a tree of any depth
     * goes without overflowing the stack.
     */
    private static void removeTree(DirectoryHandle parent, byte[] name) throws IOException {
        ArrayDeque<Iterator<byte[]>> subdirectories = new ArrayDeque<>();
        try (DirectoryDescent descent = new DirectoryDescent(parent)) {
            descent.enter(name);
            subdirectories.push(removeFiles(descent.current()));
            while (!subdirectories.isEmpty()) {
                Iterator<byte[]> next = subdirectories.peek();
                if (next.hasNext()) {
                    descent.enter(next.next());
                    subdirectories.push(removeFiles(descent.current()));
                } else {
                    subdirectories.pop();
                    byte[] emptied = descent.leave();
                    descent.current().delete(emptied, true);
                }
            }
        }
    }

    /** Removes what {@code directory} holds but its subdirectories, and returns those. */
    private static Iterator<byte[]> removeFiles(DirectoryHandle directory) throws IOException {
        List<byte[]> subdirectories = new ArrayList<>();
        for (byte[] child : directory.names()) {
            if (FileModes.type(directory.status(child).mode()) == FileModes.S_IFDIR) {
                subdirectories.add(child);
            } else {
                directory.delete(child, false);
            }
        }
        return subdirectories.iterator();
    }

    /** Directory {@code name} beneath {@code base} and each directory on its way, made where missing. */
    static void makeDirectories(DirectoryHandle base, byte[] parent) throws IOException {
        for (int i = 0; i <= parent.length; i++) {
            if (i == parent.length || parent[i] == '/') {
                byte[] prefix = Arrays.copyOf(parent, i);
                try {
                    base.makeDirectory(prefix, 0777);
                } catch (FileAlreadyExistsException e) {
                    // There already; renaming into it fails if it is not a directory.
                }
            }
        }
    }

    /** Frees the copy buffer, if one was needed, and closes the --backup-dir outside the destination. */
    void close() {
        copyMemory.close();
        if (outsideDirectory != null) {
            try {
                outsideDirectory.close();
            } catch (IOException e) {
                // A directory descriptor: closing it loses nothing written through it.
            }
            outsideDirectory = null;
        }
    }
}
