package dev.rdcp.transfer;

import dev.rdcp.filter.FilterRules;
import dev.rdcp.filter.FilterScope;
import dev.rdcp.filter.FilterTooComplexException;
import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.posix.FileHandle;
import dev.rdcp.posix.FileStatus;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ExtendedOptions;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.SessionRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
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
    /** -K: a symlink to a directory where the sender has a directory is kept and used as one. */
    private final boolean keepDirectoryLinks;
    /** --delete, until {@link #deletionsDone} (--delete-before, once every deletion is made). */
    private boolean delete;
    /**
     * --delete as rsync's --delete-during (extended flag DELETE_DURING): the list is noted for
     * --delete as it is taken in, ahead of being made, so making a directory notes nothing.
     */
    private final boolean notedAhead;
    /** --delete or --force: a directory in the way, or one named by --delete-missing-args, goes with its contents. */
    private final boolean clearsContents;
    /** The receiver's view of the filter rules (with --delete-excluded, the sender's plain rules are not in it). */
    private final FilterScope filters;
    /** Whether {@link #filters} are pointed at the destination yet (see {@link #judgeIn}). */
    private boolean filtersRooted;
    /** What per-directory merge files are read through. */
    private final ScratchBuffer mergeBuffer = new ScratchBuffer(ContentMd5.BUFFER);
    /** --ignore-errors: delete even where the sender could not read a directory whole. */
    private final boolean ignoreErrors;
    /** -x: --delete stays on the destination's file system; its device, once looked up. */
    private final boolean oneFileSystem;
    private FileStatus destinationRoot;
    private final Events events;
    /**
     * What the names below are charged to: with --delete-after they outlive the order check's
     * charge for them, to the end of the session.
     */
    private final SessionBudget budget;
    /** With --delete: for each listed directory not yet ended, the names listed inside it. */
    private final Map<String, Set<String>> listedChildren = new HashMap<>();

    /** --max-delete: deletions allowed in the session, or -1 for any number. */
    private final long maxDelete;
    private long deletions;
    private long skippedDeletions;

    /** What --delete did, entry by entry. */
    interface Events {
        /** {@code name} (a directory's with a trailing '/') went, or would go in a dry run; it was a {@code kind}. */
        void deleted(byte[] name, EntryType kind);

        void deleteFailed(byte[] name, IOException cause);

        /** A directory kept because something in it stays (excluded, or the --max-delete limit). */
        default void notEmptied(byte[] name) {
        }

        /** -b: what stood at {@code name} was kept as {@code backupName} before it was replaced or deleted. */
        default void backedUp(byte[] name, byte[] backupName) {
        }
    }

    private final Heartbeat heartbeat;
    private final Backups backups;
    private final OpenedDirectories opened;

    ReceiverTree(Destination destination, TransferOptions options, Events events, Heartbeat heartbeat,
            SessionBudget budget) {
        this.heartbeat = heartbeat;
        this.budget = budget;
        this.destination = destination;
        this.dryRun = options.dryRun();
        this.opened = new OpenedDirectories(ProcessIdentity.read(), dryRun, budget);
        this.keepDirectoryLinks = options.has(SessionRequest.KEEP_DIRLINKS);
        this.delete = options.has(SessionRequest.DELETE);
        this.clearsContents = delete || options.has(SessionRequest.FORCE);
        this.notedAhead = options.receiver().extended().has(ExtendedOptions.DELETE_DURING);
        this.filters = options.filters().scope(FilterRules.Side.RECEIVER);
        this.ignoreErrors = options.has(SessionRequest.IGNORE_ERRORS);
        this.oneFileSystem = options.has(SessionRequest.ONE_FILE_SYSTEM) || options.has(SessionRequest.ONE_FILE_SYSTEM_TWICE);
        this.maxDelete = options.receiver().limits().maxDelete();
        this.backups = new Backups(destination, options, events::backedUp);
        this.events = events;
    }

    /** Deletions the --max-delete limit stopped. */
    long skippedDeletions() {
        return skippedDeletions;
    }

    private static String key(byte[] name) {
        return new String(name, StandardCharsets.ISO_8859_1);
    }

    /** Notes {@code name} as listed in its directory, which --delete must then keep. */
    void listed(byte[] name) throws ProtocolException {
        if (!delete || (name.length == 1 && name[0] == '.')) {
            return;
        }
        String parent = key(FileNames.parent(name));
        Set<String> siblings = listedChildren.get(parent);
        if (siblings == null && parent.equals(".")) {
            // Top-level, listed while "." is not (a --files-from name's directory, a single file):
            // a later listing of "." keeps it too, as rsync's one file list holds both.
            siblings = new HashSet<>();
            listedChildren.put(parent, siblings);
        }
        if (siblings != null) {
            String child = key(FileNames.leaf(name));
            if (!siblings.contains(child)) {
                budget.spend(SessionBudget.nameCost(child));
                siblings.add(child);
            }
        }
    }

    /** Directory {@code name} is listed: what is listed in it from now on, --delete keeps. */
    void listing(byte[] name) {
        if (delete) {
            listedChildren.putIfAbsent(key(name), new HashSet<>());
        }
    }

    /**
     * --delete-before: every deletion is made; the list, taken in again for the transfer, is
     * no longer noted for --delete (a directory in the way still goes as with --delete).
     */
    void deletionsDone() {
        delete = false;
        listedChildren.values().forEach(names -> names.forEach(child -> budget.release(SessionBudget.nameCost(child))));
        listedChildren.clear();
    }

    /**
     * --no-implied-dirs: directory {@code name}, taken as listed, is noted in its directory, and
     * what is listed in it from now on is noted too: should the sender list it itself later, its
     * deletion then keeps them.
     */
    void implied(byte[] name) throws ProtocolException {
        if (delete) {
            listed(name);
            listedChildren.putIfAbsent(key(name), new HashSet<>());
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

    /**
     * Makes sure {@code local} (entry {@code name}'s name beneath the destination) is a directory;
     * true if it had to be created. What stands there otherwise goes to its backup name with -b,
     * as rsync keeps it.
     */
    boolean directory(byte[] name, byte[] local) throws IOException {
        if (!notedAhead) {
            listing(name);
        }
        boolean isRoot = name.length == 1 && name[0] == '.';
        if (isRoot && dryRun) {
            return false;
        }
        FileStatus existing = statusOrNull(local);
        if (isDirectory(existing)) {
            if (!destination.isServedRoot(existing)) {
                opened.open(destination.base(), local, existing);
            }
            return false;
        }
        if (keptDirectoryLink(existing, local) != null) {
            return false;
        }
        if (!dryRun) {
            DirectoryHandle base = destination.base();
            if (existing != null && backups.enabled()) {
                backups.keep(local);
            } else if (existing != null) {
                base.delete(local, false);
            }
            try {
                base.makeDirectory(local, 0777);
            } catch (FileAlreadyExistsException e) {
                // Another process made it since the look above (fpsync's workers share the
                // destination's directories). As rsync, that counts as made here, reported as new:
                // a directory is what was wanted; anything else fails.
                if (!isDirectory(statusOrNull(local))) {
                    throw e;
                }
            }
        }
        return true;
    }

    /** Gives {@code directory} (at {@code local}) the mode it had before this run opened it up to its owner, if it did. */
    void restoreMode(FileHandle directory, byte[] local) throws IOException {
        opened.restore(directory, local);
    }

    /**
     * -K: the directory that {@code existing}, a symlink at {@code local}, leads to (beneath the
     * destination's descriptor), kept in place of the directory listed; null without -K, for
     * anything else, or for a dangling symlink (replaced as usual). One leading outside fails
     * the directory listed (EXDEV) and stays.
     */
    FileStatus keptDirectoryLink(FileStatus existing, byte[] local) throws IOException {
        if (!keepDirectoryLinks || existing == null || FileModes.type(existing.mode()) != FileModes.S_IFLNK) {
            return null;
        }
        try {
            FileStatus target = destination.base().statusFollowing(local);
            return isDirectory(target) ? target : null;
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    /**
     * Makes {@code local} the entry's symlink, atomically replacing what was there; true if new.
     * With --fake-super a regular file holding the target stands for it, as rsync's.
     */
    boolean symlink(byte[] local, Entry entry, Attributes attributes) throws IOException {
        byte[] target = entry.extra();
        FakeSuper fake = attributes.fakeSuper();
        FileStatus real = statusOrNull(local);
        FileStatus existing = real == null ? null : fake.seen(destination.base(), local, real);
        if (existing != null && FileModes.type(existing.mode()) == FileModes.S_IFLNK
                && Arrays.equals(fake.enabled() ? FakeSuper.keptTarget(destination.base(), local, real)
                        : destination.base().readLink(local), target)) {
            if (!dryRun) {
                // The same link: its time and owner are still brought in line, as rsync does.
                attributes.applyToLink(destination.base(), local, entry);
            }
            return false;
        }
        if (isDirectory(existing)) {
            makeWay(local, entry.name(), "symlink");
            existing = null;
        }
        if (!dryRun) {
            DirectoryHandle base = destination.base();
            byte[] temp = tempBeside(local);
            if (fake.enabled()) {
                FakeSuper.keepTarget(base, temp, target);
            } else {
                base.symlink(target, temp);
            }
            renameIntoPlace(base, temp, local, entry, existing, () -> attributes.applyToLink(base, temp, entry));
        }
        return existing == null;
    }

    /** A step on the temporary name before it is renamed into place. */
    @FunctionalInterface
    private interface TempStep {
        void run() throws IOException;
    }

    /** Finishes {@code temp}, just made beside {@code local}, as {@link #moveOver}, for the entry made there. */
    private void renameIntoPlace(DirectoryHandle base, byte[] temp, byte[] local, Entry entry, FileStatus existing,
            TempStep applyAttributes) throws IOException {
        moveOver(base, temp, local, existing, applyAttributes);
        forget(key(entry.name()));
    }

    /**
     * Runs {@code before} on {@code temp}, just made beside {@code local}, keeps a backup of what
     * {@code local} held (-b, where {@code existing}), and renames {@code temp} over it; on
     * failure removes {@code temp}.
     */
    private void moveOver(DirectoryHandle base, byte[] temp, byte[] local, FileStatus existing, TempStep before)
            throws IOException {
        try {
            before.run();
            if (existing != null && backups.enabled()) {
                backups.keep(local);
            }
            base.rename(temp, local);
        } catch (IOException e) {
            deleteQuietly(base, temp, e);
            throw e;
        }
    }

    /**
     * Makes {@code local} the entry's device file, FIFO or socket under a temporary name, its
     * attributes applied through an O_PATH descriptor, then renamed over what was there; true if
     * new. One of the same type (and, for a device, the same device number) is kept, its
     * attributes brought in line, as rsync does. With --fake-super an empty regular file stands
     * for it, as rsync's.
     */
    boolean node(byte[] local, Entry entry, Attributes attributes) throws IOException {
        FileStatus real = statusOrNull(local);
        FileStatus existing = real == null ? null : attributes.fakeSuper().seen(destination.base(), local, real);
        if (sameNode(existing, entry)) {
            if (!dryRun) {
                try (FileHandle node = destination.base().openNode(local)) {
                    attributes.apply(node, entry);
                }
            }
            return false;
        }
        if (isDirectory(existing)) {
            makeWay(local, entry.name(), entry.type() == EntryType.DEVICE ? "device file" : "special file");
            existing = null;
        }
        if (!dryRun) {
            DirectoryHandle base = destination.base();
            byte[] temp = tempBeside(local);
            if (attributes.fakeSuper().enabled()) {
                // rsync's stand-in: an empty regular file, its type and device in the stored value.
                base.create(temp, true, 0600).close();
            } else {
                base.makeNode(temp, entry.mode() & (Entry.S_IFMT | 0777),
                        entry.type() == EntryType.DEVICE ? entry.size() : 0);
            }
            renameIntoPlace(base, temp, local, entry, existing, () -> {
                try (FileHandle node = base.openNode(temp)) {
                    attributes.applyToNew(node, entry, Attributes.NOTHING_REPLACED);
                }
            });
        }
        return existing == null;
    }

    /** Whether {@code existing} is the node {@code entry} lists: the same type and, for a device, the same device. */
    static boolean sameNode(FileStatus existing, Entry entry) {
        return existing != null && FileModes.type(existing.mode()) == FileModes.type(entry.mode())
                && (entry.type() != EntryType.DEVICE || existing.rdev() == entry.size());
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
     * destination), atomically replacing what was there (kept first with -b, as rsync); true if
     * new. A name already linked to it is left alone.
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
            makeWay(local, local, "regular file");
            existing = null;
        }
        byte[] temp = tempBeside(local);
        base.link(existingName, temp);
        moveOver(base, temp, local, existing, () -> { });
        return existing == null;
    }

    /**
     * All of directory {@code name} was listed: with --delete, remove what the sender does not
     * have. Not when the sender could not read all of it ({@code complete} false) unless
     * --ignore-errors: as rsync, an I/O error on the sending side skips deletion rather than empty
     * the copy. The directory is
     * opened beneath the destination without following a symlink, and everything in it is
     * examined and removed through that descriptor, recursing by descriptor.
     */
    void directoryEnd(byte[] name, boolean complete) throws IOException {
        directoryEnd(name, complete, false);
    }

    /**
     * As {@link #directoryEnd(byte[], boolean)}; {@code beforeTransfer} (--delete-before, before
     * anything of the list is made): a name that cannot be a directory here yet (something else
     * on its way, which the transfer replaces later) has nothing to delete, as rsync's delete pass
     * skips what it cannot stat as a directory.
     */
    void directoryEnd(byte[] name, boolean complete, boolean beforeTransfer) throws IOException {
        directoryEnd(name, complete, beforeTransfer, listedChildren.remove(key(name)));
    }

    /**
     * DELETE_DURING: the names noted as listed in directory {@code name} so far, taken out where
     * its children end, for its deletions, made later ({@link #directoryEnd(byte[], boolean, Set)}):
     * a later listing of the directory (another operand's) notes its own. Null where none are noted.
     */
    Set<String> takeListing(byte[] name) {
        return listedChildren.remove(key(name));
    }

    /** As {@link #directoryEnd(byte[], boolean)}, with the names {@link #takeListing} took out (DELETE_DURING). */
    void directoryEnd(byte[] name, boolean complete, Set<String> keep) throws IOException {
        directoryEnd(name, complete, false, keep);
    }

    private void directoryEnd(byte[] name, boolean complete, boolean beforeTransfer, Set<String> keep)
            throws IOException {
        if (keep != null) {
            keep.forEach(child -> budget.release(SessionBudget.nameCost(child)));
        }
        if (keep == null || (!complete && !ignoreErrors)) {
            return;
        }
        byte[] local = destination.name(name);
        FileStatus status;
        try {
            status = statusOrNull(local);
        } catch (FileSystemException e) {
            if (!beforeTransfer || e instanceof AccessDeniedException) {
                throw e;
            }
            return;
        }
        if (!isDirectory(status) || onAnotherFileSystem(status)) {
            return;
        }
        judgeIn(name);
        try (DirectoryHandle directory = destination.base().openDirectory(local)) {
            for (Child child : deletionOrder(directory)) {
                String text = new String(child.name(), StandardCharsets.UTF_8);
                if (keep.contains(key(child.name())) || AtomicFile.isOwnTemporary(text)
                        || backups.protects(FileNames.join(name, child.name()))) {
                    continue;
                }
                byte[] relative = FileNames.join(name, child.name());
                try {
                    if (excluded(relative, child.directory(), false)) {
                        continue;
                    }
                    if (!child.directory() || removeContents(directory, child.name(), relative)) {
                        removeOne(directory, child, relative);
                    }
                } catch (NoSuchFileException e) {
                    // Gone already: nothing to delete.
                } catch (IOException e) {
                    events.deleteFailed(relative, e);
                }
            }
        }
    }

    /**
     * --delete-missing-args: removes what {@code local} holds, as rsync's generator removes what
     * the sender listed as missing. The filters protect it as a name that is not a directory,
     * as rsync matches them; a directory goes with its contents only with --delete or --force,
     * else only if empty ("cannot delete non-empty directory" otherwise). Each deletion is
     * reported; --max-delete and -b apply; a dry run only reports.
     */
    void deleteMissing(byte[] local) throws IOException {
        judgeIn(FileNames.parent(local));
        FileStatus existing = statusOrNull(local);
        if (existing == null || excluded(local, false, false)) {
            return;
        }
        Child missing = new Child(local, FileModes.kind(existing.mode()));
        DirectoryHandle base = destination.base();
        if (missing.directory() && !isEmpty(base, local)) {
            if (!clearsContents) {
                events.notEmptied(local);
                return;
            }
            if (!removeContents(base, local, local)) {
                return;
            }
        }
        removeOne(base, missing, local);
    }

    /** -x: whether a directory of the destination is on another file system than its root, as rsync's --delete checks. */
    private boolean onAnotherFileSystem(FileStatus directory) throws IOException {
        if (!oneFileSystem) {
            return false;
        }
        if (destinationRoot == null) {
            destinationRoot = destination.base().status(new byte[] {'.'});
        }
        return directory.device() != destinationRoot.device();
    }

    /**
     * A directory standing where the sender has a {@code what} ("regular file", "symlink", ...):
     * as rsync, an empty one goes, and with --delete or --force one with contents too (each
     * deletion of its contents reported, not of the directory itself; what the filters exclude
     * stays, and then so does the directory). Gone, or in a dry run found to go; otherwise rsync's
     * note "cannot delete non-empty directory: NAME" and {@link CannotMakeWay}. {@code name} is
     * the entry's name in the transfer, which the filters match.
     */
    void makeWay(byte[] local, byte[] name, String what) throws IOException {
        judgeIn(FileNames.parent(name));
        DirectoryHandle base = destination.base();
        if (!isEmpty(base, local)) {
            if (!clearsContents) {
                events.notEmptied(name);
                throw new CannotMakeWay(what, name);
            }
            // A dry run goes through the contents too: it reports what would go, and what would stay.
            if (!removeContents(base, local, name)) {
                throw new CannotMakeWay(what, name);
            }
        }
        if (!dryRun) {
            base.delete(local, true);
            forget(key(name));
        }
    }

    /** A name in a directory being emptied, and what it is (as --stats counts it). */
    private record Child(byte[] name, EntryType kind) {

        boolean directory() {
            return kind == EntryType.DIRECTORY;
        }
    }

    /**
     * {@code directory}'s names in rsync's order of deletion, which decides what goes first
     * when --max-delete stops it: the reverse of its file-list order (files by name bytes, then
     * directories by name bytes). A name gone meanwhile is left out.
     */
    private static List<Child> deletionOrder(DirectoryHandle directory) throws IOException {
        List<Child> children = new ArrayList<>();
        for (byte[] name : directory.names()) {
            try {
                children.add(new Child(name, FileModes.kind(directory.status(name).mode())));
            } catch (NoSuchFileException e) {
                // Gone already: nothing to delete.
            }
        }
        children.sort(Comparator.comparing(Child::directory).thenComparing(Child::name, Arrays::compareUnsigned)
                .reversed());
        return children;
    }

    /** {@code inDeletedDirectory}: judged where a whole directory goes, perishable rules ignored, as rsync does. */
    private boolean excluded(byte[] relative, boolean isDirectory, boolean inDeletedDirectory) {
        if (filters.isEmpty()) {
            return false;
        }
        String path = new String(relative, StandardCharsets.UTF_8);
        try {
            return inDeletedDirectory ? filters.excludesInDeletedDirectory(path, isDirectory)
                    : filters.excludes(path, isDirectory);
        } catch (FilterTooComplexException e) {
            throw RuleSetFailure.endingSession(e);
        }
    }

    /**
     * Deletes everything in directory {@code child} of {@code parent}, by its descriptor, each
     * entry reported; false when something stays (what the receiver's filter rules exclude, but
     * for perishable ones, or the --max-delete limit), which is said. As rsync: an excluded file
     * is protected from --delete wherever it is, also in a directory the sender no longer has.
     * A walk, not a recursion, each level beneath the one above it (see {@link DirectoryDescent}):
     * a tree of any depth goes without overflowing the stack.
     */
    private boolean removeContents(DirectoryHandle parent, byte[] child, byte[] relative) throws IOException {
        ArrayDeque<Emptying> levels = new ArrayDeque<>();
        // The name of the deepest level, one buffer for all: a name per level would hold the
        // tree's depth squared in bytes.
        WalkedName walked = new WalkedName(relative);
        try (DirectoryDescent descent = new DirectoryDescent(parent)) {
            opened.openForDeletion(parent, child);
            descent.enter(child);
            levels.push(new Emptying(walked, descent.current()));
            while (true) {
                Emptying level = levels.peek();
                Child next = level.next();
                if (next != null) {
                    byte[] below = walked.with(next.name());
                    if (backups.protects(below) || excluded(below, next.directory(), true)) {
                        level.emptied = false;
                    } else if (next.directory()) {
                        opened.openForDeletion(descent.current(), next.name());
                        descent.enter(next.name());
                        walked.enter(next.name());
                        levels.push(new Emptying(walked, descent.current()));
                    } else if (!removeOne(descent.current(), next, below)) {
                        level.emptied = false;
                    }
                    continue;
                }
                levels.pop().close();
                descent.leave();
                byte[] emptiedName = walked.bytes();
                walked.leave();
                if (!level.emptied) {
                    events.notEmptied(emptiedName);
                }
                Emptying above = levels.peek();
                if (above == null) {
                    return level.emptied;
                }
                if (!level.emptied) {
                    above.emptied = false;
                    if (!limitReached()) {
                        // Something in it is protected: it cannot go. (Past the limit it counts as skipped.)
                        continue;
                    }
                }
                if (!removeOne(descent.current(), above.current(), emptiedName)) {
                    above.emptied = false;
                }
            }
        } finally {
            while (!levels.isEmpty()) {
                levels.pop().close();
            }
        }
    }

    /** One directory of a tree being emptied: its names in deletion order, and whether all went so far. */
    private final class Emptying implements AutoCloseable {
        private final List<Child> children;
        private final MergeLevel merge;
        private int next;
        private boolean emptied = true;

        Emptying(WalkedName name, DirectoryHandle directory) throws IOException {
            this.children = deletionOrder(directory);
            this.merge = new MergeLevel(name.bytes(), directory);
        }

        /** The next name to judge, or null when all were. */
        Child next() {
            return next < children.size() ? children.get(next++) : null;
        }

        /** The name judged last: the subdirectory being emptied. */
        Child current() {
            return children.get(next - 1);
        }

        @Override
        public void close() {
            merge.close();
        }
    }

    /** The name, in the transfer, of the directory a walk is in: grows by a component a level down, shrinks back. */
    private static final class WalkedName {
        private final byte[] top;
        /** The components below {@link #top}, '/'-separated. */
        private byte[] below = new byte[64];
        private int length;
        /** Where each level's components end in {@link #below}. */
        private int[] ends = new int[16];
        private int depth;

        WalkedName(byte[] top) {
            this.top = top;
        }

        /** The name of the level the walk is in. */
        byte[] bytes() {
            return depth == 0 ? top : FileNames.join(top, Arrays.copyOf(below, length));
        }

        /** The name of {@code leaf} in the level the walk is in. */
        byte[] with(byte[] leaf) {
            return FileNames.join(bytes(), leaf);
        }

        void enter(byte[] leaf) {
            if (depth == ends.length) {
                ends = Arrays.copyOf(ends, depth * 2);
            }
            ends[depth++] = length;
            int start = depth == 1 ? 0 : length + 1;
            if (start + leaf.length > below.length) {
                below = Arrays.copyOf(below, Math.max(start + leaf.length, below.length * 2));
            }
            if (depth > 1) {
                below[length] = '/';
            }
            System.arraycopy(leaf, 0, below, start, leaf.length);
            length = start + leaf.length;
        }

        void leave() {
            if (depth > 0) {
                length = ends[--depth];
            }
        }
    }

    /**
     * A directory being deleted, whose merge files the filter rules read while its contents are
     * judged (rsync's delete_dir_contents pushes them), and leave after.
     */
    private final class MergeLevel implements AutoCloseable {
        private final boolean entered;

        MergeLevel(byte[] relative, DirectoryHandle directory) {
            entered = filters.readsMergeFiles();
            if (entered) {
                try {
                    filters.enter(new String(relative, StandardCharsets.UTF_8),
                            new DirectoryMergeFiles(directory, false, mergeBuffer));
                } catch (IllegalArgumentException e) {
                    throw RuleSetFailure.endingSession(e);
                }
            }
        }

        @Override
        public void close() {
            if (entered) {
                filters.leave();
            }
        }
    }

    /**
     * Points the filter rules at {@code directory} (a name in the transfer, "." for the top)
     * before what is in it is judged: the first time at the destination, whose directories'
     * merge files (and those of a parent scan above it) they then read as rsync's receiver does
     * before it deletes, each through a descriptor beneath the destination's (or on a daemon
     * beneath its root's), bounded as {@link FilterScope} bounds them.
     */
    private void judgeIn(byte[] directory) {
        try {
            if (!filtersRooted) {
                filtersRooted = true;
                filters.root(destination.filterRoot(), this::mergeFilesAbove);
            }
            filters.moveTo(new String(directory, StandardCharsets.UTF_8), this::mergeFilesBeneath);
        } catch (IllegalArgumentException e) {
            throw RuleSetFailure.endingSession(e);
        }
    }

    /** The merge files of the destination's directory, or of one above it as the filter rules name it. */
    private FilterScope.MergeFiles mergeFilesAbove(String directory) {
        try {
            return directory.equals(filters.rootDirectory())
                    ? new DirectoryMergeFiles(destination.base(), false, mergeBuffer)
                    : new DirectoryMergeFiles(destination.openFilterDirectory(directory), true, mergeBuffer);
        } catch (IOException e) {
            // A dry run's destination that is not there yet holds none.
            return null;
        }
    }

    /** The merge files of {@code directory}, a name in the transfer, beneath the destination's descriptor. */
    private FilterScope.MergeFiles mergeFilesBeneath(String directory) {
        try {
            return new DirectoryMergeFiles(destination.base().openDirectory(destination.name(
                    directory.getBytes(StandardCharsets.UTF_8))), true, mergeBuffer);
        } catch (IOException e) {
            return null;
        }
    }

    private boolean limitReached() {
        return maxDelete >= 0 && deletions >= maxDelete;
    }

    /** Deletes {@code child} (a directory already emptied) unless --max-delete stops it; true if deleted. */
    private boolean removeOne(DirectoryHandle parent, Child child, byte[] relative) throws IOException {
        if (limitReached()) {
            skippedDeletions++;
            return false;
        }
        if (!dryRun && child.directory() && backups.enabled() && !isEmpty(parent, child.name())) {
            // What was in it went to backups beside it: rsync keeps the directory and says so.
            events.notEmptied(relative);
            return false;
        }
        if (!dryRun) {
            if (!child.directory() && backups.enabled()) {
                backups.keep(relative);
            } else {
                parent.delete(child.name(), child.directory());
            }
            forget(key(relative));
        }
        deletions++;
        heartbeat.beat();
        // As rsync shows it: a directory with a trailing slash.
        events.deleted(child.directory() ? FileNames.join(relative, new byte[0]) : relative, child.kind());
        return true;
    }

    private static boolean isEmpty(DirectoryHandle parent, byte[] name) throws IOException {
        try (DirectoryHandle directory = parent.openDirectory(name)) {
            return directory.names().isEmpty();
        }
    }

    /** {@code key} and everything under it are no longer listed directories waiting for their end. */
    private void forget(String key) {
        Set<String> dropped = listedChildren.remove(key);
        if (dropped != null) {
            dropped.forEach(child -> budget.release(SessionBudget.nameCost(child)));
        }
    }

    /**
     * Gives the directories this run opened and has not given back (it ended early) their modes,
     * and frees what its backups and its merge files' reading allocated.
     */
    void close() {
        try {
            opened.restoreAll(destination.base());
        } catch (IOException e) {
            // No destination directory: nothing was opened in it.
        }
        backups.close();
        mergeBuffer.close();
    }
}
