package dev.rdcp.transfer;

import dev.rdcp.filter.FilterScope;
import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.posix.FileHandle;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * One directory's per-directory merge files (-F's .rsync-filter, -C's .cvsignore), read beneath
 * its descriptor as rsync reads them while it walks: a regular file only, reached without
 * following a symlink (a symlink is no merge file here), at most the size the filter rules take.
 */
final class DirectoryMergeFiles implements FilterScope.MergeFiles {

    private final DirectoryHandle directory;
    private final boolean owned;
    private final ScratchBuffer buffer;

    /** Reads beneath {@code directory} through {@code buffer}; closes the directory with itself when {@code owned}. */
    DirectoryMergeFiles(DirectoryHandle directory, boolean owned, ScratchBuffer buffer) {
        this.directory = directory;
        this.owned = owned;
        this.buffer = buffer;
    }

    @Override
    public byte[] read(String name, int limit) {
        try (FileHandle file = directory.openRead(name.getBytes(StandardCharsets.UTF_8))) {
            if (FileModes.type(file.status().mode()) != FileModes.S_IFREG) {
                return null;
            }
            ByteArrayOutputStream content = new ByteArrayOutputStream();
            ByteBuffer chunk = buffer.get();
            for (long at = 0; content.size() <= limit; ) {
                int n = file.read(chunk.clear(), at);
                if (n == 0) {
                    break;
                }
                byte[] bytes = new byte[n];
                chunk.flip().get(bytes);
                content.write(bytes);
                at += n;
            }
            return content.toByteArray();
        } catch (IOException e) {
            // As rsync: a merge file it cannot read gives no rules.
            return null;
        }
    }

    @Override
    public void close() {
        if (owned) {
            try {
                directory.close();
            } catch (IOException e) {
                // Opened for reading only: closing it loses nothing.
            }
        }
    }
}
