package dev.rdcp.transfer;

import dev.rdcp.filter.FilterScope;
import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.posix.FileHandle;
import dev.rdcp.posix.FileStatus;
import dev.rdcp.posix.ReadOnlyFile;
import dev.rdcp.posix.Symlinks;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Where the sender finds what it lists and sends: a client's operands by the paths the user
 * named, a server's beneath the served directory's descriptor, with symlinks on the way followed
 * only while they stay beneath it. The client chooses when each of a server's operands is looked
 * at, so a check of a path before would prove nothing: every look-up here is made through a
 * descriptor. Owns the served directory's descriptor, opened at its first use.
 */
final class SourceTree implements AutoCloseable {

    /**
     * Where an entry is examined: its directory's descriptor and its name there (null for an
     * operand on a client). {@code followed}: a symlink the list follows (-L) on a server, whose
     * name beneath the root ({@code leaf}, several components) is resolved beneath the root's
     * descriptor ({@code directory}) with the symlinks on the way followed while they stay beneath it.
     */
    record Parent(DirectoryHandle directory, byte[] leaf, boolean followed) {

        Parent(DirectoryHandle directory, byte[] leaf) {
            this(directory, leaf, false);
        }

        /** Whether the entry is found by its path instead (an operand, or a symlink a client follows). */
        static boolean byPath(Parent parent) {
            return parent == null || parent.followed();
        }
    }

    /** A server's served directory, or null on a client. */
    private final Path sourceRoot;
    /** --open-noatime: every directory and file read is opened with O_NOATIME. */
    private final boolean noAtime;
    private DirectoryHandle root;

    /**
     * @param sourceRoot the served directory every operand is beneath (a server's), or null: then
     *     each operand is found by the path the user named
     */
    SourceTree(Path sourceRoot, boolean noAtime) {
        this.sourceRoot = sourceRoot;
        this.noAtime = noAtime;
    }

    /**
     * A server's operand as a name beneath its root's descriptor, resolved there; null for a
     * client's own operands. Symlinks on the way are followed as long as each stays beneath the
     * root, as rsync's daemon follows those inside its module; the last component is the entry
     * itself, unless {@code followLeaf} (a trailing slash) names a directory through it.
     */
    Parent beneathRoot(Path path, boolean followLeaf) throws IOException {
        if (sourceRoot == null) {
            return null;
        }
        byte[] name = servedName(path);
        DirectoryHandle top = root();
        if (followLeaf) {
            try {
                return new Parent(top.openDirectoryFollowing(name), new byte[] {'.'});
            } catch (IOException e) {
                // Not a directory beneath the root: named as it is, below.
            }
        }
        byte[] parent = FileNames.parent(name);
        byte[] leaf = FileNames.leaf(name);
        if (parent.length == 1 && parent[0] == '.') {
            return new Parent(top, leaf.length == 0 ? new byte[] {'.'} : leaf);
        }
        return new Parent(top.openDirectoryFollowing(parent), leaf);
    }

    /** A directory opened for one operand only: what it held is listed (and walked by descriptors of its own). */
    void closeUnlessRoot(Parent beneath) {
        if (beneath != null && beneath.directory() != root) {
            closeQuietly(beneath.directory());
        }
    }

    /** The attributes of what {@code parent} names, or, without one, of {@code path} (its symlink followed if {@code follow}). */
    static FileStatus status(Path path, Parent parent, boolean follow) throws IOException {
        return parent != null ? parent.directory().status(parent.leaf())
                : FileStatus.of(path, FileNames.absolute(path), follow);
    }

    /**
     * What a symlink the list follows leads to, beneath the root on a server, with where it is
     * then examined; on a client by its path, wherever it leads, as rsync's.
     */
    FileStatus followed(Path path) throws IOException {
        return sourceRoot == null ? FileStatus.of(path, FileNames.absolute(path), true)
                : root().statusFollowing(servedName(path));
    }

    /** Where a symlink {@link #followed} leads is examined: by its path on a client, beneath the root on a server. */
    Parent followedParent(Path path) throws IOException {
        return sourceRoot == null ? null : new Parent(root(), servedName(path), true);
    }

    /**
     * What is at {@code path} (a symlink at the end followed if {@code followLeaf}), looked up as
     * the list looks up operands; null if nothing can be looked at there.
     */
    OperandWinners.Found found(Path path, boolean followLeaf) {
        Parent beneath = null;
        try {
            beneath = beneathRoot(path, followLeaf);
            FileStatus status = status(path, beneath, followLeaf);
            return new OperandWinners.Found(FileModes.type(status.mode()), status.device(), status.inode());
        } catch (IOException e) {
            return null;
        } finally {
            closeUnlessRoot(beneath);
        }
    }

    static boolean isDirectory(Path path, Parent beneath) {
        if (beneath == null) {
            return Files.isDirectory(path);
        }
        try {
            return FileModes.type(beneath.directory().status(beneath.leaf()).mode()) == FileModes.S_IFDIR;
        } catch (IOException e) {
            return false;
        }
    }

    /** Whether what {@code path} or {@code beneath} names can be looked at (its symlink not followed). */
    static void lookAt(Path path, Parent beneath) throws IOException {
        if (beneath == null) {
            Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } else {
            beneath.directory().status(beneath.leaf());
        }
    }

    /**
     * Opens a directory to list: beneath {@code parent}'s descriptor, no symlink followed but one
     * the list follows; without a parent, by its path on a client, and on a server (another
     * operand's directory merged in) beneath the root's descriptor.
     */
    DirectoryHandle openListing(Path path, Parent parent) throws IOException {
        if (parent == null && sourceRoot != null) {
            Parent beneath = beneathRoot(path, false);
            try {
                return beneath.directory().openDirectory(beneath.leaf());
            } finally {
                closeUnlessRoot(beneath);
            }
        }
        return parent == null ? DirectoryHandle.open(path, FileNames.absolute(path), noAtime)
                : parent.followed() ? parent.directory().openDirectoryFollowing(parent.leaf())
                : parent.directory().openDirectory(parent.leaf());
    }

    /** Whether this process may not open directory {@code path} to list it. */
    boolean refusesListing(Path path, Parent parent) {
        try (DirectoryHandle directory = openListing(path, parent)) {
            return false;
        } catch (AccessDeniedException e) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The target of the symlink at {@code path}, looked up as {@link #found} looks: by path on a client, beneath the root on a server. */
    byte[] linkTarget(Path path) throws IOException {
        Parent beneath = beneathRoot(path, false);
        try {
            return target(path, beneath);
        } finally {
            closeUnlessRoot(beneath);
        }
    }

    static byte[] target(Path path, Parent parent) throws IOException {
        return parent != null ? parent.directory().readLink(parent.leaf())
                : Symlinks.read(path, FileNames.absolute(path));
    }

    /**
     * A listed file opened to be read and checked to be the file listed: a client's by its path, a
     * server's by its name beneath the served directory's descriptor (symlinks on the way followed
     * while they stay beneath it, the last as {@code opening} says), so that nothing swapped on the
     * way after the listing makes the open reach a node outside it.
     */
    ReadOnlyFile openListed(Path path, FileStatus listed, ReadOnlyFile.Opening opening) throws IOException {
        return sourceRoot == null ? ReadOnlyFile.openListed(path, FileNames.absolute(path), listed, opening)
                : ReadOnlyFile.openListed(root(), servedName(path), listed, opening);
    }

    /** A listed file opened to be read: beneath its directory's descriptor, or as {@link #openListed} opens it. */
    ReadOnlyFile openRead(Path path, FileStatus listed, Parent parent, boolean sequential) throws IOException {
        return !Parent.byPath(parent) ? ReadOnlyFile.of(parent.directory().openRead(parent.leaf()))
                : openListed(path, listed, new ReadOnlyFile.Opening(sequential, noAtime));
    }

    /** The listed node itself (O_PATH), for its attributes: beneath its directory's descriptor, or found as {@link #openListed} finds it. */
    FileHandle openNode(Path path, FileStatus listed, Parent parent) throws IOException {
        return !Parent.byPath(parent) ? parent.directory().openNode(parent.leaf()) : openListedNode(path, listed);
    }

    /**
     * Whether a listed file that came up short is gone from its name (it vanished, rather than
     * changed size): a client's looked up by its path, a server's found as {@link #openListed}
     * finds it, so that no node outside the served directory is looked at for a client's message.
     */
    boolean vanished(Path path, FileStatus listed) {
        if (sourceRoot == null) {
            return Files.notExists(path, LinkOption.NOFOLLOW_LINKS);
        }
        try {
            openListedNode(path, listed).close();
            return false;
        } catch (NoSuchFileException e) {
            return true;
        } catch (IOException e) {
            // There but another file, or a name that now leads out of the served directory: changed.
            return false;
        }
    }

    private FileHandle openListedNode(Path path, FileStatus listed) throws IOException {
        return sourceRoot == null ? FileHandle.openListed(path, FileNames.absolute(path), listed)
                : FileHandle.openListed(root(), servedName(path), listed);
    }

    /** An operand as its messages name it: as the user named it, or on a server beneath the root. */
    String shownName(Path path) {
        if (sourceRoot == null) {
            return path.toString();
        }
        try {
            return FileNames.display(servedName(path));
        } catch (FileSystemException e) {
            return FileNames.display(FileNames.lastComponent(path));
        }
    }

    /** A dangling symlink as rsync names it: the full path on a client, the name beneath the root on a server. */
    String referentName(Path path) {
        return sourceRoot == null ? path.toAbsolutePath().toString() : shownName(path);
    }

    /**
     * The directory an operand's names are relative to, as '/'-modified filter rules see it:
     * its absolute path on a client, its path beneath the served directory on a server.
     */
    String filterRoot(SourceOperand operand) {
        Path path = operand.path().toAbsolutePath().normalize();
        Path directory = operand.relativeName() != null ? operand.base().toAbsolutePath().normalize()
                : operand.contents() || path.getParent() == null ? path : path.getParent();
        if (sourceRoot == null) {
            return directory.toString();
        }
        try {
            byte[] name = servedName(directory);
            return name.length == 1 && name[0] == '.' ? "/" : "/" + new String(name, StandardCharsets.UTF_8);
        } catch (FileSystemException e) {
            return "/";
        }
    }

    /**
     * The merge files of {@code directory}, named as {@link #filterRoot} names directories: a
     * client's opened by path, a server's beneath the served directory's descriptor (symlinks on
     * the way followed while they stay beneath it, as its operands'); null where it cannot be
     * opened. {@code buffer} reads them.
     */
    FilterScope.MergeFiles mergeFilesAt(String directory, ScratchBuffer buffer) {
        try {
            if (sourceRoot == null) {
                Path path = Path.of(directory);
                return new DirectoryMergeFiles(DirectoryHandle.open(path, FileNames.absolute(path), noAtime), true,
                        buffer);
            }
            return directory.equals("/") ? new DirectoryMergeFiles(root(), false, buffer)
                    : new DirectoryMergeFiles(root().openDirectoryFollowing(directory.substring(1)
                            .getBytes(StandardCharsets.UTF_8)), true, buffer);
        } catch (IOException e) {
            return null;
        }
    }

    /** A server's operand as its name beneath the root ("." for the root itself). */
    private byte[] servedName(Path path) throws FileSystemException {
        byte[] name = FileNames.beneath(FileNames.absolute(sourceRoot), FileNames.absolute(path.normalize()));
        if (name == null) {
            throw new FileSystemException(path.toString(), null, "is not beneath the served directory");
        }
        return name;
    }

    private DirectoryHandle root() throws IOException {
        if (root == null) {
            root = DirectoryHandle.open(sourceRoot, FileNames.absolute(sourceRoot), noAtime);
        }
        return root;
    }

    static void closeQuietly(DirectoryHandle directory) {
        if (directory != null) {
            try {
                directory.close();
            } catch (IOException e) {
                // A directory opened for reading only: closing it loses nothing.
            }
        }
    }

    @Override
    public void close() {
        closeQuietly(root);
        root = null;
    }
}
