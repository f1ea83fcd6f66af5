package dev.rdcp.transfer;

import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.posix.FileHandle;
import dev.rdcp.posix.FileStatus;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.protocol.Xattrs;
import java.io.IOException;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Set;

/** The metadata -p, -t and (as root) -o/-g carry over: permissions, modification time, owner. */
final class Attributes {

    private static final PosixFilePermission[] PERMISSION_BITS = {
        PosixFilePermission.OTHERS_EXECUTE, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_READ,
        PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_READ,
        PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_READ};

    private final boolean times;
    private final boolean permissions;
    private final boolean owners;
    private final Destination destination;
    /** Read per session, not per JVM: a daemon may have dropped root (serve --user) since it started. */
    private final ProcessIdentity process = ProcessIdentity.read();
    private final XattrSync xattrs;

    /** @param destination where entries land, which knows the daemon's root; null for none */
    Attributes(TransferOptions options, Destination destination) {
        this.times = options.preserveTimes();
        this.permissions = options.preservePermissions();
        this.owners = process.uid() == 0 && options.has(SessionRequest.OWNERS);
        this.destination = destination;
        this.xattrs = new XattrSync(options, process.uid() == 0);
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
        boolean servedRoot = (owners || permissions) && destination != null && destination.isServedRoot(node.status());
        if (owners && !servedRoot) {
            node.setOwner(entry.uid(), entry.gid());
        }
        if (permissions && !servedRoot) {
            node.setMode(entry.mode() & 0777);
        }
        setTimes(node, entry);
    }

    /**
     * The same for a file this process just created: it is ours, with mode 0666 less the umask,
     * so the owner and mode calls that would change nothing are skipped (a small file's receipt
     * is a handful of system calls, and these were two or three of them).
     */
    void applyToNew(FileHandle file, Entry entry) throws IOException {
        boolean uid = owners && entry.uid() != process.uid();
        boolean gid = owners && entry.gid() != process.gid();
        if (uid || gid) {
            file.setOwner(uid ? entry.uid() : -1, gid ? entry.gid() : -1);
        }
        if (permissions && (process.umask() < 0 || (entry.mode() & 0777) != (0666 & ~process.umask()))) {
            file.setMode(entry.mode() & 0777);
        }
        setTimes(file, entry);
    }

    /** The modification time, and the access time set to now, as rsync leaves them. */
    private void setTimes(FileHandle node, Entry entry) throws IOException {
        if (times) {
            node.setTimes(entry.mtimeSeconds(), entry.mtimeNanos());
        }
    }

    /** Symlink {@code name}'s own owner and modification time (a symlink's mode is not settable). */
    void applyToLink(DirectoryHandle directory, byte[] name, Entry entry) throws IOException {
        if (owners) {
            directory.setLinkOwner(name, entry.uid(), entry.gid());
        }
        if (times) {
            directory.setLinkTimes(name, entry.mtimeSeconds(), entry.mtimeNanos());
        }
    }

    /** True when {@link #apply} would change something of {@code existing}. */
    boolean differ(FileStatus existing, Entry entry) {
        return (permissions && (existing.mode() & 0777) != (entry.mode() & 0777))
                || (times && (existing.mtimeSeconds() != entry.mtimeSeconds() || existing.mtimeNanos() != entry.mtimeNanos()))
                || (owners && (existing.uid() != entry.uid() || existing.gid() != entry.gid()));
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
