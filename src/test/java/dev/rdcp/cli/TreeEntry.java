package dev.rdcp.cli;

import java.nio.file.attribute.FileTime;

/**
 * One entry of a tree as lstat(2) sees it: its type, permission bits, size, mtime, symlink
 * target, the inode and ctime that change whenever anything rewrites or renames it, and the
 * device a device file stands for.
 */
record TreeEntry(Type type, int permissions, long size, FileTime mtime, String linkTarget, long inode,
        FileTime ctime, long rdev) {

    enum Type {
        FILE, DIRECTORY, SYMLINK, CHARACTER_DEVICE, BLOCK_DEVICE, FIFO, SOCKET;

        /** A device file, FIFO or socket: what -D copies. */
        boolean isNode() {
            return this == CHARACTER_DEVICE || this == BLOCK_DEVICE || this == FIFO || this == SOCKET;
        }
    }

    String permissionsInOctal() {
        return String.format("%04o", permissions);
    }
}
