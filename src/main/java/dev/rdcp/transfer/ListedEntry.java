package dev.rdcp.transfer;

import dev.rdcp.posix.FileStatus;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.Xattrs;
import java.nio.file.Path;

/**
 * An entry of the sender's file list, the local file it stands for and that file's status when
 * it was listed, which the file opened to send must still match (both null for list markers),
 * and with -X or -A its extended attributes, which follow the entry on the wire.
 */
record ListedEntry(Entry entry, Path path, FileStatus listed, Xattrs xattrs) {

    ListedEntry(Entry entry) {
        this(entry, null, null);
    }

    /** An entry without extended attributes. */
    ListedEntry(Entry entry, Path path, FileStatus listed) {
        this(entry, path, listed, Xattrs.NONE);
    }

    /** The bytes the entry, its access time and its attributes take in an ENTRIES message, as each travels. */
    int encodedSize(boolean withXattrs, boolean withAtimes) {
        return entry.encodedSize(withAtimes) + (withXattrs ? xattrs.encodedSize() : 0);
    }
}
