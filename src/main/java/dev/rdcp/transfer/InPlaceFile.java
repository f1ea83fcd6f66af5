package dev.rdcp.transfer;

import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.posix.FileHandle;
import dev.rdcp.posix.FileStatus;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;

/**
 * rsync's --inplace: the destination file itself, opened (or created) under its final name
 * beneath its directory's descriptor, never through a symlink, and written where the data
 * goes: other hard links to it see each write as it happens. {@link #commit} cuts it to the
 * file's size and applies the metadata; a failed transfer leaves it as far as it was written
 * (old bytes beyond), as rsync does.
 */
final class InPlaceFile implements ReceivingFile {

    private final DirectoryHandle directory;
    private final byte[] leaf;
    private final FileHandle file;
    private final long size;
    private final FileWrites writes;
    private boolean open = true;
    private static final ByteBuffer ZEROS = ByteBuffer.allocateDirect(64 * 1024);
    private static final int OWNER_WRITE = 0200;

    private InPlaceFile(DirectoryHandle directory, byte[] leaf, FileHandle file, long size, FileWrites writes) {
        this.writes = writes;
        this.directory = directory;
        this.leaf = leaf;
        this.file = file;
        this.size = size;
    }

    /** The file {@code name} beneath {@code base}, to hold {@code size} bytes once complete, written as {@code writes} says. */
    static InPlaceFile open(DirectoryHandle base, byte[] name, long size, FileWrites writes) throws IOException {
        DirectoryHandle directory = base.lendDirectory(FileNames.parent(name));
        try {
            byte[] leaf = FileNames.leaf(name);
            FileHandle file = openForWriting(directory, leaf);
            if (FileModes.type(file.status().mode()) != FileModes.S_IFREG) {
                file.close();
                throw new FileSystemException(directory.path().resolve(FileNames.display(leaf)).toString(), null,
                        "not a regular file: cannot write it in place");
            }
            return new InPlaceFile(directory, leaf, file, size, writes);
        } catch (IOException | RuntimeException e) {
            directory.close();
            throw e;
        }
    }

    /**
     * {@code leaf} opened (or made) for writing. A regular file whose mode keeps its owner from
     * writing is opened as rsync's receiver opens it: see {@link #openedWhileWritable}.
     */
    private static FileHandle openForWriting(DirectoryHandle directory, byte[] leaf) throws IOException {
        try {
            return directory.create(leaf, false, 0666);
        } catch (AccessDeniedException denied) {
            FileHandle file = openedWhileWritable(directory, leaf);
            if (file == null) {
                throw denied;
            }
            return file;
        }
    }

    /**
     * {@code leaf}, a regular file without its owner's write bit, opened for writing with that bit
     * added for the open and its mode given back at once, so that neither a failed transfer nor an
     * abort leaves it writable; null where that cannot be done (another's file, one writable
     * already, one replaced meanwhile), and the open's own refusal stands.
     */
    private static FileHandle openedWhileWritable(DirectoryHandle directory, byte[] leaf) {
        try (FileHandle node = directory.openNode(leaf)) {
            FileStatus before = node.status();
            int mode = before.mode() & 07777;
            if (FileModes.type(before.mode()) != FileModes.S_IFREG || (mode & OWNER_WRITE) != 0) {
                return null;
            }
            node.setMode(mode | OWNER_WRITE);
            FileHandle file;
            try {
                file = directory.create(leaf, false, 0666);
            } catch (IOException e) {
                node.setMode(mode);
                return null;
            }
            try {
                node.setMode(mode);
                FileStatus opened = file.status();
                if (opened.inode() == before.inode() && opened.device() == before.device()) {
                    return file;
                }
            } catch (IOException e) {
                // Not given back its mode, or not the file looked at: not written.
            }
            file.close();
            return null;
        } catch (IOException e) {
            return null;
        }
    }

    /** Only beyond what the file holds already, as rsync's --preallocate with --inplace. */
    @Override
    public void preallocate(long size) throws IOException {
        writes.preallocate(file, size, file.status().size());
    }

    @Override
    public void write(ByteBuffer data, long position) throws IOException {
        file.write(data, position);
    }

    /** Older bytes may be there: a hole is punched, or where the file system cannot, zeros are written. */
    @Override
    public void zeros(long position, long length) throws IOException {
        if (file.punchHole(position, length)) {
            return;
        }
        for (long done = 0; done < length; ) {
            ByteBuffer zeros = ZEROS.duplicate().limit((int) Math.min(ZEROS.capacity(), length - done));
            file.write(zeros, position + done);
            done += zeros.limit();
        }
    }

    @Override
    public void commit(Finisher finisher) throws IOException {
        file.truncate(size);
        finisher.apply(file);
        writes.finish(file);
        close();
    }

    @Override
    public Path temp() {
        return FileNames.resolve(directory.path(), leaf);
    }

    @Override
    public void close() throws IOException {
        if (open) {
            open = false;
            // What was written stays: the final name is the file.
            try (directory) {
                file.close();
            }
        }
    }
}
