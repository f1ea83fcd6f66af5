package dev.rdcp.transfer;

import dev.rdcp.posix.FileStatus;
import dev.rdcp.posix.FileTimes;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.SessionRequest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
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

    /** @param destination where entries land, which knows the daemon's root; null for none */
    Attributes(TransferOptions options, Destination destination) {
        this.times = options.preserveTimes();
        this.permissions = options.preservePermissions();
        this.owners = process.uid() == 0 && options.has(SessionRequest.OWNERS);
        this.destination = destination;
    }

    /** Applies the entry's metadata to a file or directory; never the owner or mode of a daemon's root. */
    void apply(Path path, Entry entry) throws IOException {
        boolean servedRoot = (owners || permissions) && destination != null && destination.isServedRoot(path);
        if (owners && !servedRoot) {
            Files.setAttribute(path, "unix:uid", entry.uid(), LinkOption.NOFOLLOW_LINKS);
            Files.setAttribute(path, "unix:gid", entry.gid(), LinkOption.NOFOLLOW_LINKS);
        }
        if (permissions && !servedRoot) {
            Files.setPosixFilePermissions(path, permissions(entry.mode()));
        }
        setTimes(path, entry);
    }

    /**
     * The same for a file this process just created: it is ours, with mode 0666 less the umask,
     * so the owner and mode calls that would change nothing are skipped (a small file's receipt
     * is a handful of system calls, and these were two or three of them).
     */
    void applyToNew(Path path, Entry entry) throws IOException {
        if (owners && entry.uid() != process.uid()) {
            Files.setAttribute(path, "unix:uid", entry.uid(), LinkOption.NOFOLLOW_LINKS);
        }
        if (owners && entry.gid() != process.gid()) {
            Files.setAttribute(path, "unix:gid", entry.gid(), LinkOption.NOFOLLOW_LINKS);
        }
        if (permissions && (process.umask() < 0 || (entry.mode() & 0777) != (0666 & ~process.umask()))) {
            Files.setPosixFilePermissions(path, permissions(entry.mode()));
        }
        setTimes(path, entry);
    }

    /** The modification time, and the access time set to now, as rsync leaves them. */
    private void setTimes(Path path, Entry entry) throws IOException {
        if (times) {
            FileTimes.set(path, FileNames.absolute(path), entry.mtimeSeconds(), entry.mtimeNanos());
        }
    }

    /** A symlink's owner and its own modification time (a symlink's mode is not settable). */
    void applyToLink(Path path, Entry entry) throws IOException {
        if (owners) {
            Files.setAttribute(path, "unix:uid", entry.uid(), LinkOption.NOFOLLOW_LINKS);
            Files.setAttribute(path, "unix:gid", entry.gid(), LinkOption.NOFOLLOW_LINKS);
        }
        setTimes(path, entry);
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
