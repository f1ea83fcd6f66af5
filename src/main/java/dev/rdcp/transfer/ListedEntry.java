package dev.rdcp.transfer;

import dev.rdcp.posix.FileStatus;
import dev.rdcp.protocol.Entry;
import java.nio.file.Path;

/**
 * An entry of the sender's file list, the local file it stands for and that file's status when
 * it was listed, which the file opened to send must still match (both null for list markers).
 */
record ListedEntry(Entry entry, Path path, FileStatus listed) {

    ListedEntry(Entry entry) {
        this(entry, null, null);
    }
}
