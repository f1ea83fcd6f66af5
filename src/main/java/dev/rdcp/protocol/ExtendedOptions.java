package dev.rdcp.protocol;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Version 7's end of a REQUEST: {@code u64 extended flags}, always present (0 for none), then,
 * only with {@link #TEMP_DIR}, the temporary directory as {@code u16 length + UTF-8} (strict UTF-8,
 * 1 to {@link #MAX_LENGTH} bytes, no NUL). The first word of flags had three bits left; options
 * rsync has beyond them are told here. A bit not defined here is a protocol error.
 */
public record ExtendedOptions(long flags, String tempDirectory) {

    /**
     * --temp-dir: the receiver writes each file's temporary file in the directory that follows,
     * resolved as a reference directory is (relative to the directory entries go into; a daemon's
     * beneath its root), and renames it into place from there.
     */
    public static final long TEMP_DIR = 1L;
    /**
     * --no-implied-dirs (with -R): the sender lists no directory of a relative path's leading
     * components; the receiver makes a missing one with default attributes and keeps what it has
     * there (a symlink to a directory included).
     */
    public static final long NO_IMPLIED_DIRS = 1L << 1;
    /**
     * --super: the receiver attempts what only root may do (owners, groups, devices, every
     * attribute namespace) as if it ran as root, and reports each refusal.
     */
    public static final long SUPER = 1L << 2;
    /**
     * --fake-super: the side serving the request keeps what only root could set (owner, group,
     * special mode bits, device numbers, the type of a symlink, device or special) in each entry's
     * {@code user.rsync.%stat} attribute instead, as receiver, and lists them from it as sender.
     */
    public static final long FAKE_SUPER = 1L << 3;
    /**
     * -U, --atimes: each entry carries the access time the sender listed ({@link Entry}), which
     * the receiver gives the files and symlinks it keeps (not directories).
     */
    public static final long ATIMES = 1L << 4;
    /**
     * --info=backup (or -vv) with -b: the receiving side tells each backup it makes as a
     * {@link Report.Kind#BACKED_UP} report, and a --backup-dir as a note ("(new) backup_dir is
     * DIR"), which its client prints as rsync's receiving server has its client print them.
     */
    public static final long INFO_BACKUP = 1L << 5;
    /**
     * --stats or --json on a push: the receiving side's END carries what it created and deleted by
     * kind ({@link ReceiverCounts}), which its client prints as rsync's "(reg: .., dir: ..)".
     */
    public static final long RECEIVER_COUNTS = 1L << 6;
    /**
     * --delete-before (with REQUEST flag DELETE): the receiver takes in the whole list, answering
     * each ENTRIES with no decisions, and deletes in every listed directory once an empty ENTRIES
     * ends the list. From then on each ENTRIES the sender sends (empty ones asking) is answered with
     * the decisions of the next list message held, so no file data comes before every deletion.
     */
    public static final long DELETE_BEFORE = 1L << 7;
    /**
     * --delete as rsync's --delete-during (with REQUEST flag DELETE, and none of DELETE_AFTER,
     * --delete-before, --max-delete, -m, FILES_FROM or --no-implied-dirs): the sender ends each
     * directory's children (naming its subdirectories) before it lists them, and the receiver
     * deletes in the directory before it decides any of its children, holding what comes meanwhile.
     */
    public static final long DELETE_DURING = 1L << 8;
    /**
     * The receiver takes a {@link ChunkBatch#SIZE} piece: a file whose size changed between its
     * listing and its sending is sent as long as it was when the sender opened it, as rsync's
     * sender sends what its fstat gives, instead of failing. Without it such a file fails (23).
     */
    public static final long SIZE_AT_OPEN = 1L << 9;
    /**
     * --list-only: the request is a dry run (REQUEST flag DRY_RUN, else a protocol error) that
     * lists, and its symlinks, devices and specials (LINKS, DEVICES, SPECIALS), dry run and
     * itemizing are the listing's means, not options the user gave: a daemon's refuse options
     * judges a pull without them, as rsync's, whose --list-only sends none of them.
     */
    public static final long LIST_ONLY = 1L << 10;
    private static final long KNOWN_FLAGS = TEMP_DIR | NO_IMPLIED_DIRS | SUPER | FAKE_SUPER | ATIMES | INFO_BACKUP
            | RECEIVER_COUNTS | DELETE_BEFORE | DELETE_DURING | SIZE_AT_OPEN | LIST_ONLY;
    public static final int MAX_LENGTH = 4096;
    public static final ExtendedOptions NONE = new ExtendedOptions(0, "");

    public ExtendedOptions {
        String problem = problem(flags, tempDirectory.getBytes(StandardCharsets.UTF_8));
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
    }

    public boolean has(long flag) {
        return (flags & flag) != 0;
    }

    /** These options with {@code flag} set (a flag without a value), or cleared. */
    public ExtendedOptions with(long flag, boolean set) {
        if (flag == TEMP_DIR) {
            throw new IllegalArgumentException("the temporary directory is set with withTempDirectory");
        }
        return new ExtendedOptions(set ? flags | flag : flags & ~flag, tempDirectory);
    }

    /** These options with --temp-dir {@code directory}, or without one for "". */
    public ExtendedOptions withTempDirectory(String directory) {
        return new ExtendedOptions(directory.isEmpty() ? flags & ~TEMP_DIR : flags | TEMP_DIR, directory);
    }

    int encodedSize() {
        return 8 + (has(TEMP_DIR) ? RequestText.encodedSize(tempDirectory) : 0);
    }

    void encode(ByteBuffer out) {
        out.putLong(flags);
        if (has(TEMP_DIR)) {
            RequestText.encode(out, tempDirectory);
        }
    }

    static ExtendedOptions decode(ByteBuffer in) throws ProtocolException {
        if (in.remaining() < 8) {
            throw new ProtocolException("REQUEST truncated in its extended flags");
        }
        long flags = in.getLong();
        if ((flags & ~KNOWN_FLAGS) != 0) {
            throw new ProtocolException("malformed REQUEST: unknown extended flags");
        }
        String tempDirectory = "";
        if ((flags & TEMP_DIR) != 0) {
            byte[] bytes = RequestText.read(in, MAX_LENGTH, false, "temporary directory");
            String problem = problem(flags, bytes);
            if (problem != null) {
                throw new ProtocolException("malformed REQUEST temporary directory: " + problem);
            }
            tempDirectory = RequestText.decode(bytes, "temporary directory");
        }
        return new ExtendedOptions(flags, tempDirectory);
    }

    /** What is wrong with these flags and this temporary directory, or null. */
    private static String problem(long flags, byte[] tempDirectory) {
        if ((flags & ~KNOWN_FLAGS) != 0) {
            return "unknown extended flags";
        }
        if (((flags & TEMP_DIR) != 0) == (tempDirectory.length == 0)) {
            return "the TEMP_DIR flag and the temporary directory disagree";
        }
        if (tempDirectory.length > MAX_LENGTH) {
            return "the temporary directory is longer than " + MAX_LENGTH + " bytes";
        }
        return RequestText.holdsNul(tempDirectory) ? "the temporary directory contains NUL" : null;
    }
}
