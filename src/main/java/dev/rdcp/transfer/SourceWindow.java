package dev.rdcp.transfer;

import dev.rdcp.verbs.Access;
import dev.rdcp.verbs.FileMapping;
import dev.rdcp.verbs.MemoryRegion;
import dev.rdcp.verbs.ProtectionDomain;
import dev.rdcp.verbs.ReadOnlyFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.EnumSet;

/**
 * A read-only mmap of part of a source file, registered for RDMA without write access. Bounded
 * in size, so pinned memory stays small however large the file.
 */
final class SourceWindow implements AutoCloseable {

    private final long start;
    private final long end;
    private final FileMapping mapping;
    private final ByteBuffer view;
    private final MemoryRegion mr;
    /** The last work request that reads this window; it may be released once that completed. */
    private long lastRequest;

    private SourceWindow(long start, FileMapping mapping, MemoryRegion mr) {
        this.start = start;
        this.end = start + mapping.length();
        this.mapping = mapping;
        this.view = mapping.buffer();
        this.mr = mr;
    }

    static SourceWindow map(ReadOnlyFile file, ProtectionDomain pd, long start, long length) throws IOException {
        FileMapping mapping = file.map(start, length);
        try {
            return new SourceWindow(start, mapping, pd.register(mapping, EnumSet.noneOf(Access.class)));
        } catch (IOException | RuntimeException e) {
            mapping.close();
            throw e;
        }
    }

    long length() {
        return end - start;
    }

    boolean covers(long offset, int length) {
        return offset >= start && offset + length <= end;
    }

    long address(long offset) {
        return mr.address() + (offset - start);
    }

    int lkey() {
        return mr.lkey();
    }

    /** A view of {@code length} bytes at file {@code offset}; the same buffer object every time. */
    ByteBuffer slice(long offset, int length) {
        int at = (int) (offset - start);
        return view.limit(at + length).position(at);
    }

    void usedThrough(long request) {
        lastRequest = request;
    }

    long lastRequest() {
        return lastRequest;
    }

    /** Deregisters, then unmaps: the device must lose access before the memory goes. */
    @Override
    public void close() throws IOException {
        try {
            mr.close();
        } finally {
            mapping.close();
        }
    }
}
