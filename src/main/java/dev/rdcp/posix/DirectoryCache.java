package dev.rdcp.posix;

import dev.rdcp.posix.jna.LibC;
import dev.rdcp.posix.jna.RdcpPosix;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Descriptors of the subdirectories a {@link DirectoryHandle}'s names lie in, kept open across the
 * entries of a directory so each entry does not open and close its parent again. Each is opened
 * beneath the handle's own descriptor the same way as any name (no symlink, no "..", never by a
 * path string), so it names a directory that was inside when it was opened, and it is used only
 * with single components. The least recently used is closed beyond {@link #MAX_OPEN}, so a peer
 * cannot make us hold more; one lent out ({@link #pin}) is closed only when it is given back.
 * Not thread-safe: one session's thread uses it.
 */
final class DirectoryCache implements AutoCloseable {

    /** Enough for a tree walked in list order, which finishes one directory before the next. */
    static final int MAX_OPEN = 64;

    /** One open directory; while pinned it is not closed, even when dropped from the cache. */
    static final class Entry {
        private final String key;
        private final int fd;
        private int pins;
        private boolean dropped;

        private Entry(String key, int fd) {
            this.key = key;
            this.fd = fd;
        }

        int fd() {
            return fd;
        }
    }

    private final Map<String, Entry> open = new LinkedHashMap<>(16, 0.75f, true);
    private boolean closed;
    /** -K: a directory is opened through the symlinks on its way that stay beneath the top. */
    private boolean followLinks;
    private int lastError;

    private static String key(byte[] directory) {
        return new String(directory, StandardCharsets.ISO_8859_1);
    }

    /**
     * The descriptor of {@code directory} (a relative name of one or more components) beneath
     * {@code top}, opened on first use; -errno if it cannot be opened there.
     */
    int descriptor(int top, byte[] directory) {
        Entry entry = entry(top, directory);
        return entry == null ? lastError : entry.fd;
    }

    private Entry entry(int top, byte[] directory) {
        if (closed) {
            throw new IllegalStateException("directory cache is closed");
        }
        String key = key(directory);
        Entry entry = open.get(key);
        if (entry != null) {
            return entry;
        }
        int flags = LibC.O_PATH | LibC.O_DIRECTORY;
        byte[] name = CStrings.of(directory);
        int fd = followLinks && !DirectoryHandle.walkOnly ? RdcpPosix.rdcp_open_following(top, name, flags)
                : RdcpPosix.rdcp_open_beneath(top, name, flags, 0, DirectoryHandle.walkOnly ? 1 : 0);
        if (fd < 0) {
            lastError = fd;
            return null;
        }
        entry = new Entry(key, fd);
        open.put(key, entry);
        evictBeyondLimit();
        return entry;
    }

    /** As {@link #descriptor}, and kept open until {@link #unpin}: null (with {@link #lastError()}) on failure. */
    Entry pin(int top, byte[] directory) {
        Entry entry = entry(top, directory);
        if (entry != null) {
            entry.pins++;
        }
        return entry;
    }

    /** From now on, directories are opened as {@link #followLinks} says; those open now were opened beneath without any. */
    void followLinks() {
        followLinks = true;
    }

    /** -errno of the last failed {@link #pin}. */
    int lastError() {
        return lastError;
    }

    void unpin(Entry entry) {
        entry.pins--;
        if (entry.pins == 0 && entry.dropped) {
            LibC.close(entry.fd);
        }
    }

    private void evictBeyondLimit() {
        Iterator<Entry> eldestFirst = open.values().iterator();
        while (open.size() > MAX_OPEN && eldestFirst.hasNext()) {
            Entry entry = eldestFirst.next();
            if (entry.pins == 0) {
                eldestFirst.remove();
                drop(entry);
            }
        }
    }

    private static void drop(Entry entry) {
        entry.dropped = true;
        if (entry.pins == 0) {
            LibC.close(entry.fd);
        }
    }

    /**
     * {@code name} and everything beneath it were removed, renamed or replaced through us: their
     * descriptors no longer name what the names do.
     */
    void invalidate(byte[] name) {
        if (open.isEmpty()) {
            return;
        }
        String key = key(name);
        String below = key + "/";
        Iterator<Entry> entries = open.values().iterator();
        while (entries.hasNext()) {
            Entry entry = entries.next();
            if (entry.key.equals(key) || entry.key.startsWith(below)) {
                entries.remove();
                drop(entry);
            }
        }
    }

    /** Number of directories held open. */
    int size() {
        return open.size();
    }

    /** Closes every directory, the most recently used first; pinned ones when given back. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        List<Entry> entries = new ArrayList<>(open.values());
        open.clear();
        for (int i = entries.size() - 1; i >= 0; i--) {
            drop(entries.get(i));
        }
    }
}
