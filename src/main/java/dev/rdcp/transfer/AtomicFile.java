package dev.rdcp.transfer;

import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.posix.FileHandle;
import dev.rdcp.posix.FileStatus;
import dev.rdcp.transport.ResourceStack;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A file written under a hidden temporary name in its destination directory and renamed into
 * place only by {@link #commit}, so the final name never holds a partial file and an older file
 * there stays untouched until the rename. Its directory is held open from the first byte to the
 * rename, and data, mode, owner and times go through the file's own descriptor: a directory
 * swapped for a symlink meanwhile, or a symlink planted at the temporary name, is never written
 * or changed through. Closed without commit, a plain temporary file is removed; a --partial one
 * ({@code .NAME.rdcp-partial}, or {@code DIR/NAME} with --partial-dir=DIR) is kept, cut to the
 * bytes written, for a later run to resume. With --temp-dir the temporary name is in that
 * directory instead, and the file is renamed from there; where that rename would cross mounts,
 * the file is copied to a temporary name beside its final one and renamed from there, so the
 * final name still never holds a partial file. With --temp-dir and --partial, as rsync, the file
 * is written in that directory too, starting with a copy of the prefix it resumes from; closed
 * without commit it is moved (across mounts, copied the same way) to its partial name, and once
 * it is in place the partial file goes.
 */
final class AtomicFile implements ReceivingFile {

    static final String TEMP_SUFFIX = ".rdcp-tmp";
    static final String PARTIAL_SUFFIX = ".rdcp-partial";
    /** Bytes of the final name kept in a temporary name: the rest is the random or partial suffix. */
    private static final int MAX_KEPT_NAME_BYTES = 200;
    /** A partial file keeps the metadata it was created with, as without --temp-dir. */
    private static final Finisher NO_METADATA = kept -> {
    };

    private final DirectoryHandle directory;
    private final byte[] finalName;
    /** The directory {@link #tempName} is in: {@link #directory}, or the --temp-dir. */
    private final DirectoryHandle tempDirectory;
    /** The --temp-dir, whose buffer a copy across mounts goes through; null without one. */
    private final TempDirectory temp;
    private final byte[] tempName;
    private final FileHandle file;
    private final boolean keepOnFailure;
    private final FileWrites writes;
    /** The --partial-dir the file was kept in, removed once empty after the rename; null for none. */
    private byte[] partialDirectory;
    /**
     * --partial with --temp-dir: the partial name beneath {@link #directory} the file is moved to
     * if it is not committed, and removed from once it is; null otherwise.
     */
    private byte[] keptName;
    /** Bytes copied from the partial file resumed: where no more came, that file stays as it was. */
    private long resumed;
    /** The logical end: bytes written, and zeros left as a hole ({@link #zeros}). */
    private long written;
    /** The end of the bytes actually written: a hole at the end needs the file extended. */
    private long extent;
    /** Cut to its length and closed, its metadata on, by this status: what is left is the rename. Null before. */
    private FileStatus finished;
    /** --preallocate with -S: blocks are allocated at full size, so zeros must be punched out. */
    private boolean allocated;
    private boolean open = true;

    private AtomicFile(DirectoryHandle directory, byte[] finalName, byte[] tempName, FileHandle file,
            boolean keepOnFailure, long written, FileWrites writes) {
        this(directory, finalName, directory, null, tempName, file, keepOnFailure, written, writes);
    }

    private AtomicFile(DirectoryHandle directory, byte[] finalName, DirectoryHandle tempDirectory, TempDirectory temp,
            byte[] tempName, FileHandle file, boolean keepOnFailure, long written, FileWrites writes) {
        this.writes = writes;
        this.directory = directory;
        this.tempDirectory = tempDirectory;
        this.temp = temp;
        this.finalName = finalName;
        this.tempName = tempName;
        this.file = file;
        this.keepOnFailure = keepOnFailure;
        this.written = written;
    }

    /** A new temporary file for {@code name}, beneath {@code base}, written as {@code writes} says. */
    static AtomicFile create(DirectoryHandle base, byte[] name, FileWrites writes) throws IOException {
        return create(base, name, null, writes);
    }

    /**
     * As {@link #create(DirectoryHandle, byte[], FileWrites)}, the temporary file in {@code temp}'s
     * directory where it has one (--temp-dir), else beside the file.
     */
    static AtomicFile create(DirectoryHandle base, byte[] name, TempDirectory temp, FileWrites writes)
            throws IOException {
        DirectoryHandle directory = base.lendDirectory(FileNames.parent(name));
        try {
            byte[] leaf = FileNames.leaf(name);
            if (temp == null || temp.directory() == null) {
                return temporary(directory, leaf, writes);
            }
            byte[] tempName = tempName(leaf);
            return new AtomicFile(directory, leaf, temp.directory(), temp, tempName,
                    temp.directory().create(tempName, true, 0666), false, 0, writes);
        } catch (IOException | RuntimeException e) {
            directory.close();
            throw e;
        }
    }

    private static AtomicFile temporary(DirectoryHandle directory, byte[] leaf, FileWrites writes) throws IOException {
        byte[] temp = tempName(leaf);
        return new AtomicFile(directory, leaf, temp, directory.create(temp, true, 0666), false, 0, writes);
    }

    /**
     * The --partial file of {@code name}, keeping its first {@code keep} bytes (0: start over), in
     * {@code partialDirectory} (relative to the file's directory; empty: beside the file), written
     * as {@code writes} says. As rsync, only the last component of that directory is made,
     * private to its owner. Where that directory cannot hold the file (its parent missing, a
     * symlink, the file's own name), the file is written as without --partial, and not kept if it
     * fails, as rsync writes it.
     */
    static AtomicFile partial(DirectoryHandle base, byte[] name, long keep, byte[] partialDirectory, FileWrites writes)
            throws IOException {
        return partial(base, name, keep, partialDirectory, null, writes);
    }

    /**
     * As {@link #partial(DirectoryHandle, byte[], long, byte[], FileWrites)}; where {@code temp}
     * has a directory (--temp-dir), the file is written there, as {@link #resumedInTempDirectory}.
     */
    static AtomicFile partial(DirectoryHandle base, byte[] name, long keep, byte[] partialDirectory, TempDirectory temp,
            FileWrites writes) throws IOException {
        DirectoryHandle directory = base.lendDirectory(FileNames.parent(name));
        try {
            byte[] leaf = FileNames.leaf(name);
            if (temp != null && temp.directory() != null) {
                return resumedInTempDirectory(directory, leaf, keep, partialDirectory, temp, writes);
            }
            byte[] kept = partialLeaf(leaf, partialDirectory);
            FileHandle file;
            try {
                file = partialDirectory.length == 0 ? directory.create(kept, false, 0666)
                        : createInOwnDirectory(directory, partialDirectory, leaf, kept);
            } catch (IOException e) {
                if (keep > 0 || partialDirectory.length == 0) {
                    throw e;
                }
                // As rsync, which needs DIR only to keep an interrupted file: one it cannot be in is written as any other.
                return temporary(directory, leaf, writes);
            }
            try {
                file.truncate(keep);
            } catch (IOException e) {
                file.close();
                throw e;
            }
            AtomicFile partial = new AtomicFile(directory, leaf, kept, file, true, keep, writes);
            partial.extent = keep;
            partial.partialDirectory = partialDirectory.length > 0 ? partialDirectory : null;
            return partial;
        } catch (IOException | RuntimeException e) {
            directory.close();
            throw e;
        }
    }

    /**
     * --partial with --temp-dir, as rsync: a new file in the temp-dir, its first {@code keep}
     * bytes copied from the partial file of {@code leaf} (which stays until this one is in place
     * or takes its name), the rest received after them. The partial directory is made only if
     * the file is to be kept there.
     */
    private static AtomicFile resumedInTempDirectory(DirectoryHandle directory, byte[] leaf, long keep,
            byte[] partialDirectory, TempDirectory temp, FileWrites writes) throws IOException {
        byte[] tempName = tempName(leaf);
        AtomicFile file = new AtomicFile(directory, leaf, temp.directory(), temp, tempName,
                temp.directory().create(tempName, true, 0666), true, 0, writes);
        file.keptName = partialLeaf(leaf, partialDirectory);
        file.partialDirectory = partialDirectory.length > 0 ? partialDirectory : null;
        try {
            if (keep > 0) {
                file.copyResumed(keep);
            }
        } catch (IOException | RuntimeException e) {
            file.removeTemp(e);
            ResourceStack.closeAfter(file.file, e);
            throw e;
        }
        return file;
    }

    /** The first {@code keep} bytes of the partial file, written as the sender's pieces are (-S's zeros as holes). */
    private void copyResumed(long keep) throws IOException {
        long copied;
        try (FileHandle partial = directory.openRead(keptName)) {
            copied = temp.copyResumed(partial, keep, writes.sparse()
                    ? (data, position) -> SparseWrites.write(this, data, position) : this::write);
        }
        if (copied != keep) {
            throw new FileSystemException(FileNames.display(keptName), null, "was cut short before it was resumed from");
        }
        resumed = keep;
    }

    /** Removes the file from the temp-dir after {@code failure}, which tells of a failure to. */
    private void removeTemp(Exception failure) {
        try {
            tempDirectory.delete(tempName, false);
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
    }

    /** The --partial name of {@code name}: beside it, or in {@code partialDirectory} beside it. */
    static byte[] partialName(byte[] name, byte[] partialDirectory) {
        return FileNames.join(FileNames.parent(name), partialLeaf(FileNames.leaf(name), partialDirectory));
    }

    private static byte[] firstComponent(byte[] name) {
        int slash = 0;
        while (slash < name.length && name[slash] != '/') {
            slash++;
        }
        return Arrays.copyOf(name, slash);
    }

    private static byte[] partialLeaf(byte[] leaf, byte[] partialDirectory) {
        return partialDirectory.length == 0 ? sibling(leaf, PARTIAL_SUFFIX) : FileNames.join(partialDirectory, leaf);
    }

    /**
     * The --partial-dir file {@code temp} of {@code leaf}, in {@code partialDirectory}; failing
     * where that cannot be made (its parent missing), is not a directory (a symlink only -K
     * follows, beneath the destination), or is the file's own name.
     */
    private static FileHandle createInOwnDirectory(DirectoryHandle directory, byte[] partialDirectory, byte[] leaf,
            byte[] temp) throws IOException {
        makePartialDirectory(directory, partialDirectory, leaf);
        return directory.create(temp, false, 0666);
    }

    /** The --partial-dir {@code partialDirectory} of {@code leaf}, made as rsync makes it; failing where it cannot be. */
    private static void makePartialDirectory(DirectoryHandle directory, byte[] partialDirectory, byte[] leaf)
            throws IOException {
        if (Arrays.equals(firstComponent(partialDirectory), leaf)) {
            throw new FileAlreadyExistsException(FileNames.display(leaf), null, "the file has the partial directory's name");
        }
        makeOwnDirectory(directory, partialDirectory);
    }

    /** A --partial-dir or --delay-updates directory: as rsync, only its last component is made, 0700. */
    private static void makeOwnDirectory(DirectoryHandle directory, byte[] name) throws IOException {
        try {
            directory.makeDirectory(name, 0700);
        } catch (FileAlreadyExistsException e) {
            // Kept from an earlier run, or made for another file of this directory.
        }
    }

    /** A fresh hidden name beside {@code name} (a last component), for writing before the rename. */
    static byte[] tempName(byte[] leaf) {
        return sibling(leaf, "." + Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36)
                + TEMP_SUFFIX);
    }

    /**
     * ".NAME" + {@code suffix}, from the name's raw bytes (its string form would merge names that
     * differ only in bytes that are not UTF-8). A long name keeps its start and a hash of the
     * whole: a file name may have at most 255 bytes.
     */
    private static byte[] sibling(byte[] name, String suffix) {
        byte[] kept = name.length <= MAX_KEPT_NAME_BYTES ? name : Arrays.copyOf(name, MAX_KEPT_NAME_BYTES / 4);
        ByteArrayOutputStream sibling = new ByteArrayOutputStream(kept.length + suffix.length() + 12);
        sibling.write('.');
        sibling.writeBytes(kept);
        if (kept != name) {
            sibling.writeBytes(("~" + Integer.toHexString(Arrays.hashCode(name))).getBytes(StandardCharsets.US_ASCII));
        }
        sibling.writeBytes(suffix.getBytes(StandardCharsets.US_ASCII));
        return sibling.toByteArray();
    }

    /** True for names rdcp itself writes while receiving; --delete leaves them alone. */
    static boolean isOwnTemporary(String name) {
        return name.startsWith(".") && (name.endsWith(TEMP_SUFFIX) || name.endsWith(PARTIAL_SUFFIX));
    }

    /** Where the temporary file is, for messages. */
    @Override
    public Path temp() {
        return FileNames.resolve(tempDirectory.path(), tempName);
    }

    /** Writes all of {@code data} at {@code position}. */
    @Override
    public void write(ByteBuffer data, long position) throws IOException {
        int length = data.remaining();
        file.write(data, position);
        written = Math.max(written, position + length);
        extent = Math.max(extent, position + length);
    }

    @Override
    public void preallocate(long size) throws IOException {
        allocated = writes.preallocate(file, size, 0) && writes.sparse();
    }

    /**
     * The temporary file is new (a --partial one cut to its kept bytes): what is not written reads
     * as zeros; blocks preallocated there are punched out.
     */
    @Override
    public void zeros(long position, long length) throws IOException {
        if (allocated) {
            file.punchHole(position, length);
        }
        written = Math.max(written, position + length);
    }

    /**
     * Applies the metadata through the descriptor and renames the file into place, within the
     * directory it was created in: only if the temporary name still holds this file, so a file
     * planted there in the meantime is never passed off as the one received.
     */
    @Override
    public void commit(Finisher finisher) throws IOException {
        moveInto(finishData(finisher), finalName, finisher);
        try (directory) {
            dropKept(finalName);
            if (partialDirectory != null) {
                removeIfEmpty(partialDirectory);
            }
        }
    }

    /**
     * --delay-updates: as {@link #commit}, but the file goes under its final name into
     * {@code holdingDirectory} beside that name (only its last component is made, private to its
     * owner), for {@link DelayedUpdates} to rename into place at the end. Returns the file's status,
     * by which it is known there; {@link UnusableHoldingDirectory} where that directory cannot be made.
     */
    FileStatus hold(byte[] holdingDirectory, Finisher finisher) throws IOException {
        FileStatus mine = finishData(finisher);
        try {
            makeHoldingDirectory(directory, holdingDirectory);
        } catch (IOException e) {
            throw new UnusableHoldingDirectory(e);
        }
        byte[] target = FileNames.join(holdingDirectory, finalName);
        FileStatus held = moveInto(mine, target, finisher);
        try (directory) {
            dropKept(target);
        }
        return held;
    }

    /**
     * --partial with --temp-dir: the file is whole under {@code target}, so the partial file it
     * resumed from (or one too short to resume from) goes, unless {@code target} is that name
     * (--delay-updates holding it in the --partial-dir).
     */
    private void dropKept(byte[] target) {
        if (keptName == null || Arrays.equals(keptName, target)) {
            return;
        }
        try {
            directory.delete(keptName, false);
        } catch (IOException e) {
            // None there, the usual case; or not a file, which is not this file's partial data either.
        }
    }

    /**
     * Renames the finished temporary file, {@code mine}, to {@code target} beneath the file's
     * directory; from a --temp-dir on another mount, copies it there. Returns the status of what
     * {@code target} now holds.
     */
    private FileStatus moveInto(FileStatus mine, byte[] target, Finisher finisher) throws IOException {
        FileStatus moved = mine;
        if (tempDirectory == directory) {
            directory.rename(tempName, target);
        } else if (!directory.renameFrom(tempDirectory, tempName, target)) {
            moved = copyAcross(mine, target, finisher);
        }
        open = false;
        return moved;
    }

    /**
     * --temp-dir on another mount than the file's directory: the finished temporary file, known
     * by {@code mine}, is copied to a fresh temporary name beside {@code target} (its name beneath
     * the file's directory), given its metadata again and renamed to {@code target}; the one in
     * the --temp-dir is removed. Returns the copy's status.
     */
    private FileStatus copyAcross(FileStatus mine, byte[] target, Finisher finisher) throws IOException {
        byte[] besideName = FileNames.join(FileNames.parent(target), tempName(finalName));
        FileStatus copied;
        try (FileHandle from = tempDirectory.openRead(tempName)) {
            FileStatus opened = from.status();
            if (opened.device() != mine.device() || opened.inode() != mine.inode()) {
                throw new FileSystemException(temp().toString(), null, "was replaced before it was copied into place");
            }
            FileHandle to = directory.create(besideName, true, 0666);
            try (to) {
                if (temp.copy(from, mine.size(), to::write) != mine.size()) {
                    throw new FileSystemException(temp().toString(), null, "was cut short before it was copied into place");
                }
                finisher.apply(to);
                writes.finish(to);
                copied = to.status();
                directory.rename(besideName, target);
            } catch (IOException | RuntimeException e) {
                removeCopy(besideName, e);
                throw e;
            }
        }
        // Not before: where the copy fails, close() removes the temporary file as any other.
        tempDirectory.delete(tempName, false);
        return copied;
    }

    /** A copy across mounts that failed: its temporary name beside the file goes, unless the rename took it. */
    private void removeCopy(byte[] besideName, Exception failure) {
        try {
            directory.delete(besideName, false);
        } catch (NoSuchFileException e) {
            // Never made, or already renamed into place.
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
    }

    /** --delay-updates: the holding directory beside the file could not be made, for {@link #getCause()}. */
    static final class UnusableHoldingDirectory extends IOException {

        private static final long serialVersionUID = 1L;

        UnusableHoldingDirectory(IOException cause) {
            super(cause);
        }
    }

    /**
     * As rsync's handle_partial_dir(): what is not a directory where the holding directory goes
     * (a symlink too, never followed) is removed before the directory is made.
     */
    private static void makeHoldingDirectory(DirectoryHandle directory, byte[] name) throws IOException {
        FileStatus there;
        try {
            there = directory.status(name);
        } catch (NoSuchFileException e) {
            there = null;
        }
        if (there != null && FileModes.type(there.mode()) != FileModes.S_IFDIR) {
            directory.delete(name, false);
        }
        makeOwnDirectory(directory, name);
    }

    /** Cuts the file to its length, applies the metadata and closes it, once its temporary name is checked to hold it. */
    private FileStatus finishData(Finisher finisher) throws IOException {
        if (extent < written) {
            file.truncate(written);
        }
        finisher.apply(file);
        writes.finish(file);
        FileStatus mine = file.status();
        FileStatus named = tempDirectory.status(tempName);
        if (named.device() != mine.device() || named.inode() != mine.inode()) {
            throw new FileSystemException(directory.path().toString(), null,
                    "its temporary file " + temp() + " was replaced while it was written");
        }
        file.close();
        finished = mine;
        return mine;
    }

    /** As rsync, a --partial-dir left empty goes; one still holding other files stays. */
    private void removeIfEmpty(byte[] partialDirectory) {
        try {
            directory.delete(partialDirectory, true);
        } catch (IOException e) {
            // Not empty, or gone already: either way nothing of this file is left in it.
        }
    }

    /** Discards the temporary file unless it was committed (a --partial file is kept). */
    @Override
    public void close() throws IOException {
        if (!open) {
            return;
        }
        if (keptName != null) {
            keepUnderPartialName();
            return;
        }
        open = false;
        try (directory; file) {
            if (keepOnFailure) {
                if (finished == null) {
                    file.truncate(written);
                }
            } else {
                tempDirectory.delete(tempName, false);
            }
        }
    }

    /**
     * --partial with --temp-dir, the file not committed: as rsync, it goes to its partial name
     * (the partial directory made for it), replacing the partial file it resumed from, and
     * nothing stays in the temp-dir. Across mounts it is copied to a temporary name there and
     * renamed, so a copy cut short never holds the partial name. Where nothing came beyond the
     * prefix it resumed from, or the partial directory cannot be made, it is discarded, as rsync
     * discards it, and the partial file stays as it was.
     */
    private void keepUnderPartialName() throws IOException {
        open = false;
        try (directory; file) {
            if (written <= resumed || !canBeKept()) {
                tempDirectory.delete(tempName, false);
                return;
            }
            try {
                FileStatus mine = finished;
                if (mine == null) {
                    file.truncate(written);
                    mine = file.status();
                }
                moveInto(mine, keptName, NO_METADATA);
            } catch (IOException | RuntimeException e) {
                removeTemp(e);
                throw e;
            }
        }
    }

    /** Whether the partial name can hold the file: with --partial-dir, once that directory is made. */
    private boolean canBeKept() {
        if (partialDirectory == null) {
            return true;
        }
        try {
            makePartialDirectory(directory, partialDirectory, finalName);
            return true;
        } catch (IOException e) {
            // As rsync, which keeps an interrupted file only where its partial directory can be.
            return false;
        }
    }
}
