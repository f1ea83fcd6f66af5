package dev.rdcp.transfer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Map;

/** A regular file to send, with the name the receiver gives it and the metadata it may apply. */
public record SourceFile(Path path, byte[] name, long size, int mode, long mtimeSeconds, int mtimeNanos) {

    /** Reads size, mode and mtime of {@code path}, following symlinks as cp and rsync without -l do. */
    public static SourceFile of(Path path, byte[] name) throws IOException {
        Map<String, Object> attributes = Files.readAttributes(path, "unix:size,mode,lastModifiedTime");
        FileTime mtime = (FileTime) attributes.get("lastModifiedTime");
        Instant instant = mtime.toInstant();
        return new SourceFile(path, name, (Long) attributes.get("size"), (Integer) attributes.get("mode") & 07777,
                instant.getEpochSecond(), instant.getNano());
    }
}
