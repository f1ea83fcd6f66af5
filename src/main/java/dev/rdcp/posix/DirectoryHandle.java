package dev.rdcp.posix;

import com.sun.jna.Native;
import dev.rdcp.posix.jna.LibC;
import dev.rdcp.posix.jna.RdcpPosix;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An open directory that names are resolved beneath, never by string path: each relative,
 * '/'-separated raw name is opened with openat2 (RESOLVE_BENEATH, RESOLVE_NO_SYMLINKS,
 * RESOLVE_NO_MAGICLINKS), or by a walk of O_NOFOLLOW opens where the kernel lacks it, and the
 * last component is then used with the *at call of the directory that holds it. A symlink in any
 * component, "..", or an absolute name fails; whatever a peer or a local user does to the tree
 * between two calls, no call reaches outside this directory.
 */
public final class DirectoryHandle extends OwnedDescriptor {

    /** Tests set it to cover the walk that kernels before Linux 5.6 take. */
    static volatile boolean walkOnly;
    private static final int NAMES_BUFFER = 32 << 10;

    /** The open subdirectories names beneath this one are used in. */
    private final DirectoryCache parents = new DirectoryCache();
    /** The handle this one was opened or lent from, told what is removed or renamed through this one; or null. */
    private final DirectoryHandle openedFrom;
    /** This directory's name beneath {@link #openedFrom}. */
    private final byte[] nameThere;
    /** For a lent handle: the cache entry it gives back on close, or null when it lends its opener's own descriptor. */
    private final DirectoryCache.Entry lent;
    private final boolean owned;
    /** -K: {@link #followDirectoryLinks}. */
    private boolean followsDirectoryLinks;
    /** --open-noatime: O_NOATIME on the opens that read (this one's own too), inherited by the handles opened from it. */
    private final int readFlags;

    private DirectoryHandle(Path path, int fd, DirectoryHandle openedFrom, byte[] nameThere, boolean owned,
            DirectoryCache.Entry lent) {
        this(path, fd, openedFrom, nameThere, owned, lent, openedFrom == null ? 0 : openedFrom.readFlags);
    }

    private DirectoryHandle(Path path, int fd, DirectoryHandle openedFrom, byte[] nameThere, boolean owned,
            DirectoryCache.Entry lent, int readFlags) {
        super(path, fd);
        this.openedFrom = openedFrom;
        this.nameThere = nameThere;
        this.owned = owned;
        this.lent = lent;
        this.readFlags = readFlags;
    }

    /** The directory at {@code path} as the user or operator named it (links followed): the top of a confined tree. */
    public static DirectoryHandle open(Path path, byte[] name) throws IOException {
        return open(path, name, false);
    }

    /**
     * As {@link #open(Path, byte[])}; with {@code noAtime} (--open-noatime) this directory and every
     * directory or file read through it is opened with O_NOATIME, which only the owner (or a
     * privileged process) may use: any other's open fails with EPERM, as rsync's does.
     */
    public static DirectoryHandle open(Path path, byte[] name, boolean noAtime) throws IOException {
        int readFlags = noAtime ? LibC.O_NOATIME : 0;
        int fd = LibC.open(CStrings.of(name), LibC.O_RDONLY | LibC.O_DIRECTORY | LibC.O_CLOEXEC | readFlags);
        if (fd < 0) {
            throw PathErrors.of(path, Native.getLastError());
        }
        return new DirectoryHandle(path, fd, null, null, true, null, readFlags);
    }

    private Path display(byte[] name) {
        return isSelf(name) ? path() : path().resolve(new String(name, StandardCharsets.UTF_8));
    }

    private static boolean isSelf(byte[] name) {
        return name.length == 1 && name[0] == '.';
    }

    /** Opens {@code name} with {@code flags}, beneath the open descriptor of the directory it lies in. */
    private int openBeneath(byte[] name, int flags, int mode) throws IOException {
        int rc;
        if (isSelf(name)) {
            rc = RdcpPosix.rdcp_open_beneath(fd(), CStrings.of(name), flags, mode, walkOnly ? 1 : 0);
        } else {
            boolean creates = (flags & LibC.O_CREAT) != 0;
            rc = inParent(name, creates, (dirfd, leaf) -> RdcpPosix.rdcp_open_beneath(dirfd, leaf, flags, mode,
                    walkOnly ? 1 : 0));
        }
        if (rc < 0) {
            throw PathErrors.of(display(name), -rc);
        }
        return rc;
    }

    /**
     * The directory {@code name} ("." for this one), opened for listing and as a base for more
     * names. Its path is made when asked for ({@link #path}): a walk down a deep tree opens each
     * level from the one above, and a path held by each would cost the depth squared.
     */
    public DirectoryHandle openDirectory(byte[] name) throws IOException {
        int flags = LibC.O_RDONLY | LibC.O_DIRECTORY | readFlags;
        int fd = followsDirectoryLinks ? openFollowing(name, flags) : openBeneath(name, flags, 0);
        return new DirectoryHandle(null, fd, this, name, true, null);
    }

    /** The path it was opened by, for messages only: for one opened by {@link #openDirectory}, made now, with a loop. */
    @Override
    public Path path() {
        if (givenPath() != null) {
            return givenPath();
        }
        List<byte[]> names = new ArrayList<>();
        DirectoryHandle handle = this;
        for (; handle.givenPath() == null; handle = handle.openedFrom) {
            names.add(handle.nameThere);
        }
        Path path = handle.givenPath();
        for (int i = names.size() - 1; i >= 0; i--) {
            path = isSelf(names.get(i)) ? path : path.resolve(new String(names.get(i), StandardCharsets.UTF_8));
        }
        return path;
    }

    /**
     * -K: from now on a directory on the way to a name, or opened by {@link #openDirectory}, may
     * be a symlink, followed while it stays beneath this directory (one leading out fails, EXDEV);
     * the last component of any other call is still never followed.
     */
    public void followDirectoryLinks() {
        followsDirectoryLinks = true;
        parents.followLinks();
    }

    /**
     * The directory {@code name} ("." for this one, several components allowed), following the
     * symlinks on the way as long as each stays beneath this directory, as rsync's daemon follows
     * those inside its module: what a client's operand names. Where the kernel lacks openat2 no
     * symlink is followed.
     */
    public DirectoryHandle openDirectoryFollowing(byte[] name) throws IOException {
        return new DirectoryHandle(display(name), openFollowing(name, LibC.O_RDONLY | LibC.O_DIRECTORY | readFlags),
                this, name, true, null);
    }

    /**
     * The status of what {@code name} leads to, symlinks followed as {@link #openDirectoryFollowing}
     * follows them (-L on a daemon): one leading outside this directory fails (EXDEV), a dangling
     * one is missing (NoSuchFileException).
     */
    public FileStatus statusFollowing(byte[] name) throws IOException {
        try (FileHandle target = new FileHandle(display(name), openFollowing(name, LibC.O_PATH))) {
            return target.status();
        }
    }

    /**
     * {@code name} (several components) for reading, the symlinks on the way followed while each
     * stays beneath this directory, the last only where {@code opening} follows links: a server's
     * listed file, opened to be sent.
     */
    FileHandle openReadFollowing(byte[] name, ReadOnlyFile.Opening opening) throws IOException {
        return new FileHandle(display(name),
                openFollowing(name, LibC.O_RDONLY | LibC.O_NONBLOCK | readFlags | opening.flags()));
    }

    /** {@code name} itself (O_PATH), found as {@link #openReadFollowing} finds it; its last component followed only with {@code followLeaf}. */
    FileHandle openNodeFollowing(byte[] name, boolean followLeaf) throws IOException {
        return new FileHandle(display(name), openFollowing(name, LibC.O_PATH | (followLeaf ? 0 : LibC.O_NOFOLLOW)));
    }

    private int openFollowing(byte[] name, int flags) throws IOException {
        int fd = walkOnly ? RdcpPosix.rdcp_open_beneath(fd(), CStrings.of(name), flags, 0, 1)
                : RdcpPosix.rdcp_open_following(fd(), CStrings.of(name), flags);
        if (fd < 0) {
            throw PathErrors.of(display(name), -fd);
        }
        return fd;
    }

    /**
     * The directory {@code name} ("." for this one) as a base for single-component names, lent
     * from the descriptors this handle keeps open: no open or close of its own, and the same
     * directory until the lent handle is closed, whatever is renamed or swapped meanwhile. It
     * must be closed before this handle.
     */
    public DirectoryHandle lendDirectory(byte[] name) throws IOException {
        if (isSelf(name)) {
            return new DirectoryHandle(path(), fd(), this, name, false, null);
        }
        if (!isPlainRelative(name)) {
            throw PathErrors.of(display(name), Errno.EXDEV);
        }
        DirectoryCache.Entry entry = parents.pin(fd(), name);
        if (entry == null) {
            throw PathErrors.of(display(name), -parents.lastError());
        }
        return new DirectoryHandle(display(name), entry.fd(), this, name, false, entry);
    }

    /**
     * No empty, "." or ".." component: one spelling per directory, so what is removed or renamed
     * under one name is forgotten in the cache under the same name.
     */
    private static boolean isPlainRelative(byte[] name) {
        for (int start = 0, i = 0; i <= name.length; i++) {
            if (i == name.length || name[i] == '/') {
                int length = i - start;
                if (length == 0 || (length == 1 && name[start] == '.')
                        || (length == 2 && name[start] == '.' && name[start + 1] == '.')) {
                    return false;
                }
                start = i + 1;
            }
        }
        return true;
    }

    /** {@code name} for reading; a FIFO or device does not block the open. */
    public FileHandle openRead(byte[] name) throws IOException {
        return new FileHandle(display(name), openBeneath(name, LibC.O_RDONLY | LibC.O_NONBLOCK | readFlags, 0));
    }

    /** Creates {@code name} for writing; with {@code exclusive} it must not exist, else it is opened as it is. */
    public FileHandle create(byte[] name, boolean exclusive, int mode) throws IOException {
        int flags = LibC.O_WRONLY | LibC.O_CREAT | (exclusive ? LibC.O_EXCL : 0);
        return new FileHandle(display(name), openBeneath(name, flags, mode));
    }

    /**
     * {@code name} itself, whatever it is, to read its status or set its metadata: a symlink is
     * opened as the link, never its target.
     */
    public FileHandle openNode(byte[] name) throws IOException {
        return new FileHandle(display(name), openBeneath(name, LibC.O_PATH | LibC.O_NOFOLLOW, 0));
    }

    /** lstat of {@code name} ("." for this directory). */
    public FileStatus status(byte[] name) throws IOException {
        long[] fields = new long[RdcpPosix.RDCP_STATUS_FIELDS];
        int rc = isSelf(name) ? RdcpPosix.rdcp_status_at(fd(), new byte[1], fields)
                : inParent(name, false, (dirfd, leaf) -> RdcpPosix.rdcp_status_at(dirfd, leaf, fields));
        if (rc < 0) {
            throw PathErrors.of(display(name), -rc);
        }
        return FileStatus.of(fields);
    }

    public void makeDirectory(byte[] name, int mode) throws IOException {
        invalidate(name);
        check(name, inParent(name, true, (dirfd, leaf) -> result(LibC.mkdirat(dirfd, leaf, mode))));
    }

    /**
     * Creates device file, FIFO or socket {@code name} (mknodat): {@code mode} holds its type and
     * permissions, {@code rdev} the device it stands for (0 for a FIFO or socket).
     */
    public void makeNode(byte[] name, int mode, long rdev) throws IOException {
        check(name, inParent(name, true, (dirfd, leaf) -> result(LibC.mknodat(dirfd, leaf, mode, rdev))));
    }

    /** Creates symlink {@code name} pointing at {@code target} (raw bytes, never resolved here). */
    public void symlink(byte[] target, byte[] name) throws IOException {
        Symlinks.checkTarget(display(name), target);
        byte[] cTarget = CStrings.of(target);
        check(name, inParent(name, true, (dirfd, leaf) -> result(LibC.symlinkat(cTarget, dirfd, leaf))));
    }

    /** The target of symlink {@code name}, as raw bytes. */
    public byte[] readLink(byte[] name) throws IOException {
        byte[] buffer = new byte[Symlinks.MAX_TARGET];
        long[] length = new long[1];
        check(name, inParent(name, false, (dirfd, leaf) -> {
            length[0] = LibC.readlinkat(dirfd, leaf, buffer, buffer.length);
            return result(length[0] < 0 ? -1 : 0);
        }));
        return Arrays.copyOf(buffer, (int) length[0]);
    }

    /** Makes {@code name} another name of {@code existing} (both beneath this directory; a symlink is linked as itself). */
    public void link(byte[] existing, byte[] name) throws IOException {
        check(name, inParent(existing, false, (fromFd, fromLeaf) -> inParent(name, false,
                (toFd, toLeaf) -> result(LibC.linkat(fromFd, fromLeaf, toFd, toLeaf, 0)))));
    }

    /** Makes {@code name} (beneath this directory) another name of {@code existing} beneath {@code from}. */
    public void linkFrom(DirectoryHandle from, byte[] existing, byte[] name) throws IOException {
        check(name, from.inParent(existing, false, (fromFd, fromLeaf) -> inParent(name, false,
                (toFd, toLeaf) -> result(LibC.linkat(fromFd, fromLeaf, toFd, toLeaf, 0)))));
    }

    /** rename(2) of {@code from} to {@code to}, both beneath this directory. */
    public void rename(byte[] from, byte[] to) throws IOException {
        try {
            check(to, inParent(from, false, (fromFd, fromLeaf) -> inParent(to, false,
                    (toFd, toLeaf) -> result(LibC.renameat(fromFd, fromLeaf, toFd, toLeaf)))));
        } finally {
            invalidate(from);
            invalidate(to);
        }
    }

    /**
     * rename(2) of {@code existing} beneath {@code from} to {@code name} beneath this directory.
     * Returns false, renaming nothing, where the two are on different mounts (the rename's own
     * EXDEV), for the caller to copy instead.
     */
    public boolean renameFrom(DirectoryHandle from, byte[] existing, byte[] name) throws IOException {
        boolean[] crossDevice = new boolean[1];
        try {
            check(name, from.inParent(existing, false, (fromFd, fromLeaf) -> inParent(name, false, (toFd, toLeaf) -> {
                int rc = result(LibC.renameat(fromFd, fromLeaf, toFd, toLeaf));
                crossDevice[0] = rc == -Errno.EXDEV;
                return crossDevice[0] ? 0 : rc;
            })));
        } finally {
            from.invalidate(existing);
            invalidate(name);
        }
        return !crossDevice[0];
    }

    /** Removes {@code name}: an empty directory with {@code directory}, else a file or symlink. */
    public void delete(byte[] name, boolean directory) throws IOException {
        int flags = directory ? LibC.AT_REMOVEDIR : 0;
        try {
            check(name, inParent(name, false, (dirfd, leaf) -> result(LibC.unlinkat(dirfd, leaf, flags))));
        } finally {
            if (directory) {
                invalidate(name);
            }
        }
    }

    /** Owner of {@code name} itself (a symlink's own). */
    public void setLinkOwner(byte[] name, int uid, int gid) throws IOException {
        check(name, inParent(name, false, (dirfd, leaf) -> result(LibC.fchownat(dirfd, leaf, uid, gid, LibC.AT_SYMLINK_NOFOLLOW))));
    }

    /** Modification time of {@code name} itself (a symlink's own), the access time now. */
    public void setLinkTimes(byte[] name, long seconds, int nanos) throws IOException {
        setLinkTimes(name, 0, FileHandle.NOW, seconds, nanos);
    }

    /** As {@link FileHandle#setTimes(long, long, long, long)}, of {@code name} itself (a symlink's own). */
    public void setLinkTimes(byte[] name, long atimeSeconds, long atimeNanos, long mtimeSeconds, long mtimeNanos)
            throws IOException {
        long[] times = {atimeSeconds, atimeNanos, mtimeSeconds, mtimeNanos};
        check(name, inParent(name, false, (dirfd, leaf) -> result(LibC.utimensat(dirfd, leaf, times, LibC.AT_SYMLINK_NOFOLLOW))));
    }

    /** The names this directory holds, "." and ".." left out, in the order the file system gives them. */
    public List<byte[]> names() throws IOException {
        if (LibC.lseek(fd(), 0, LibC.SEEK_SET) < 0) {
            throw PathErrors.of(path(), Native.getLastError());
        }
        List<byte[]> names = new ArrayList<>();
        byte[] buffer = new byte[NAMES_BUFFER];
        for (int used; (used = RdcpPosix.rdcp_read_names(fd(), buffer, buffer.length)) != 0; ) {
            if (used < 0) {
                throw PathErrors.of(path(), -used);
            }
            for (int start = 0, i = 0; i < used; i++) {
                if (buffer[i] == 0) {
                    names.add(Arrays.copyOfRange(buffer, start, i));
                    start = i + 1;
                }
            }
        }
        return names;
    }

    /** 0, or -errno of the libc call that just returned {@code rc}. */
    private static int result(int rc) {
        return rc == 0 ? 0 : -Native.getLastError();
    }

    private void check(byte[] name, int rc) throws IOException {
        if (rc != 0) {
            throw PathErrors.of(display(name), -rc);
        }
    }

    /** A call on the last component of a name, given the directory that holds it: 0 or -errno. */
    @FunctionalInterface
    private interface AtCall {
        int call(int dirfd, byte[] leaf) throws IOException;
    }

    /**
     * Runs {@code call} with the descriptor of {@code name}'s directory, held open beneath this
     * one, and its last component: the only component a *at call resolves, with no symlink
     * followed. A call that {@code creates} and finds its directory gone opens the directory
     * anew once: it was removed (by another handle or another process) and maybe made again
     * since its descriptor was kept.
     */
    private int inParent(byte[] name, boolean creates, AtCall call) throws IOException {
        int slash = name.length - 1;
        while (slash >= 0 && name[slash] != '/') {
            slash--;
        }
        byte[] leaf = Arrays.copyOfRange(name, slash + 1, name.length);
        if (leaf.length == 0 || isSelf(leaf) || (leaf.length == 2 && leaf[0] == '.' && leaf[1] == '.')) {
            return -Errno.EXDEV;
        }
        byte[] cLeaf = CStrings.of(leaf);
        if (slash < 0) {
            return call.call(fd(), cLeaf);
        }
        byte[] parent = Arrays.copyOf(name, slash);
        if (!isPlainRelative(parent)) {
            return -Errno.EXDEV;
        }
        int dirfd = parents.descriptor(fd(), parent);
        if (dirfd < 0) {
            return dirfd;
        }
        int rc = call.call(dirfd, cLeaf);
        if (rc == -Errno.ENOENT && creates) {
            parents.invalidate(parent);
            dirfd = parents.descriptor(fd(), parent);
            rc = dirfd < 0 ? dirfd : call.call(dirfd, cLeaf);
        }
        return rc;
    }

    /**
     * {@code name} (beneath this directory) was removed, renamed or made anew: no descriptor kept
     * here or by the handles this one came from still stands for it.
     */
    private void invalidate(byte[] name) {
        // A loop, not a call on the opener, and the name joined only for a handle that keeps
        // descriptors: a deep tree's handles are each opened from the one above, and a call and a
        // copy of the name per level overflowed a daemon's stack at 4,061 levels (its --delete).
        byte[] there = name;
        DirectoryHandle thereFrom = this;
        for (DirectoryHandle handle = this; handle != null; handle = handle.openedFrom) {
            if (handle.parents.size() == 0) {
                continue;
            }
            for (; thereFrom != handle; thereFrom = thereFrom.openedFrom) {
                there = isSelf(thereFrom.nameThere) ? there : join(thereFrom.nameThere, there);
            }
            handle.parents.invalidate(there);
        }
    }

    private static byte[] join(byte[] directory, byte[] name) {
        byte[] joined = Arrays.copyOf(directory, directory.length + 1 + name.length);
        joined[directory.length] = '/';
        System.arraycopy(name, 0, joined, directory.length + 1, name.length);
        return joined;
    }

    /** Number of subdirectories held open, for tests. */
    int openParents() {
        return parents.size();
    }

    /** Closes the directories kept open beneath this one, then gives this descriptor back (a lent one to its lender). */
    @Override
    void release(int descriptor) throws IOException {
        parents.close();
        if (owned) {
            super.release(descriptor);
        } else if (lent != null) {
            openedFrom.parents.unpin(lent);
        }
    }
}
