package dev.rdcp.transfer;

import dev.rdcp.protocol.EntryType;

/** The file-type bits of a Unix mode ({@code st_mode}). */
final class FileModes {

    static final int S_IFMT = 0170000;
    static final int S_IFDIR = 0040000;
    static final int S_IFREG = 0100000;
    static final int S_IFLNK = 0120000;
    static final int S_IFCHR = 0020000;
    static final int S_IFBLK = 0060000;

    private FileModes() {
    }

    /** The type bits of {@code mode}: compare with {@link #S_IFDIR}, {@link #S_IFREG}, {@link #S_IFLNK}. */
    static int type(int mode) {
        return mode & S_IFMT;
    }

    /**
     * What --stats counts an entry of {@code mode} as: a directory, symlink, device, special (a
     * FIFO or socket), else a regular file.
     */
    static EntryType kind(int mode) {
        return switch (type(mode)) {
            case S_IFDIR -> EntryType.DIRECTORY;
            case S_IFLNK -> EntryType.SYMLINK;
            case S_IFCHR, S_IFBLK -> EntryType.DEVICE;
            case S_IFREG -> EntryType.FILE;
            default -> EntryType.SPECIAL;
        };
    }

    /** A character or block device (what --devices is about; FIFOs and sockets are --specials). */
    static boolean isDevice(int mode) {
        return type(mode) == S_IFCHR || type(mode) == S_IFBLK;
    }
}
