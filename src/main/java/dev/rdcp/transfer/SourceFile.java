package dev.rdcp.transfer;

import dev.rdcp.verbs.FileStatus;
import java.io.IOException;
import java.nio.file.Path;

/** A regular file to send, with the name the receiver gives it and the metadata it may apply. */
public record SourceFile(Path path, byte[] name, long size, int mode, long mtimeSeconds, int mtimeNanos) {

    /** Reads size, mode and mtime of {@code path}, following symlinks as cp and rsync without -l do. */
    public static SourceFile of(Path path, byte[] name) throws IOException {
        FileStatus status = FileStatus.of(path, FileNames.absolute(path), true);
        return new SourceFile(path, name, status.size(), status.mode() & 07777, status.mtimeSeconds(),
                status.mtimeNanos());
    }
}
