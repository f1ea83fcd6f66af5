package dev.rdcp.transfer;

import dev.rdcp.posix.PathErrors;
import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.posix.FileHandle;
import dev.rdcp.posix.FileStatus;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.protocol.Xattrs;
import java.io.IOException;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Set;

/**
 * The metadata -p, -t, -U, -o and -g carry over: permissions, modification and access times,
 * owner and group ({@link OwnerPolicy}). With --fake-super the owner, the group, the special mode
 * bits and what a symlink, device or special is go into each file's stored value ({@link
 * FakeSuper}) instead.
 */
final class Attributes {

    private static final PosixFilePermission[] PERMISSION_BITS = {
        PosixFilePermission.OTHERS_EXECUTE, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_READ,
        PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_READ,
        PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_READ};

    /** Set-user-ID and set-group-ID: privilege, which a daemon does not let its clients give a file. */
    private static final int PRIVILEGE_BITS = 06000;
    /** What a process's umask is taken to be when /proc does not say. */
    private static final int USUAL_UMASK = 022;

    private final boolean times;
    /**
     * How an unchanged file's time is compared before it is set again: to the nanosecond (rdcp
     * brings a difference under a second in line), or under a --modify-window, within which a
     * file system that keeps coarser times would never match.
     */
    private final TimeWindow applied;
    /** How rsync's quick check compares times: whole seconds, or the --modify-window. */
    private final TimeWindow compared;
    private final boolean directoryTimes;
    private final boolean linkTimes;
    /** -U: the access times listed, set on all but directories; a symlink's unless -J. */
    private final boolean atimes;
    private final boolean linkAtimes;
    private final boolean permissions;
    /** -E without -p: a regular file here follows the sender's in being executable or not. */
    private final boolean executability;
    private final OwnerPolicy owners;
    private final Destination destination;
    private final ProcessIdentity process;
    /** Whether this receiver attempts what only root may do ({@link OwnerPolicy#superUser}). */
    private final boolean superUser;
    private final XattrSync xattrs;
    private final FakeSuper fakeSuper;

    /** @param destination where entries land, which knows the daemon's root; null for none */
    Attributes(TransferOptions options, Destination destination) {
        // Read per session, not per JVM: a daemon may have dropped root (serve --user) since it started.
        this(options, destination, ProcessIdentity.read());
    }

    Attributes(TransferOptions options, Destination destination, ProcessIdentity process) {
        this.times = options.preserveTimes();
        this.applied = new TimeWindow(options.receiver().modifyWindow() == 0 ? -1 : options.receiver().modifyWindow());
        this.compared = new TimeWindow(options.receiver().modifyWindow());
        this.directoryTimes = options.preserveDirectoryTimes();
        this.linkTimes = options.preserveLinkTimes();
        this.atimes = options.preserveAtimes();
        this.linkAtimes = atimes && !options.has(SessionRequest.OMIT_LINK_TIMES);
        this.permissions = options.preservePermissions();
        this.executability = !permissions && options.has(SessionRequest.EXECUTABILITY);
        this.owners = new OwnerPolicy(options, process);
        this.destination = destination;
        this.process = process;
        this.superUser = OwnerPolicy.superUser(options, process);
        this.xattrs = new XattrSync(options, superUser);
        this.fakeSuper = FakeSuper.of(options);
    }

    /**
     * As rsync: only a receiver acting as the super-user (root, or told --super) makes device
     * files, or one told --fake-super regular files that stand for them; others skip them. A daemon never does, --super or not (rsyncd, which runs transfers
     * as nobody by default, does not either; a device file is access a client would give itself).
     */
    boolean makesDevices() {
        return fakeSuper.enabled() || superUser && (destination == null || !destination.isServed());
    }

    /** --fake-super: how this receiver sees, and keeps, what only root could set. */
    FakeSuper fakeSuper() {
        return fakeSuper;
    }

    /** Whose owner and group this receiver sets: what -i's o and g letters follow. */
    OwnerPolicy owners() {
        return owners;
    }

    /** -X and -A: which extended attributes this receiver manages, and how it applies them. */
    XattrSync xattrs() {
        return xattrs;
    }

    /**
     * -X, -A: makes the attributes this receiver manages of {@code node} the sender's; never those
     * of a daemon's root, whose access its operator decides (as its owner and mode).
     */
    XattrSync.Change applyXattrs(FileHandle node, Xattrs wanted) throws IOException {
        return applyXattrs(node, wanted, xattrs);
    }

    /** The same by {@code rules} ({@link XattrSync#forSymlinks} for a symlink). */
    XattrSync.Change applyXattrs(FileHandle node, Xattrs wanted, XattrSync rules) throws IOException {
        if (!rules.enabled() || (destination != null && destination.isServedRoot(node.status()))) {
            return XattrSync.Change.NONE;
        }
        return rules.apply(node, wanted);
    }

    /**
     * Applies the entry's metadata to an open file or directory, through its descriptor; never the
     * owner or mode of a daemon's root.
     */
    void apply(FileHandle node, Entry entry) throws IOException {
        applyOwnerAndMode(node, entry);
        setTimes(node, entry);
    }

    /** The same for a directory, whose time is kept only as {@link TransferOptions#preserveDirectoryTimes} says. */
    void applyToDirectory(FileHandle directory, Entry entry) throws IOException {
        applyOwnerAndMode(directory, entry);
        if (directoryTimes) {
            setTimes(directory, entry);
        }
    }

    private void applyOwnerAndMode(FileHandle node, Entry entry) throws IOException {
        if (fakeSuper.enabled()) {
            FileStatus seen = fakeSuper.seen(node);
            if (!isServedRoot(node)) {
                store(node, entry, permissions ? mode(entry, NOTHING_REPLACED)
                        : executableAsSent(seen.mode() & 07777, entry), seen);
            }
            return;
        }
        boolean servedRoot = (owners.any() || permissions) && destination != null
                && destination.isServedRoot(node.status());
        int uid = owners.uid(entry);
        int gid = owners.gid(entry);
        if ((uid != OwnerPolicy.LEAVE || gid != OwnerPolicy.LEAVE) && !servedRoot) {
            setOwner(node, uid, gid);
        }
        if (permissions && !servedRoot) {
            node.setMode(mode(entry, NOTHING_REPLACED));
        } else if (executability && entry.type() == EntryType.FILE) {
            int kept = node.status().mode() & 07777;
            int wanted = mode(entry, kept);
            if (wanted != kept) {
                node.setMode(wanted);
            }
        }
    }

    private boolean isServedRoot(FileHandle node) throws IOException {
        return destination != null && destination.isServedRoot(node.status());
    }

    /**
     * --fake-super: {@code node}, seen as {@code seen}, keeps the entry's type, {@code perms}, the
     * device it stands for, and the owner and group -o and -g give (else those it has).
     */
    private void store(FileHandle node, Entry entry, int perms, FileStatus seen) throws IOException {
        long rdev = entry.type() == EntryType.DEVICE ? entry.size() : 0;
        if (FakeSuper.major(rdev) > FakeSuper.MAX_MAJOR || FakeSuper.minor(rdev) > FakeSuper.MAX_MINOR
                || FakeSuper.makedev((int) FakeSuper.major(rdev), (int) FakeSuper.minor(rdev)) != rdev) {
            throw new RdcpException(ExitCode.PARTIAL, "device number " + Long.toUnsignedString(rdev)
                    + " is beyond Linux's");
        }
        int uid = owners.uid(entry) != OwnerPolicy.LEAVE ? entry.uid() : seen.uid();
        int gid = owners.gid(entry) != OwnerPolicy.LEAVE ? entry.gid() : seen.gid();
        fakeSuper.store(node, type(entry), perms, rdev, uid, gid);
    }

    /** The entry's file type bits. */
    static int type(Entry entry) {
        return switch (entry.type()) {
            case DIRECTORY -> FileModes.S_IFDIR;
            case SYMLINK -> FileModes.S_IFLNK;
            case DEVICE, SPECIAL -> entry.mode() & Entry.S_IFMT;
            default -> FileModes.S_IFREG;
        };
    }

    /** For {@link #mode}: the entry replaces nothing that was there. */
    static final int NOTHING_REPLACED = -1;

    /**
     * The permission bits a received entry gets, as rsync's: with -p the sender's, special bits
     * too; without, those of the file it replaces ({@code replacedMode}; with -E made executable
     * or not as the sender's is), else the sender's less the umask. A daemon leaves set-user-ID
     * and set-group-ID off anything but a directory.
     */
    int mode(Entry entry, int replacedMode) {
        int bits = permissions ? entry.mode() & 07777
                : replacedMode != NOTHING_REPLACED ? executableAsSent(replacedMode & 07777, entry)
                : entry.mode() & 0777 & ~umask();
        // Also for a file whose content a client replaces without -p: set-user-ID root kept on
        // content a client chose would be the same privilege given. --fake-super keeps the bits in
        // the stored value only, where they give nothing here.
        boolean served = destination != null && destination.isServed() && !fakeSuper.enabled();
        return served && entry.type() != EntryType.DIRECTORY ? bits & ~PRIVILEGE_BITS : bits;
    }

    /**
     * -E: rsync's rule for a regular file's {@code kept} mode. Not executable at the sender: no
     * execute bit here; executable there and not here: execute for whoever may read it.
     */
    private int executableAsSent(int kept, Entry entry) {
        if (!executability || entry.type() != EntryType.FILE) {
            return kept;
        }
        if (!executable(entry.mode())) {
            return kept & ~0111;
        }
        return executable(kept) ? kept : kept | (kept & 0444) >> 2;
    }

    private static boolean executable(int mode) {
        return (mode & 0111) != 0;
    }

    /** -E: whether the file here and the sender's differ in being executable, which -i shows as p. */
    boolean executabilityDiffers(FileStatus existing, Entry entry) {
        return executability && entry.type() == EntryType.FILE
                && executable(existing.mode()) != executable(entry.mode());
    }

    private int umask() {
        return process.umask() < 0 ? USUAL_UMASK : process.umask();
    }

    /**
     * The same for a file this process just created, in place of one of {@code replacedMode}
     * (or {@link #NOTHING_REPLACED}): it is ours, with mode 0666 less the umask, so the owner and
     * mode calls that would change nothing are skipped (a small file's receipt is a handful of
     * system calls, and these were two or three of them).
     */
    void applyToNew(FileHandle file, Entry entry, int replacedMode) throws IOException {
        if (fakeSuper.enabled()) {
            store(file, entry, mode(entry, replacedMode), fakeSuper.seen(file));
            setTimes(file, entry);
            return;
        }
        int uid = owners.uid(entry) == process.uid() ? OwnerPolicy.LEAVE : owners.uid(entry);
        int gid = owners.gid(entry) == process.gid() ? OwnerPolicy.LEAVE : owners.gid(entry);
        if (uid != OwnerPolicy.LEAVE || gid != OwnerPolicy.LEAVE) {
            setOwner(file, uid, gid);
        }
        int wanted = mode(entry, replacedMode);
        if (process.umask() < 0 || wanted != (0666 & ~process.umask())) {
            file.setMode(wanted);
        }
        setTimes(file, entry);
    }

    /**
     * Without -p, a file kept from an earlier run (--partial) or written in place gets the mode a
     * new file would, or keeps the one it had (less set-ID bits on a daemon: written in place
     * by root, the kernel would keep them); with -p, {@link #apply} has set the sender's.
     */
    void applyModeWithoutPermissions(FileHandle file, Entry entry, int replacedMode) throws IOException {
        if (!permissions && fakeSuper.enabled()) {
            store(file, entry, mode(entry, replacedMode), fakeSuper.seen(file));
        } else if (!permissions) {
            file.setMode(mode(entry, replacedMode));
        }
    }

    /**
     * A directory this run made: without -p it gets the sender's mode less the umask (it was
     * made writable to receive its contents), keeping a set-group-ID bit it inherited; with -p
     * as {@link #applyToDirectory}.
     */
    void applyToNewDirectory(FileHandle directory, Entry entry) throws IOException {
        if (!permissions && fakeSuper.enabled()) {
            FileStatus made = fakeSuper.seen(directory);
            if (!isServedRoot(directory)) {
                store(directory, entry, mode(entry, NOTHING_REPLACED) | (made.mode() & 02000), made);
            }
            if (directoryTimes) {
                setTimes(directory, entry);
            }
            return;
        }
        applyToDirectory(directory, entry);
        if (!permissions && destination != null) {
            FileStatus made = directory.status();
            if (!destination.isServedRoot(made)) {
                directory.setMode(mode(entry, NOTHING_REPLACED) | (made.mode() & 02000));
            }
        }
    }

    private static void setOwner(FileHandle node, int uid, int gid) throws IOException {
        try {
            node.setOwner(uid, gid);
        } catch (IOException e) {
            throw chownFailed(e);
        }
    }

    /**
     * As rsync's: a refused chown is an attribute not transferred (23), not a write error. A user
     * told --super meets one where the kernel keeps owners and foreign groups to root.
     */
    private static RdcpException chownFailed(IOException cause) {
        return new RdcpException(ExitCode.PARTIAL, "chown failed: " + PathErrors.reason(cause));
    }

    /**
     * The modification time with -t, the access time listed with -U (not a directory's); without
     * -U the access time is set to now, as rsync leaves it, and without -t the modification time
     * is left as it is.
     */
    private void setTimes(FileHandle node, Entry entry) throws IOException {
        boolean atime = atimes && Entry.hasAccessTime(entry.type());
        if (times || atime) {
            node.setTimes(atime ? entry.atimeSeconds() : 0, atime ? entry.atimeNanos() : FileHandle.NOW,
                    times ? entry.mtimeSeconds() : 0, times ? entry.mtimeNanos() : FileHandle.OMIT);
        }
    }

    /** Symlink {@code name}'s own owner and times (a symlink's mode is not settable). */
    void applyToLink(DirectoryHandle directory, byte[] name, Entry entry) throws IOException {
        if (fakeSuper.enabled()) {
            applyToKeptLink(directory, name, entry);
            return;
        }
        int uid = owners.uid(entry);
        int gid = owners.gid(entry);
        if (uid != OwnerPolicy.LEAVE || gid != OwnerPolicy.LEAVE) {
            try {
                directory.setLinkOwner(name, uid, gid);
            } catch (IOException e) {
                throw chownFailed(e);
            }
        }
        setLinkTimes(directory, name, entry);
    }

    private void setLinkTimes(DirectoryHandle directory, byte[] name, Entry entry) throws IOException {
        if (linkTimes || linkAtimes) {
            directory.setLinkTimes(name, linkAtimes ? entry.atimeSeconds() : 0,
                    linkAtimes ? entry.atimeNanos() : FileHandle.NOW, linkTimes ? entry.mtimeSeconds() : 0,
                    linkTimes ? entry.mtimeNanos() : FileHandle.OMIT);
        }
    }

    /**
     * --fake-super: a symlink kept as a regular file ({@link ReceiverTree#symlink}) keeps its type,
     * owner and group in its stored value, and takes the link's times; anything else at the name
     * (-K's symlink to a directory) only the times.
     */
    private void applyToKeptLink(DirectoryHandle directory, byte[] name, Entry entry) throws IOException {
        try (FileHandle node = directory.openNode(name)) {
            if (FileModes.type(node.status().mode()) == FileModes.S_IFREG) {
                store(node, entry, 0777, fakeSuper.seen(node));
            }
        }
        setLinkTimes(directory, name, entry);
    }

    /**
     * True when {@link #apply} would change something of {@code existing} but its access time
     * ({@link #atimeDiffers}): as rsync's, a --link-dest file is linked whatever its access time.
     */
    boolean differ(FileStatus existing, Entry entry) {
        return differ(existing, entry, applied);
    }

    /**
     * As {@link #differ}, the times compared as rsync compares them (whole seconds, or within
     * --modify-window): whether rsync takes a reference directory's entry for another one. An
     * rsync copy keeps a time under a second off (it sets none it finds the same), so a snapshot
     * it made would otherwise never match.
     */
    boolean differAsRsync(FileStatus existing, Entry entry) {
        return differ(existing, entry, compared);
    }

    private boolean differ(FileStatus existing, Entry entry, TimeWindow window) {
        return (permissions && (existing.mode() & 07777) != mode(entry, NOTHING_REPLACED))
                || executabilityDiffers(existing, entry)
                || (times && !window.same(existing.mtimeSeconds(), existing.mtimeNanos(), entry.mtimeSeconds(),
                        entry.mtimeNanos()))
                || (owners.uid(entry) != OwnerPolicy.LEAVE && existing.uid() != entry.uid())
                || (owners.gid(entry) != OwnerPolicy.LEAVE && existing.gid() != entry.gid());
    }

    /** -U: whether {@code existing}'s access time is not the one listed, to the nanosecond. */
    boolean atimeDiffers(FileStatus existing, Entry entry) {
        return atimes && Entry.hasAccessTime(entry.type())
                && (existing.atimeSeconds() != entry.atimeSeconds() || existing.atimeNanos() != entry.atimeNanos());
    }

    static FileTime mtime(Entry entry) {
        return FileTime.from(Instant.ofEpochSecond(entry.mtimeSeconds(), entry.mtimeNanos()));
    }

    static Set<PosixFilePermission> permissions(int mode) {
        Set<PosixFilePermission> set = EnumSet.noneOf(PosixFilePermission.class);
        for (int bit = 0; bit < PERMISSION_BITS.length; bit++) {
            if ((mode & (1 << bit)) != 0) {
                set.add(PERMISSION_BITS[bit]);
            }
        }
        return set;
    }
}
