package dev.rdcp.transfer;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A file written under a hidden temporary name in its destination directory and renamed into
 * place only by {@link #commit}, so the final name never holds a partial file and an older file
 * there stays untouched until the rename. Closed without commit, a plain temporary file is
 * removed; a --partial one ({@code .NAME.rdcp-partial}) is kept, cut to the bytes written, for a
 * later run to resume.
 */
final class AtomicFile implements AutoCloseable {

    static final String TEMP_SUFFIX = ".rdcp-tmp";
    static final String PARTIAL_SUFFIX = ".rdcp-partial";
    /** Bytes of the final name kept in a temporary name: the rest is the random or partial suffix. */
    private static final int MAX_KEPT_NAME_BYTES = 200;

    /** Applies metadata to the finished temporary file before it is renamed. */
    @FunctionalInterface
    interface Finisher {
        void apply(Path temp) throws IOException;
    }

    private final Path target;
    private final Path temp;
    private final FileChannel channel;
    private final boolean keepOnFailure;
    private long written;
    private boolean open = true;

    private AtomicFile(Path target, Path temp, FileChannel channel, boolean keepOnFailure, long written) {
        this.target = target;
        this.temp = temp;
        this.channel = channel;
        this.keepOnFailure = keepOnFailure;
        this.written = written;
    }

    static AtomicFile create(Path target) throws IOException {
        Path temp = tempSibling(target);
        FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        return new AtomicFile(target, temp, channel, false, 0);
    }

    /** The --partial file of {@code target}, keeping its first {@code keep} bytes (0: start over). */
    static AtomicFile partial(Path target, long keep) throws IOException {
        Path temp = partialPath(target);
        // Never through a symlink: the peer could have planted one under this name.
        FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS);
        try {
            channel.truncate(keep);
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        return new AtomicFile(target, temp, channel, true, keep);
    }

    static Path partialPath(Path target) {
        return sibling(target, PARTIAL_SUFFIX);
    }

    /** A fresh hidden name beside {@code target}, for writing before the rename. */
    static Path tempSibling(Path target) {
        return sibling(target, "." + Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36)
                + TEMP_SUFFIX);
    }

    /**
     * ".NAME" + {@code suffix} beside {@code target}, built from the name's raw bytes (its string
     * form would merge names that differ only in bytes that are not UTF-8). A long name keeps its
     * start and a hash of the whole: a file name may have at most 255 bytes.
     */
    private static Path sibling(Path target, String suffix) {
        byte[] name = FileNames.lastComponent(target);
        byte[] kept = name.length <= MAX_KEPT_NAME_BYTES ? name : Arrays.copyOf(name, MAX_KEPT_NAME_BYTES / 4);
        ByteArrayOutputStream sibling = new ByteArrayOutputStream(kept.length + suffix.length() + 12);
        sibling.write('.');
        sibling.writeBytes(kept);
        if (kept != name) {
            sibling.writeBytes(("~" + Integer.toHexString(Arrays.hashCode(name))).getBytes(StandardCharsets.US_ASCII));
        }
        sibling.writeBytes(suffix.getBytes(StandardCharsets.US_ASCII));
        // A bare relative name ("rdcp host::f copy") has no parent of its own.
        return FileNames.resolve(target.toAbsolutePath().getParent(), sibling.toByteArray());
    }

    /** True for names rdcp itself writes while receiving; --delete leaves them alone. */
    static boolean isOwnTemporary(String name) {
        return name.startsWith(".") && (name.endsWith(TEMP_SUFFIX) || name.endsWith(PARTIAL_SUFFIX));
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
        written = Math.max(written, at);
    }

    /** Applies the metadata and renames the file into place. */
    void commit(Finisher finisher) throws IOException {
        channel.close();
        finisher.apply(temp);
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        open = false;
    }

    /** Discards the temporary file unless it was committed (a --partial file is kept). */
    @Override
    public void close() throws IOException {
        if (!open) {
            return;
        }
        open = false;
        if (keepOnFailure) {
            try (channel) {
                channel.truncate(written);
            }
            return;
        }
        try {
            channel.close();
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
