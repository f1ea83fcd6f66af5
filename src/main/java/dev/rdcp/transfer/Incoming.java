package dev.rdcp.transfer;

import dev.rdcp.protocol.Entry;
import java.nio.file.Path;

/** A file the generator asked for, until the receiver has its last piece. */
final class Incoming {
    final Entry entry;
    final Path path;
    final String name;
    final long resumeOffset;
    final boolean existed;
    AtomicFile file;
    /** Where this run's data starts: 0, or the resumed prefix. */
    long start;
    long received;
    boolean failed;

    Incoming(Entry entry, Path path, long resumeOffset, boolean existed) {
        this.entry = entry;
        this.path = path;
        this.name = FileNames.display(entry.name());
        this.resumeOffset = resumeOffset;
        this.existed = existed;
    }
}
