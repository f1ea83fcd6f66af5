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
import java.util.Arrays;

/**
 * rsync's -b on the receiving side: what a transfer replaces or --delete removes (a file or a
 * symlink) is renamed to its backup name first, beneath the destination's descriptor: beside it
 * with the suffix added, or with --backup-dir at its own relative path inside that directory
 * (relative to the destination), whose missing directories are made one by one beneath the
 * destination (with --inplace, copied there instead: the file itself is written). --delete leaves
 * backups with the suffix alone, as rsync's implicit protect rule does.
 */
final class Backups {

    private final Destination destination;
    private final Kept kept;
    private final boolean enabled;
    private final byte[] suffix;
    private final byte[] directory;
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
        this.writes = FileWrites.of(options);
    }

    boolean enabled() {
        return enabled;
    }

    /** Moves what is at {@code local} (beneath the destination) to its backup name, replacing an older backup. */
    void keep(byte[] local) throws IOException {
        DirectoryHandle base = destination.base();
        byte[] target = backupName(local);
        if (directory.length > 0) {
            makeParents(base, FileNames.parent(target));
        }
        makeWay(base, target);
        base.rename(local, target);
        kept.backedUp(local, target);
    }

    /**
     * --inplace: copies the regular file at {@code local} to its backup name, with its permissions
     * and times, since the file itself is about to be written where it is (rsync copies too).
     */
    void keepCopy(byte[] local) throws IOException {
        DirectoryHandle base = destination.base();
        byte[] target = backupName(local);
        if (directory.length > 0) {
            makeParents(base, FileNames.parent(target));
        }
        makeWay(base, target);
        ByteBuffer copyBuffer = copyMemory.get();
        try (FileHandle from = base.openRead(local); AtomicFile to = AtomicFile.create(base, target, writes)) {
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
        kept.backedUp(local, target);
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
        return directory.length > 0 ? FileNames.join(directory, named) : named;
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

    /** Directory {@code name} and everything in it, each removed beneath its own directory's descriptor. */
    private static void removeTree(DirectoryHandle parent, byte[] name) throws IOException {
        try (DirectoryHandle tree = parent.openDirectory(name)) {
            for (byte[] child : tree.names()) {
                if (FileModes.type(tree.status(child).mode()) == FileModes.S_IFDIR) {
                    removeTree(tree, child);
                } else {
                    tree.delete(child, false);
                }
            }
        }
        parent.delete(name, true);
    }

    private static void makeParents(DirectoryHandle base, byte[] parent) throws IOException {
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

    /** Frees the copy buffer, if one was needed. */
    void close() {
        copyMemory.close();
    }
}
