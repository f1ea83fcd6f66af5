package dev.rdcp.transfer;

import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.posix.FileHandle;
import dev.rdcp.posix.FileStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Existing destination directories that a receiver which is not root could not write into or
 * search: those it owns whose mode lacks any of the owner's rwx bits (a tree with read-only
 * directories, copied again). As rsync's generator does, each is opened up to its owner while the
 * transfer puts files in it and deletes from it, and given its mode back with the directory's
 * other attributes at the end. One the receiver does not own is left alone: writing into it fails
 * as before.
 */
final class OpenedDirectories {

    private static final int OWNER_ALL = 0700;

    /** This process's user, or -1 where nothing is opened: root (or unknown), whom no mode keeps out, or a dry run. */
    private final int user;
    /** The mode each opened directory had, by its name beneath the destination. */
    private final Map<String, Integer> modes = new HashMap<>();

    OpenedDirectories(ProcessIdentity process, boolean dryRun) {
        user = process.uid() > 0 && !dryRun ? process.uid() : -1;
    }

    /**
     * Opens {@code local}, a directory whose status is {@code existing}, to its owner if it needs
     * it; a refused chmod is no error of its own (what is written into it then fails).
     */
    void open(DirectoryHandle base, byte[] local, FileStatus existing) {
        int mode = existing.mode() & 07777;
        if (user == -1 || (mode & OWNER_ALL) == OWNER_ALL || existing.uid() != user) {
            return;
        }
        try (FileHandle directory = base.openNode(local)) {
            FileStatus now = directory.status();
            if (FileModes.type(now.mode()) != FileModes.S_IFDIR || now.inode() != existing.inode()) {
                return;
            }
            directory.setMode(mode | OWNER_ALL);
            modes.putIfAbsent(key(local), mode);
        } catch (IOException e) {
            // Left as it is: the writes into it report their own failures.
        }
    }

    /**
     * Opens directory {@code name} of {@code parent}, about to be emptied by --delete, to its owner
     * if it needs it, as rsync's deletion does; it goes, so nothing is given back (one that stays,
     * holding what is protected, stays opened, as rsync leaves it).
     */
    void openForDeletion(DirectoryHandle parent, byte[] name) {
        if (user == -1) {
            return;
        }
        try (FileHandle directory = parent.openNode(name)) {
            FileStatus status = directory.status();
            int mode = status.mode() & 07777;
            if (FileModes.type(status.mode()) == FileModes.S_IFDIR && (mode & OWNER_ALL) != OWNER_ALL
                    && status.uid() == user) {
                directory.setMode(mode | OWNER_ALL);
            }
        } catch (IOException e) {
            // Left as it is: emptying it reports its own failures.
        }
    }

    /** Gives {@code directory}, at {@code local}, back the mode it had before {@link #open}. */
    void restore(FileHandle directory, byte[] local) throws IOException {
        Integer mode = modes.remove(key(local));
        if (mode != null) {
            directory.setMode(mode);
        }
    }

    private static String key(byte[] local) {
        return new String(local, StandardCharsets.ISO_8859_1);
    }
}
