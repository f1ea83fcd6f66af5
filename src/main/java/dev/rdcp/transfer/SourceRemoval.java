package dev.rdcp.transfer;

import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.posix.FileStatus;
import dev.rdcp.posix.PathErrors;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ProtocolException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * --remove-source-files on the sending side: each listed file, symlink and hard link waits until
 * the receiver reports it in place under its final name, and is then removed, unless it changed
 * since it was listed (rsync's "Skipping sender remove for changed file"). Directories are never
 * removed. A server's sources are removed beneath the descriptor of the directory it serves,
 * never by a string path; a client's beneath its parent directory's descriptor.
 */
final class SourceRemoval implements AutoCloseable {

    /** Where a failure or note goes: the sender's listener, or the list while it still runs. */
    interface Outcome {
        void failed(int exitCode, String message);
    }

    private final Path root;
    private final Outcome outcome;
    private final Map<Integer, ListedEntry> waiting = new HashMap<>();
    /**
     * What the entries waiting cost: as many as the receiver leaves unreported, so in proportion
     * to the tree; on a daemon drawn from the pool its sessions share.
     */
    private final SessionBudget budget;
    private DirectoryHandle served;

    /** @param root the served directory every source is beneath, or null on a client */
    SourceRemoval(Path root, Outcome outcome) {
        this(root, outcome, BookkeepingPool.unbounded());
    }

    /** As above, what waits drawn from {@code bookkeeping}. */
    SourceRemoval(Path root, Outcome outcome, BookkeepingPool bookkeeping) {
        this.root = root;
        this.outcome = outcome;
        this.budget = new SessionBudget(Long.MAX_VALUE, bookkeeping);
    }

    /** A listed entry: anything but a directory (a file, symlink, hard link, device or special) now waits for the receiver's word. */
    void listed(ListedEntry listed) throws ProtocolException {
        EntryType type = listed.entry().type();
        if (listed.path() != null && (type == EntryType.FILE || type == EntryType.SYMLINK || type == EntryType.HARDLINK
                || type == EntryType.DEVICE || type == EntryType.SPECIAL)) {
            budget.spend(cost(listed));
            waiting.put(listed.entry().index(), listed);
        }
    }

    /** What keeping {@code listed} until the receiver's word is estimated to cost: its record, status, path and name. */
    private static long cost(ListedEntry listed) {
        return 512 + 2L * (listed.entry().name().length + listed.entry().extra().length);
    }

    /** The receiver failed entry {@code index}: its source stays. */
    void failed(int index) {
        forget(waiting.remove(index));
    }

    private ListedEntry forget(ListedEntry listed) {
        if (listed != null) {
            budget.release(cost(listed));
        }
        return listed;
    }

    /** The receiver has entry {@code index} in place: remove its source if it is still the one listed. */
    void inPlace(int index) throws ProtocolException {
        ListedEntry listed = forget(waiting.remove(index));
        if (listed == null) {
            throw new ProtocolException("IN_PLACE for entry " + index + ", which is not waiting for one");
        }
        String name = FileNames.display(listed.entry().name());
        try {
            remove(listed.path(), listed.listed(), name);
        } catch (IOException e) {
            outcome.failed(ExitCode.PARTIAL.code(), "sender failed to remove " + name + ": "
                    + PathErrors.reason(e));
        }
    }

    /** The session ended: what the receiver did not report stays. */
    void clear() {
        waiting.values().forEach(this::forget);
        waiting.clear();
    }

    private void remove(Path path, FileStatus listed, String name) throws IOException {
        DirectoryHandle directory;
        byte[] relative;
        boolean owned = root == null;
        if (owned) {
            Path parent = path.toAbsolutePath().getParent();
            directory = DirectoryHandle.open(parent, FileNames.absolute(parent));
            relative = FileNames.lastComponent(path);
        } else {
            directory = served();
            relative = beneathRoot(path);
        }
        try {
            FileStatus now = directory.status(relative);
            if (now.device() != listed.device() || now.inode() != listed.inode() || now.size() != listed.size()
                    || now.mtimeSeconds() != listed.mtimeSeconds() || now.mtimeNanos() != listed.mtimeNanos()
                    || FileModes.type(now.mode()) != FileModes.type(listed.mode())) {
                // rsync's line and exit code (23): the source stays, and the copy is not the file now there.
                outcome.failed(ExitCode.PARTIAL.code(), "ERROR: Skipping sender remove for changed file: " + name);
                return;
            }
            directory.delete(relative, false);
        } finally {
            if (owned) {
                directory.close();
            }
        }
    }

    /** {@code path}'s raw bytes below the served directory. */
    private byte[] beneathRoot(Path path) throws IOException {
        byte[] top = FileNames.absolute(root);
        byte[] full = FileNames.absolute(path);
        int start = top.length == 1 ? 1 : top.length + 1;
        if (full.length <= start || !Arrays.equals(full, 0, top.length, top, 0, top.length)
                || (top.length > 1 && full[top.length] != '/')) {
            throw new IOException(path + " is not beneath " + root);
        }
        return Arrays.copyOfRange(full, start, full.length);
    }

    private DirectoryHandle served() throws IOException {
        if (served == null) {
            Path real = root.toRealPath();
            served = DirectoryHandle.open(real, FileNames.absolute(real));
        }
        return served;
    }

    @Override
    public void close() throws IOException {
        budget.close();
        if (served != null) {
            served.close();
            served = null;
        }
    }
}
