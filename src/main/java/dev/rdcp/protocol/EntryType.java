package dev.rdcp.protocol;

/** What an entry of the file list is. */
public enum EntryType {
    FILE(1),
    DIRECTORY(2),
    SYMLINK(3),
    /** Every entry inside the named directory has been listed: the receiver may now delete extras. */
    DIRECTORY_END(4),
    /** The sender could not list or read something; mode holds the exit code (0: a note only), extra the text. */
    PROBLEM(5),
    /** With -H: another name of a regular file listed before; extra holds that earlier entry's name. */
    HARDLINK(6),
    /**
     * Version 6, -o/-g without --numeric-ids: the name of a user (mode 0) or group (mode 1) whose
     * id (in the uid field) the entries after it carry; name holds the name, 1 to 255 bytes, no NUL.
     */
    ID_NAME(12),
    /**
     * Version 6, -D (--devices): a character or block device; mode holds the whole st_mode (its
     * type bits S_IFCHR or S_IFBLK with the permissions), size the device number (st_rdev).
     */
    DEVICE(13),
    /** Version 6, -D (--specials): a FIFO or a socket; mode holds the whole st_mode (S_IFIFO or S_IFSOCK), size 0. */
    SPECIAL(14),
    /**
     * Version 6, --delete-missing-args (request bit 48): an operand or --files-from name the
     * sender does not have, which the receiver deletes; mode, times, size and ids 0, no extra.
     */
    MISSING(15),
    /**
     * Version 7, extended flag 8 (--delete as rsync's --delete-during): a subdirectory of the
     * directory whose children are being listed, named ahead of its own entry so that --delete
     * keeps it; mode, times, size and ids 0, no extra.
     */
    SUBDIRECTORY(16),
    /**
     * Version 7, extended flag 8: every child of the named directory is listed or named as a
     * SUBDIRECTORY; the receiver deletes in it before it decides any of them. Mode 0, or 1 where
     * the sender could not read the directory whole (nothing is deleted in it); all else 0.
     */
    CHILDREN_END(17);

    private final int code;

    EntryType(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    public static EntryType ofCode(int code) throws ProtocolException {
        for (EntryType type : values()) {
            if (type.code == code) {
                return type;
            }
        }
        throw new ProtocolException("unknown entry type " + code);
    }
}
