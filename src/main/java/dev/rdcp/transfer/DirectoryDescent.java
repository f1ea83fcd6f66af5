package dev.rdcp.transfer;

import dev.rdcp.posix.DirectoryHandle;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The way down from one open directory into a tree, one name a level, for walks that must not
 * recurse (a destination tree thousands of levels deep overflowed the stack): each level is
 * opened beneath the one above it, never by a string path. Only the deepest
 * {@link #MAX_OPEN} levels keep their descriptors; a level above them is opened again, name by
 * name from the top, when the walk climbs back to it. So a tree of any depth holds a bounded
 * number of descriptors and one name per level.
 */
final class DirectoryDescent implements AutoCloseable {

    /** Descriptors held at most: climbing a chain of depth D opens about D * D / (2 * MAX_OPEN) directories again. */
    static final int MAX_OPEN = 128;

    private final DirectoryHandle top;
    /** The names of the levels below {@link #top}, and their descriptors (null where closed). */
    private final List<byte[]> names = new ArrayList<>();
    private final List<DirectoryHandle> handles = new ArrayList<>();
    /** The shallowest level whose descriptor is open; every level from it down is open. */
    private int shallowestOpen;

    /** A walk beneath {@code top}, which stays the caller's to close. */
    DirectoryDescent(DirectoryHandle top) {
        this.top = top;
    }

    /** Levels entered below the top. */
    int depth() {
        return names.size();
    }

    /** The deepest level's directory (the top's at depth 0), opened again where it had to be closed. */
    DirectoryHandle current() throws IOException {
        int deepest = names.size() - 1;
        if (deepest < 0) {
            return top;
        }
        if (handles.get(deepest) == null) {
            reopenDownTo(deepest);
        }
        return handles.get(deepest);
    }

    /** Opens directory {@code name} of the deepest level and makes it the deepest. */
    void enter(byte[] name) throws IOException {
        DirectoryHandle opened = current().openDirectory(name);
        names.add(name);
        handles.add(opened);
        closeAbove(names.size() - MAX_OPEN);
    }

    /** Closes the deepest level and returns to the one above it; returns the name of the level left. */
    byte[] leave() throws IOException {
        int deepest = names.size() - 1;
        DirectoryHandle handle = handles.remove(deepest);
        byte[] name = names.remove(deepest);
        shallowestOpen = Math.min(shallowestOpen, deepest);
        if (handle != null) {
            handle.close();
        }
        return name;
    }

    /** Opens levels 0 to {@code level} again from the top, one name at a time, keeping the deepest open. */
    private void reopenDownTo(int level) throws IOException {
        DirectoryHandle above = top;
        for (int i = 0; i <= level; i++) {
            DirectoryHandle opened = handles.get(i) != null ? handles.get(i) : above.openDirectory(names.get(i));
            handles.set(i, opened);
            if (above != top && i - 1 < level + 1 - MAX_OPEN) {
                above.close();
                handles.set(i - 1, null);
            }
            above = opened;
        }
        shallowestOpen = Math.max(0, level + 1 - MAX_OPEN);
    }

    /** Closes the levels shallower than {@code level}. */
    private void closeAbove(int level) throws IOException {
        for (; shallowestOpen < level; shallowestOpen++) {
            DirectoryHandle handle = handles.set(shallowestOpen, null);
            if (handle != null) {
                handle.close();
            }
        }
    }

    /** Closes every level still open. */
    @Override
    public void close() throws IOException {
        IOException failure = null;
        for (int i = handles.size() - 1; i >= 0; i--) {
            DirectoryHandle handle = handles.get(i);
            if (handle != null) {
                try {
                    handle.close();
                } catch (IOException e) {
                    failure = failure == null ? e : failure;
                }
            }
        }
        handles.clear();
        names.clear();
        if (failure != null) {
            throw failure;
        }
    }
}
