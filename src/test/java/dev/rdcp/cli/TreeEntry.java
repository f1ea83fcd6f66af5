package dev.rdcp.cli;

import java.nio.file.attribute.FileTime;

/**
 * One entry of a tree as lstat(2) sees it: its type, permission bits, size, mtime, symlink
 * target, and the inode and ctime that change whenever anything rewrites or renames it.
 */
record TreeEntry(Type type, int permissions, long size, FileTime mtime, String linkTarget, long inode,
        FileTime ctime) {

    enum Type {
        FILE, DIRECTORY, SYMLINK, OTHER
    }

    String permissionsInOctal() {
        return String.format("%04o", permissions);
    }
}
