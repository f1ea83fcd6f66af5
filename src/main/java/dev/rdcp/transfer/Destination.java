package dev.rdcp.transfer;

import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.posix.FileStatus;
import dev.rdcp.posix.PathErrors;
import dev.rdcp.protocol.BackupRule;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ExtendedOptions;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.ReferenceDirectories;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * Where received entries go, decided as rsync decides it: into the destination when it is (or is
 * to be) a directory, else to the destination path itself (one file only). A missing destination
 * directory is created, one level, like rsync (each missing level with --mkpath). Names from the
 * peer are relative paths, used only beneath the {@link #base} directory's descriptor, which {@link #prepare} opens (with a root, the
 * daemon's, beneath the root's descriptor) and {@link #close} closes: nothing a name does, and
 * nothing done to the tree meanwhile, reaches outside it.
 */
public final class Destination implements AutoCloseable {

    private final Path target;
    /** The target as messages name it: as given, or for a daemon within its root. */
    private final String shownTarget;
    private final boolean intoDirectory;
    /** The deepest directory of the way to the directory entries go into that exists now. */
    private final Path existing;
    /** The components below {@link #existing} that {@link #prepare} creates, one by one. */
    private final List<byte[]> missing;
    /** The daemon's root as stat(2) identifies it, or null without a root. */
    private final FileStatus root;
    private final Path realRoot;
    /** The directory entries go into (the target, or for one file its parent); null until prepared, or in a dry run with none. */
    private DirectoryHandle base;
    /** That directory as filter rules with rsync's '/' modifier see it. */
    private final String filterRoot;
    /** A dry run's name beneath a directory it would make in place of something else is being handled: see {@link #seeNothing}. */
    private boolean seesNothing;
    /** See {@link #tellFailuresFirst}. */
    private boolean failuresFirst;
    /** See {@link #forPull}. */
    private boolean waitsForEntries;
    /** What is wrong with a pull's destination, told when it is prepared: see {@link #forPull}. */
    private RdcpException problem;
    /** --mkpath makes the missing directories of the way, DEST's too, before the transfer, as rsync's does. */
    private boolean madeByMkpath;

    private Destination(Path target, String shownTarget, boolean intoDirectory, Path existing, List<byte[]> missing,
            Path realRoot, FileStatus root, String filterRoot) {
        this.target = target;
        this.filterRoot = filterRoot;
        this.shownTarget = shownTarget;
        this.intoDirectory = intoDirectory;
        this.existing = existing;
        this.missing = List.copyOf(missing);
        this.realRoot = realRoot;
        this.root = root;
    }

    /**
     * @param directory the operand ended in '/', or a tree or several files are coming
     * @param root the directory nothing may escape, or null
     */
    public static Destination of(Path target, boolean directory, Path root) throws IOException {
        return of(target, directory, root, false);
    }

    /**
     * @param mkpath --mkpath: every missing component of the way is created, not only the last
     */
    public static Destination of(Path target, boolean directory, Path root, boolean mkpath) throws IOException {
        return of(target, null, directory, root, mkpath);
    }

    /**
     * @param named how messages name the target (as its client named it), or null: as given, or
     *     with a root, within it
     */
    public static Destination of(Path target, String named, boolean directory, Path root, boolean mkpath)
            throws IOException {
        Path realRoot = root == null ? null : root.toRealPath();
        FileStatus rootStatus = realRoot == null ? null : FileStatus.of(realRoot, FileNames.absolute(realRoot), true);
        Path names = Files.isDirectory(target) || directory || target.toAbsolutePath().getParent() == null ? target
                : target.toAbsolutePath().getParent();
        String filterRoot = root == null ? names.toAbsolutePath().normalize().toString() : "/" + shown(root, names);
        if (statDenied(target)) {
            // As rsync's receiver, whose stat of DEST comes first: a selection error (3), not an I/O one.
            throw new RdcpException(ExitCode.FILE_SELECTION, "cannot stat destination \""
                    + (named != null ? named : shown(root, target)) + "\": Permission denied");
        }
        if (Files.isDirectory(target)) {
            requireInside(realRoot, target);
            return new Destination(target, named != null ? named : shown(root, target), true, target, List.of(), realRoot,
                    rootStatus, filterRoot);
        }
        if (directory && Files.exists(target)) {
            throw new RdcpException(ExitCode.FILE_SELECTION, (named != null ? named : shown(root, target))
                    + " exists and is not a directory");
        }
        Path parent = target.toAbsolutePath().getParent();
        if (mkpath) {
            Path way = (directory ? target.toAbsolutePath() : parent).normalize();
            Path existing = way;
            while (!Files.exists(existing, LinkOption.NOFOLLOW_LINKS) && existing.getParent() != null) {
                existing = existing.getParent();
            }
            if (!Files.isDirectory(existing)) {
                throw new RdcpException(ExitCode.FILE_IO, "cannot create " + shown(root, way) + ": "
                        + shown(root, existing) + " is not a directory");
            }
            requireInside(realRoot, existing);
            List<byte[]> missing = new ArrayList<>();
            for (Path component : existing.relativize(way)) {
                missing.add(FileNames.lastComponent(component));
            }
            Destination destination = new Destination(target, named != null ? named : shown(root, target), directory,
                    existing, missing, realRoot, rootStatus, filterRoot);
            destination.madeByMkpath = true;
            return destination;
        }
        Path inTheWay = nearestExisting(parent);
        if (inTheWay != null && !Files.isDirectory(inTheWay)) {
            // As rsync's receiver, whichever kind of destination: its stat of DEST fails first.
            throw new RdcpException(ExitCode.FILE_SELECTION, "cannot stat destination \""
                    + (named != null ? named : shown(root, target)) + "\": Not a directory");
        }
        if (parent == null || !Files.isDirectory(parent)) {
            // As rsync's receiver: a directory it cannot make is 11, a file's missing directory 3. A
            // daemon names it within its root.
            Path missing = directory ? target : parent;
            String call = directory ? "mkdir" : "change_dir";
            throw new RdcpException(directory ? ExitCode.FILE_IO : ExitCode.FILE_SELECTION, call + " \""
                    + (missing == null ? null : shown(root, missing))
                    + "\" failed: No such file or directory (the destination's directory does not exist; --mkpath makes it)");
        }
        requireInside(realRoot, parent);
        return new Destination(target, named != null ? named : shown(root, target), directory, parent,
                directory ? List.of(FileNames.lastComponent(target)) : List.of(), realRoot, rootStatus, filterRoot);
    }

    /** Whether looking {@code target} up is refused: a directory on its way may not be searched. */
    private static boolean statDenied(Path target) {
        try {
            Files.readAttributes(target, BasicFileAttributes.class);
            return false;
        } catch (AccessDeniedException e) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** {@code path} or the nearest of its directories that exists, or null when none does. */
    private static Path nearestExisting(Path path) {
        Path existing = path;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        return existing;
    }

    /**
     * A pull's destination, as rsync's client takes it: made, and found unusable (a missing
     * directory on the way, a file where a directory is to be), only once the list holds an entry
     * to put there, which {@link #prepare} is called at. A pull of nothing (every source missing,
     * or left out by --ignore-missing-args or the filters) makes nothing and says nothing of it.
     *
     * @param directory as for {@link #of(Path, boolean, Path)}
     */
    public static Destination forPull(Path target, boolean directory, boolean mkpath) throws IOException {
        Destination destination;
        try {
            destination = of(target, directory, null, mkpath);
        } catch (RdcpException e) {
            destination = new Destination(target, target.toString(), directory, target, List.of(), null, null,
                    target.toAbsolutePath().normalize().toString());
            destination.problem = e;
        }
        destination.waitsForEntries = true;
        return destination;
    }

    /** Whether this destination is prepared at the list's first entry, not before the list: see {@link #forPull}. */
    public boolean waitsForEntries() {
        return waitsForEntries;
    }

    /** {@code path} as given, or with a root, within it: a daemon does not tell clients where it serves from. */
    private static String shown(Path root, Path path) {
        return root == null ? path.toString()
                : root.toAbsolutePath().normalize().relativize(path.toAbsolutePath().normalize()).toString();
    }

    /**
     * The directory the entries' names start from, as filter rules with rsync's '/' modifier see
     * it: its absolute path, or on a daemon its path beneath the served root.
     */
    String filterRoot() {
        return filterRoot;
    }

    /**
     * A directory {@code filterPath} names as {@link #filterRoot} names them (a parent scan's of
     * the filter rules): by its path, or on a daemon beneath the root's descriptor, symlinks on
     * the way followed while they stay beneath it.
     */
    DirectoryHandle openFilterDirectory(String filterPath) throws IOException {
        if (realRoot == null) {
            Path path = Path.of(filterPath);
            return DirectoryHandle.open(path, FileNames.absolute(path));
        }
        DirectoryHandle top = DirectoryHandle.open(realRoot, FileNames.absolute(realRoot));
        if (filterPath.equals("/")) {
            return top;
        }
        try (top) {
            return top.openDirectoryFollowing(filterPath.substring(1).getBytes(StandardCharsets.UTF_8));
        }
    }

    /** The destination as rsync's messages name it ("created directory DEST"). */
    public String shownTarget() {
        return shownTarget;
    }

    /**
     * Whether this is a daemon's served directory: a daemon never makes device files there, since
     * any client could otherwise give itself a raw disk or memory device in the module.
     */
    boolean isServed() {
        return root != null;
    }

    /**
     * True when {@code status} is of the daemon's root itself, whose owner and mode no client may
     * change: with -o as root, a client could otherwise give the served tree away.
     */
    boolean isServedRoot(FileStatus status) {
        return root != null && status.device() == root.device() && status.inode() == root.inode();
    }

    private static void requireInside(Path realRoot, Path directory) throws IOException {
        if (realRoot != null && !directory.toRealPath().startsWith(realRoot)) {
            throw new RdcpException(ExitCode.FILE_SELECTION, "path escapes the served directory");
        }
    }

    /**
     * Creates the missing directories of the way (not in a dry run), each beneath the one before,
     * and opens the directory entries go into: with a root, beneath the root's descriptor, no
     * symlink followed. Done once: a second call finds it done. A pull's destination that
     * {@link #forPull} found unusable fails here.
     */
    public void prepare(boolean dryRun) throws IOException {
        if (problem != null) {
            throw problem;
        }
        if (base != null || dryRun && !missing.isEmpty()) {
            return;
        }
        DirectoryHandle directory;
        try {
            directory = openExisting();
        } catch (AccessDeniedException e) {
            if (!missing.isEmpty()) {
                throw new RdcpException(ExitCode.FILE_IO, "mkdir \"" + shownTarget + "\" failed: "
                        + PathErrors.reason(e));
            }
            // As rsync's receiver, whose change_dir into it (for one file, into its directory) fails:
            // a selection error (3), not an I/O one.
            int slash = shownTarget.lastIndexOf('/');
            String entered = intoDirectory ? shownTarget : slash > 0 ? shownTarget.substring(0, slash) : ".";
            throw new RdcpException(ExitCode.FILE_SELECTION, "change_dir \"" + entered + "\" failed: "
                    + PathErrors.reason(e));
        }
        try {
            for (byte[] component : missing) {
                try {
                    directory.makeDirectory(component, 0777);
                } catch (FileAlreadyExistsException e) {
                    // Made meanwhile: opening it below tells whether it is a directory.
                } catch (IOException e) {
                    // As rsync's receiver: a directory it cannot make is an I/O error (11).
                    throw new RdcpException(ExitCode.FILE_IO, "mkdir \"" + shownTarget + "\" failed: "
                            + PathErrors.reason(e));
                }
                DirectoryHandle next;
                try {
                    next = directory.openDirectory(component);
                } catch (IOException e) {
                    Path there = directory.path().resolve(FileNames.display(component));
                    // A daemon's handles carry its real root's path, which its clients must not learn.
                    throw new RdcpException(ExitCode.FILE_SELECTION, (realRoot == null ? there
                            : realRoot.relativize(there)) + " exists and is not a directory");
                }
                directory.close();
                directory = next;
            }
        } catch (IOException e) {
            directory.close();
            throw e;
        }
        base = directory;
    }

    /** The deepest existing directory of the way: with a root, opened beneath the root's descriptor. */
    private DirectoryHandle openExisting() throws IOException {
        Path directory = existing.toAbsolutePath();
        if (realRoot == null) {
            return DirectoryHandle.open(directory, FileNames.absolute(directory));
        }
        byte[] top = FileNames.absolute(realRoot);
        byte[] real = FileNames.absolute(directory.toRealPath());
        // Checked when the destination was made; a swap since then must not be read as a prefix.
        byte[] inside = FileNames.beneath(top, real);
        if (inside == null) {
            throw new FileSystemException(directory.toString(), null, "is no longer beneath the served directory");
        }
        try (DirectoryHandle served = DirectoryHandle.open(realRoot, top)) {
            return served.openDirectory(inside);
        }
    }

    /**
     * rsync's note for the directories this destination made, or null when it made none:
     * "created directory DEST" for the operand's missing last level, and with {@code mkpath}
     * "created N directories for DIR", DIR the deepest of them (a file's directory, for a file).
     */
    String createdNote(boolean mkpath) {
        if (missing.isEmpty()) {
            return null;
        }
        if (!mkpath) {
            return intoDirectory ? "created directory " + shownTarget : null;
        }
        String made = shownTarget.replaceFirst("/+$", "");
        if (!intoDirectory) {
            made = made.substring(0, Math.max(0, made.lastIndexOf('/')));
        }
        return "created " + missing.size() + (missing.size() == 1 ? " directory" : " directories") + " for " + made;
    }

    /**
     * Whether entries go into a directory this destination made (the operand's missing last
     * level). Not one --mkpath made (outside a dry run): rsync makes those before the transfer,
     * so its generator finds DEST there and itemizes it as existing.
     */
    boolean madeItself() {
        return intoDirectory && !missing.isEmpty() && !(madeByMkpath && base != null);
    }

    /**
     * A reference directory (--link-dest and its kin) named {@code directory}, relative to the
     * directory entries go into as rsync resolves it. Without a root it is opened as named (links
     * followed, like the destination operand); with one, its components ('..' included) are
     * applied to where that directory lies beneath the root, an absolute name starting at the
     * root itself, and the result opened beneath the root's descriptor: a name that climbs above
     * the root is refused, and the kernel refuses any symlink or escape on the way.
     *
     * @param option the option that named it, for messages
     */
    DirectoryHandle openReference(String directory, String option) throws IOException {
        if (realRoot == null) {
            Path into = (intoDirectory ? target : target.toAbsolutePath().getParent()).toAbsolutePath();
            Path path = into.resolve(directory);
            return DirectoryHandle.open(path, FileNames.absolute(path));
        }
        try (DirectoryHandle served = DirectoryHandle.open(realRoot, FileNames.absolute(realRoot))) {
            return served.openDirectory(beneathRoot(directory, option));
        }
    }

    /**
     * A --backup-dir that is absolute or climbs with "..", made where missing and opened. A
     * client's own receiver takes it as rsync's does, from the destination's directory as typed;
     * a daemon beneath its root's descriptor, an absolute one from the root, never above it.
     */
    DirectoryHandle openBackupDirectory(String directory) throws IOException {
        DirectoryHandle from;
        byte[] name;
        if (realRoot == null) {
            Path path = backupPath(directory);
            Path existing = path;
            while (!Files.isDirectory(existing)) {
                existing = existing.getParent();
            }
            from = DirectoryHandle.open(existing, FileNames.absolute(existing));
            name = existing.relativize(path).toString().getBytes(StandardCharsets.UTF_8);
        } else {
            from = DirectoryHandle.open(realRoot, FileNames.absolute(realRoot));
            name = beneathRoot(directory, "--backup-dir");
        }
        if (name.length == 0 || (name.length == 1 && name[0] == '.')) {
            return from;
        }
        try (from) {
            Backups.makeDirectories(from, name);
            return from.openDirectory(name);
        }
    }

    /** A client's own receiver's --backup-dir outside the destination: from the destination's directory, as typed. */
    private Path backupPath(String directory) {
        return (intoDirectory ? target : target.toAbsolutePath().getParent()).toAbsolutePath().resolve(directory);
    }

    /**
     * Whether the --backup-dir {@code directory} is a directory now, for rsync's "backup_dir is
     * DIR" (else "(new) backup_dir is DIR"): found beneath the destination's descriptor, or outside
     * it where {@link #openBackupDirectory} finds it.
     */
    boolean isBackupDirectory(String directory) {
        byte[] name = directory.getBytes(StandardCharsets.UTF_8);
        try {
            if (!BackupRule.outsideDestination(name)) {
                return FileModes.type(base().status(name).mode()) == FileModes.S_IFDIR;
            }
            if (realRoot == null) {
                return Files.isDirectory(backupPath(directory));
            }
            try (DirectoryHandle served = DirectoryHandle.open(realRoot, FileNames.absolute(realRoot))) {
                return FileModes.type(served.status(beneathRoot(directory, "--backup-dir")).mode()) == FileModes.S_IFDIR;
            }
        } catch (IOException e) {
            // Missing, or not reachable as one: the first backup makes it, or fails with the reason.
            return false;
        }
    }

    /** With a root, refuses a --backup-dir that climbs above it, as {@link #requireInside(ReferenceDirectories)} does. */
    public void requireInside(BackupRule backup) throws IOException {
        if (realRoot != null && BackupRule.outsideDestination(backup.directory().getBytes(StandardCharsets.UTF_8))) {
            beneathRoot(backup.directory(), "--backup-dir");
        }
    }

    /**
     * With a root, refuses the first reference directory that climbs above it: a daemon checks
     * this before it accepts the transfer.
     */
    public void requireInside(ReferenceDirectories references) throws IOException {
        if (realRoot != null) {
            for (String directory : references.directories()) {
                beneathRoot(directory, references.kind().option());
            }
        }
    }

    /** With a root, refuses a --temp-dir that climbs above it, as {@link #requireInside(ReferenceDirectories)} does. */
    public void requireInside(ExtendedOptions extended) throws IOException {
        if (realRoot != null && extended.has(ExtendedOptions.TEMP_DIR)) {
            beneathRoot(extended.tempDirectory(), "--temp-dir");
        }
    }

    /** Reference directory {@code directory}'s name beneath the root: '.' and '..' applied, nothing above the root. */
    private byte[] beneathRoot(String directory, String option) throws IOException {
        List<String> components = new ArrayList<>();
        if (!directory.startsWith("/")) {
            for (Path component : realRoot.relativize(existing.toAbsolutePath().toRealPath())) {
                if (!component.toString().isEmpty()) {
                    components.add(component.toString());
                }
            }
            for (byte[] component : missing) {
                components.add(new String(component, StandardCharsets.UTF_8));
            }
        }
        for (String component : directory.split("/")) {
            if (component.equals("..")) {
                if (components.isEmpty()) {
                    throw new RdcpException(ExitCode.FILE_SELECTION, option + " " + directory
                            + " escapes the served directory");
                }
                components.remove(components.size() - 1);
            } else if (!component.isEmpty() && !component.equals(".")) {
                components.add(component);
            }
        }
        return (components.isEmpty() ? "." : String.join("/", components)).getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The directory names are resolved beneath. In a dry run whose destination directory does
     * not exist yet, nothing is there: every name is missing.
     */
    DirectoryHandle base() throws IOException {
        if (base == null || seesNothing) {
            throw new NoSuchFileException(target.toString());
        }
        return base;
    }

    /**
     * The receiving side of a local copy or of a copy over ssh, a server whose client shows what
     * it says: as rsync's such receiver prints a failure itself and sends its client the notes,
     * which print later, an entry's failure is told before its notes. A daemon, and a pull's
     * client, tell them as they come up, as rsync's.
     */
    public void tellFailuresFirst() {
        failuresFirst = true;
    }

    boolean failuresFirst() {
        return failuresFirst;
    }

    /**
     * A dry run, while {@code nothing}: the name being handled lies beneath a directory the run
     * would make where something else stands, so, as that directory would be new, every name is
     * missing ({@link #base} finds nothing), as rsync's dry run takes such a directory's contents.
     */
    void seeNothing(boolean nothing) {
        seesNothing = nothing;
    }

    @Override
    public void close() throws IOException {
        if (base != null) {
            base.close();
            base = null;
        }
    }

    public boolean intoDirectory() {
        return intoDirectory;
    }

    /** The final path of the entry named {@code name}, as a path name: for messages only, never to open. */
    Path resolve(byte[] name) throws IOException {
        byte[] local = name(name);
        if (!intoDirectory) {
            return target;
        }
        try {
            return FileNames.resolve(target, local);
        } catch (IllegalArgumentException e) {
            throw new RdcpException(ExitCode.PARTIAL, "cannot represent the name " + FileNames.display(name)
                    + " here: " + e.getMessage());
        }
    }

    /**
     * The name beneath {@link #base} of the entry named {@code name} (raw bytes, '/'-separated,
     * "." for the top), checked: nothing absolute, empty or "..".
     */
    public byte[] name(byte[] name) throws IOException {
        validate(name);
        if (!intoDirectory) {
            if (name.length == 1 && name[0] == '.') {
                throw new RdcpException(ExitCode.FILE_SELECTION, "cannot copy a directory onto the file " + shownTarget);
            }
            return FileNames.lastComponent(target);
        }
        return name;
    }

    /** A relative path of normal components, or "." alone: nothing that climbs out or is absolute. */
    static void validate(byte[] name) throws ProtocolException {
        if (name.length == 1 && name[0] == '.') {
            return;
        }
        int start = 0;
        for (int i = 0; i <= name.length; i++) {
            if (i < name.length && name[i] == 0) {
                throw invalid(name);
            }
            if (i == name.length || name[i] == '/') {
                int length = i - start;
                if (length == 0 || (length == 1 && name[start] == '.')
                        || (length == 2 && name[start] == '.' && name[start + 1] == '.')) {
                    throw invalid(name);
                }
                start = i + 1;
            }
        }
    }

    private static ProtocolException invalid(byte[] name) {
        return new ProtocolException("invalid file name from the peer: " + FileNames.display(name));
    }
}
