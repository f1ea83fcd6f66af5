package dev.rdcp.transfer;

import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.posix.FileHandle;
import dev.rdcp.posix.FileStatus;
import dev.rdcp.protocol.ProtocolException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Existing destination directories that a receiver which is not root could not write into or
 * search: those it owns whose mode lacks any of the owner's rwx bits (a tree with read-only
 * directories, copied again). As rsync's generator does, each is opened up to its owner while the
 * transfer puts files in it and deletes from it, and given its mode back with the directory's
 * other attributes at the end. One the receiver does not own is left alone: writing into it fails
 * as before. What it remembers of each is drawn from the session's budget, so from a daemon's
 * bookkeeping pool: a list of millions of such directories ends the session that finds the pool
 * empty ("try again later"), not the daemon's heap. A session that ends before the end (a failure,
 * a stop) gives those it opened back their mode when it closes, where rsync leaves them opened:
 * a run that failed should not leave a tree its owner made read-only writable.
 */
final class OpenedDirectories {

    private static final int OWNER_ALL = 0700;
    /** What one opened directory costs beyond its name: its entry and what it had. */
    private static final long ENTRY_COST = 64;

    /** What an opened directory was, to give its mode back to it and to no other. */
    private record Opened(int mode, long device, long inode) {
    }

    /** This process's user, or -1 where nothing is opened: root (or unknown), whom no mode keeps out, or a dry run. */
    private final int user;
    /** Each opened directory by its name beneath the destination, in the order opened. */
    private final Map<String, Opened> opened = new LinkedHashMap<>();
    private final SessionBudget budget;

    OpenedDirectories(ProcessIdentity process, boolean dryRun, SessionBudget budget) {
        user = process.uid() > 0 && !dryRun ? process.uid() : -1;
        this.budget = budget;
    }

    /**
     * Opens {@code local}, a directory whose status is {@code existing}, to its owner if it needs
     * it; a refused chmod is no error of its own (what is written into it then fails). Fails, with
     * nothing changed, when the session's budget cannot remember it.
     */
    void open(DirectoryHandle base, byte[] local, FileStatus existing) throws ProtocolException {
        int mode = existing.mode() & 07777;
        String key = key(local);
        if (user == -1 || (mode & OWNER_ALL) == OWNER_ALL || existing.uid() != user || opened.containsKey(key)) {
            return;
        }
        budget.spend(cost(key));
        try (FileHandle directory = base.openNode(local)) {
            FileStatus now = directory.status();
            if (FileModes.type(now.mode()) == FileModes.S_IFDIR && now.inode() == existing.inode()) {
                directory.setMode(mode | OWNER_ALL);
                opened.put(key, new Opened(mode, now.device(), now.inode()));
                return;
            }
        } catch (IOException e) {
            // Left as it is: the writes into it report their own failures.
        }
        budget.release(cost(key));
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
        String key = key(local);
        Opened was = opened.remove(key);
        if (was != null) {
            budget.release(cost(key));
            directory.setMode(was.mode());
        }
    }

    /**
     * Gives the directories still opened their mode back, the last opened first (a name's parent
     * was opened before it), each found beneath {@code base}, the destination's directory, and
     * only if it is still the directory opened, with the mode it was opened to.
     */
    void restoreAll(DirectoryHandle base) {
        List<Map.Entry<String, Opened>> left = new ArrayList<>(opened.entrySet());
        opened.clear();
        for (int i = left.size() - 1; i >= 0; i--) {
            String key = left.get(i).getKey();
            Opened was = left.get(i).getValue();
            budget.release(cost(key));
            try (FileHandle directory = base.openNode(key.getBytes(StandardCharsets.ISO_8859_1))) {
                FileStatus now = directory.status();
                if (FileModes.type(now.mode()) == FileModes.S_IFDIR && now.device() == was.device()
                        && now.inode() == was.inode() && (now.mode() & 07777) == (was.mode() | OWNER_ALL)) {
                    directory.setMode(was.mode());
                }
            } catch (IOException e) {
                // Gone or changed since: nothing of ours to give back.
            }
        }
    }

    private static long cost(String key) {
        return ENTRY_COST + SessionBudget.nameCost(key);
    }

    private static String key(byte[] local) {
        return new String(local, StandardCharsets.ISO_8859_1);
    }
}
