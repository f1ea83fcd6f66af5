package dev.rdcp.transfer;

import dev.rdcp.posix.FileMapping;
import dev.rdcp.posix.ReadOnlyFile;
import dev.rdcp.transport.Region;
import dev.rdcp.transport.Transport;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A read-only mmap of part of a source file, registered with the transport as a write source. Bounded
 * in size, so pinned memory stays small however large the file.
 */
final class SourceWindow implements AutoCloseable {

    private final long start;
    private final long end;
    private final FileMapping mapping;
    private final ByteBuffer view;
    private final Region region;
    /** The last work request that reads this window; it may be released once that completed. */
    private long lastRequest;

    private SourceWindow(long start, FileMapping mapping, Region region) {
        this.start = start;
        this.end = start + mapping.length();
        this.mapping = mapping;
        this.view = mapping.buffer();
        this.region = region;
    }

    static SourceWindow map(ReadOnlyFile file, Transport transport, long start, long length) throws IOException {
        FileMapping mapping = file.map(start, length);
        try {
            return new SourceWindow(start, mapping, transport.register(mapping.buffer(), false));
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

    Region region() {
        return region;
    }

    /** Where file {@code offset} lies in the region. */
    long regionOffset(long offset) {
        return offset - start;
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
            region.close();
        } finally {
            mapping.close();
        }
    }
}
