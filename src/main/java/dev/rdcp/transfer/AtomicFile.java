package dev.rdcp.transfer;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A file written under a hidden temporary name in its destination directory and renamed into
 * place only by {@link #commit}; {@link #close} without commit removes it, so the final name
 * never holds a partial file and an older file there stays untouched until the rename.
 */
final class AtomicFile implements AutoCloseable {

    private static final PosixFilePermission[] PERMISSION_BITS = {
        PosixFilePermission.OTHERS_EXECUTE, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_READ,
        PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_READ,
        PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_READ};

    private final Path target;
    private final Path temp;
    private final FileChannel channel;
    private boolean open = true;

    private AtomicFile(Path target, Path temp, FileChannel channel) {
        this.target = target;
        this.temp = temp;
        this.channel = channel;
    }

    static AtomicFile create(Path target) throws IOException {
        String suffix = Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);
        Path temp = target.resolveSibling("." + target.getFileName() + "." + suffix + ".rdcp-tmp");
        FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        return new AtomicFile(target, temp, channel);
    }

    Path temp() {
        return temp;
    }

    /** Writes all of {@code data} at {@code position}. */
    void write(ByteBuffer data, long position) throws IOException {
        long at = position;
        while (data.hasRemaining()) {
            at += channel.write(data, at);
        }
    }

    /** Applies the requested metadata and renames the file into place. */
    void commit(Integer mode, FileTime mtime) throws IOException {
        channel.close();
        if (mode != null) {
            Files.setPosixFilePermissions(temp, permissions(mode));
        }
        if (mtime != null) {
            Files.setLastModifiedTime(temp, mtime);
        }
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        open = false;
    }

    static Set<PosixFilePermission> permissions(int mode) {
        Set<PosixFilePermission> permissions = EnumSet.noneOf(PosixFilePermission.class);
        for (int bit = 0; bit < PERMISSION_BITS.length; bit++) {
            if ((mode & (1 << bit)) != 0) {
                permissions.add(PERMISSION_BITS[bit]);
            }
        }
        return permissions;
    }

    /** Discards the temporary file unless it was committed. */
    @Override
    public void close() throws IOException {
        if (!open) {
            return;
        }
        open = false;
        try {
            channel.close();
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
