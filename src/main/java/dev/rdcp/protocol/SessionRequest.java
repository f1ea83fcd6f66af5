package dev.rdcp.protocol;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * What the client asks of the server: {@code u8 direction (1 push, 2 pull), u64 flags, u32 chunk
 * size, u16 slots, u64 bandwidth limit in bytes/s (0: none), u16 path count, paths, u16 rule count,
 * filter rules, receiver settings}, each path and rule as u16 length + UTF-8 bytes, the settings as
 * {@link ReceiverSettings}: limits, backup rule, then (version 6) the reference directories and, as
 * {@link #OWNER_MAPS}, {@link #PARTIAL_DIR} and {@link #MODIFY_WINDOW} say, the owner maps, the
 * partial directory and the modify window, and (version 7) the extended flags ({@link ExtendedOptions}).
 * A push names the destination; a pull names the sources (with
 * {@link #FILES_FROM}, a base directory and then paths relative to it).
 */
public record SessionRequest(Direction direction, long flags, int chunkSize, int slots, long bandwidthLimit,
        List<String> paths, List<String> filterRules, ReceiverSettings receiver) {

    /** Who sends the files. */
    public enum Direction {
        /** The client sends; the server receives into its destination. */
        PUSH,
        /** The server sends its sources; the client receives. */
        PULL
    }

    public static final long PRESERVE_TIMES = 1L;
    public static final long PRESERVE_PERMISSIONS = 1L << 1;
    public static final long DESTINATION_IS_DIRECTORY = 1L << 2;
    public static final long RECURSIVE = 1L << 3;
    public static final long LINKS = 1L << 4;
    /** -o: the owner, applied only where the receiver runs as root (before version 6: owner and group). */
    public static final long OWNERS = 1L << 5;
    public static final long DELETE = 1L << 6;
    public static final long CHECKSUM = 1L << 7;
    public static final long SIZE_ONLY = 1L << 8;
    public static final long IGNORE_EXISTING = 1L << 9;
    public static final long UPDATE = 1L << 10;
    public static final long DRY_RUN = 1L << 11;
    public static final long PARTIAL = 1L << 12;
    public static final long FILES_FROM = 1L << 13;
    /** With DELETE: what the filters exclude is deleted on the receiver too. */
    public static final long DELETE_EXCLUDED = 1L << 14;
    /** -H: names of one file are sent once and linked on the receiver. */
    public static final long HARD_LINKS = 1L << 15;
    /** --transport tcp, or auto when the client has no usable RDMA device: the transfer runs over this TCP connection. */
    public static final long TRANSPORT_TCP = 1L << 16;
    /** --transport rdma: refuse rather than fall back to TCP. */
    public static final long RDMA_ONLY = 1L << 17;
    /**
     * Protocol 4, -d: directories are listed without recursing; only a name ending in '/' or
     * naming '.' has its contents listed, one level.
     */
    public static final long DIRS = 1L << 18;
    /** Protocol 4, with DELETE: the receiver deletes at the end of the transfer, not per directory. */
    public static final long DELETE_AFTER = 1L << 19;
    /** Protocol 4, --devices (-D): the sender does not skip device files silently. */
    public static final long DEVICES = 1L << 20;
    /** Protocol 4, --specials (-D): the sender does not skip FIFOs and sockets silently. */
    public static final long SPECIALS = 1L << 21;
    /** Version 5: the receiver itemizes each change (rsync's -i) and reports them to the sender. */
    public static final long ITEMIZE = 1L << 22;
    /** Version 5, with {@link #ITEMIZE}: unchanged entries are itemized too (-ii). */
    public static final long ITEMIZE_UNCHANGED = 1L << 23;
    /** Version 5, --mkpath: the receiver creates every missing component of the destination path. */
    public static final long MKPATH = 1L << 24;
    /** Version 5, --existing: the receiver creates nothing that is not there yet. */
    public static final long EXISTING = 1L << 25;
    /**
     * Version 5, --remove-source-files: the receiver reports each file, symlink and hard link it
     * has in place ({@link Report.Kind#IN_PLACE}), and the sender then removes its source.
     */
    public static final long REMOVE_SOURCE_FILES = 1L << 26;
    /** Version 5, -b: the receiver keeps what it replaces or deletes, as the backup rule says. */
    public static final long BACKUP = 1L << 27;
    /**
     * Version 6, --inplace: the receiver writes each file it receives under its final name,
     * not a temporary one renamed into place.
     */
    public static final long INPLACE = 1L << 32;
    /**
     * Version 6, --append (with {@link #INPLACE}): a regular file the receiver has, shorter than
     * the sender's, gets only the missing tail (an APPEND decision); one as long or longer is skipped.
     */
    public static final long APPEND = 1L << 33;
    /**
     * Version 6, --append-verify (with {@link #APPEND}): the receiver offers its whole file as a
     * RESUME prefix instead, so the sender sends the whole file when those bytes are not its own.
     */
    public static final long APPEND_VERIFY = 1L << 34;
    /** Version 6, -X: each entry's extended attributes follow it in ENTRIES ({@link Xattrs}). */
    public static final long XATTRS = 1L << 35;
    /** Version 6, -A: each entry's POSIX ACLs (system.posix_acl_*) follow it in ENTRIES, as attributes. */
    public static final long ACLS = 1L << 36;
    /** Version 6, -g: the group, applied where the receiver runs as root or is a member of it. */
    public static final long GROUPS = 1L << 37;
    /**
     * Version 6, --numeric-ids: owners and groups travel as numbers only. Without it the sender
     * names each id once ({@link EntryType#ID_NAME}) and the receiver maps names to its own ids.
     */
    public static final long NUMERIC_IDS = 1L << 38;
    /**
     * Version 6, rsync's {@code HOST::} alone: a daemon of named modules answers with their list
     * ({@link ModuleList}) instead of ACCEPT, and the session ends; one serving a single directory
     * says so in that list, and the client lists the directory instead.
     */
    public static final long LIST_MODULES = 1L << 39;
    /** Version 6, -S: the receiver leaves runs of zero blocks in the files it writes as holes. */
    public static final long SPARSE = 1L << 28;
    /**
     * Version 6, -x: the sender does not walk into a directory on another file system than its
     * operand's; it lists the mount point as an empty directory. The receiver's --delete does not
     * delete inside a directory on another file system than the destination's.
     */
    public static final long ONE_FILE_SYSTEM = 1L << 29;
    /** Version 6, -xx: as {@link #ONE_FILE_SYSTEM}, and the mount points themselves are left out. */
    public static final long ONE_FILE_SYSTEM_TWICE = 1L << 30;
    /**
     * Version 6, --ignore-errors: the receiver's --delete goes ahead in a directory the sender
     * could not read whole (DIRECTORY_END mode 1), and the sender does not say it skips deletion.
     */
    public static final long IGNORE_ERRORS = 1L << 31;
    /**
     * Version 6, --usermap, --groupmap, --chown on a push: the REQUEST ends with the rules
     * ({@link OwnerMaps}), which the receiving server applies to the owners it sets.
     */
    public static final long OWNER_MAPS = 1L << 40;
    /** Version 6, -I: the receiver's quick check does not take a file of the same size and time as up to date. */
    public static final long IGNORE_TIMES = 1L << 41;
    /** Version 6, -O: the receiver leaves directories the time they have, as with -t it would not. */
    public static final long OMIT_DIR_TIMES = 1L << 42;
    /**
     * Version 6, -v or a format with %i: the receiver says "created directory DEST" (a report of
     * exit code 0) when it makes the destination directory, as rsync's does.
     */
    public static final long TELL_CREATED_DESTINATION = 1L << 43;
    /** Version 6, --ignore-missing-args: the sender leaves out an operand or --files-from name that does not exist. */
    public static final long IGNORE_MISSING_ARGS = 1L << 44;
    /** Version 6, -J: the receiver leaves symlinks the time they have, as with -t it would not. */
    public static final long OMIT_LINK_TIMES = 1L << 45;
    /** Version 6, --fsync: the receiver fsyncs each file it writes before it is complete under its name. */
    public static final long FSYNC = 1L << 46;
    /**
     * Version 6, -E without -p: a regular file the receiver replaces or keeps turns executable
     * (where it can be read) when the sender's is and stops being executable when the sender's is not.
     */
    public static final long EXECUTABILITY = 1L << 47;
    /**
     * Version 6, --delete-missing-args: the sender lists an operand or --files-from name it does
     * not have as {@link EntryType#MISSING}, and the receiver deletes what it has under that name.
     */
    public static final long DELETE_MISSING_ARGS = 1L << 48;
    /**
     * Version 6, --force: without --delete too, the receiver deletes a directory with contents
     * where the sender has something else (and one --delete-missing-args names).
     */
    public static final long FORCE = 1L << 49;
    /** Version 6, --preallocate: the receiver allocates each file's blocks before it writes its data. */
    public static final long PREALLOCATE = 1L << 50;
    /**
     * Version 6, -L: the sender lists what each symlink leads to instead of the symlink (a server
     * only where it stays beneath the directory it serves).
     */
    public static final long COPY_LINKS = 1L << 51;
    /**
     * Version 6, --safe-links: the receiver ignores a symlink whose target is absolute or leads
     * above the top of the transfer (rsync's unsafe symlink).
     */
    public static final long SAFE_LINKS = 1L << 52;
    /** Version 6, --copy-unsafe-links: as {@link #COPY_LINKS}, for the symlinks {@link #SAFE_LINKS} calls unsafe only. */
    public static final long COPY_UNSAFE_LINKS = 1L << 53;
    /** Version 6, -k: as {@link #COPY_LINKS}, for the symlinks that lead to a directory only. */
    public static final long COPY_DIRLINKS = 1L << 54;
    /**
     * Version 6, -K: where the sender lists a directory and the receiver has a symlink to one
     * (beneath the destination), the receiver keeps the symlink and puts the directory's entries
     * where it leads.
     */
    public static final long KEEP_DIRLINKS = 1L << 55;
    /** Version 6, -m: the sender leaves out each directory that holds no non-directory (the top of the transfer stays). */
    public static final long PRUNE_EMPTY_DIRS = 1L << 56;
    /** Version 6, --open-noatime: the sender opens what it reads with O_NOATIME (an open the kernel refuses fails that entry). */
    public static final long OPEN_NOATIME = 1L << 57;
    /**
     * Version 6, --partial-dir (with {@link #PARTIAL}): the REQUEST ends with the directory
     * ({@link PartialDirectory}) where the receiver keeps and looks for each file's partial copy.
     */
    public static final long PARTIAL_DIR = 1L << 58;
    /**
     * Version 6, --delay-updates: the receiver keeps each file it completes in a holding directory
     * beside its final name (the --partial-dir, else {@code .~tmp~}) and renames them all into
     * place when the sender's END comes.
     */
    public static final long DELAY_UPDATES = 1L << 59;
    /**
     * Version 6, --modify-window: the REQUEST ends with an i32, the seconds two modification times
     * may be apart and still be the same to the receiver's checks, or −1 to compare nanoseconds
     * too. Without it the receiver compares whole seconds.
     */
    public static final long MODIFY_WINDOW = 1L << 60;
    private static final long KNOWN_FLAGS = (1L << 28) - 1 | SPARSE | ONE_FILE_SYSTEM | ONE_FILE_SYSTEM_TWICE | IGNORE_ERRORS
            | INPLACE | APPEND | APPEND_VERIFY | XATTRS | ACLS | GROUPS
            | NUMERIC_IDS | LIST_MODULES | OWNER_MAPS | IGNORE_TIMES | OMIT_DIR_TIMES | TELL_CREATED_DESTINATION
            | IGNORE_MISSING_ARGS | OMIT_LINK_TIMES | FSYNC | EXECUTABILITY | DELETE_MISSING_ARGS | FORCE | PREALLOCATE
            | COPY_LINKS | SAFE_LINKS | COPY_UNSAFE_LINKS | COPY_DIRLINKS | KEEP_DIRLINKS | PRUNE_EMPTY_DIRS | OPEN_NOATIME
            | PARTIAL_DIR | DELAY_UPDATES | MODIFY_WINDOW;
    private static final int MAX_PATHS = 65535;
    /** The header and the two counts; the limits are checked as they are read. */
    private static final int FIXED_SIZE = 27;

    /** A request without receiver settings. */
    public SessionRequest(Direction direction, long flags, int chunkSize, int slots, long bandwidthLimit,
            List<String> paths, List<String> filterRules) {
        this(direction, flags, chunkSize, slots, bandwidthLimit, paths, filterRules, ReceiverSettings.NONE);
    }

    public SessionRequest {
        paths = List.copyOf(paths);
        filterRules = List.copyOf(filterRules);
        if (paths.size() > MAX_PATHS || filterRules.size() > MAX_PATHS) {
            throw new IllegalArgumentException("too many paths or filter rules");
        }
        if (((flags & OWNER_MAPS) != 0) != receiver.ownerMaps().any()) {
            throw new IllegalArgumentException("the OWNER_MAPS flag and the owner maps disagree");
        }
        if (((flags & PARTIAL_DIR) != 0) != receiver.partialDirectory().any()
                || (flags & (PARTIAL_DIR | PARTIAL)) == PARTIAL_DIR) {
            throw new IllegalArgumentException("the PARTIAL_DIR flag, the PARTIAL flag and the partial directory disagree");
        }
        if (((flags & MODIFY_WINDOW) != 0) != (receiver.modifyWindow() != 0)) {
            throw new IllegalArgumentException("the MODIFY_WINDOW flag and the window disagree");
        }
    }

    public boolean has(long flag) {
        return (flags & flag) != 0;
    }

    /** The encoded request; the caller checks it fits a bootstrap frame. */
    public ByteBuffer encode() {
        List<byte[]> encodedPaths = utf8(paths);
        List<byte[]> encodedRules = utf8(filterRules);
        int size = FIXED_SIZE + receiver.encodedSize()
                + encodedPaths.stream().mapToInt(b -> 2 + b.length).sum()
                + encodedRules.stream().mapToInt(b -> 2 + b.length).sum();
        ByteBuffer out = ByteBuffer.allocate(size);
        out.put((byte) (direction.ordinal() + 1)).putLong(flags).putInt(chunkSize).putShort((short) slots)
                .putLong(bandwidthLimit);
        putAll(out, encodedPaths);
        putAll(out, encodedRules);
        receiver.encode(out);
        return out;
    }

    private static List<byte[]> utf8(List<String> strings) {
        return strings.stream().map(s -> s.getBytes(StandardCharsets.UTF_8)).toList();
    }

    private static void putAll(ByteBuffer out, List<byte[]> items) {
        out.putShort((short) items.size());
        for (byte[] item : items) {
            out.putShort((short) item.length).put(item);
        }
    }

    public static SessionRequest decode(ByteBuffer in) throws ProtocolException {
        if (in.remaining() < FIXED_SIZE) {
            throw new ProtocolException("REQUEST too short");
        }
        int direction = in.get();
        long flags = in.getLong();
        int chunkSize = in.getInt();
        int slots = Short.toUnsignedInt(in.getShort());
        long bandwidthLimit = in.getLong();
        if (direction < 1 || direction > 2 || (flags & ~KNOWN_FLAGS) != 0 || slots == 0 || bandwidthLimit < 0
                || (flags & (TRANSPORT_TCP | RDMA_ONLY)) == (TRANSPORT_TCP | RDMA_ONLY)) {
            throw new ProtocolException("malformed REQUEST");
        }
        List<String> paths = strings(in);
        List<String> rules = strings(in);
        ReceiverSettings receiver = ReceiverSettings.decode(in, flags);
        if (paths.isEmpty()) {
            throw new ProtocolException("REQUEST names no path");
        }
        if (in.hasRemaining()) {
            throw new ProtocolException("REQUEST has trailing bytes");
        }
        return new SessionRequest(Direction.values()[direction - 1], flags, chunkSize, slots, bandwidthLimit, paths,
                rules, receiver);
    }

    private static List<String> strings(ByteBuffer in) throws ProtocolException {
        if (in.remaining() < 2) {
            throw new ProtocolException("REQUEST truncated");
        }
        int count = Short.toUnsignedInt(in.getShort());
        // Sized by what the bytes can hold (each string takes at least 3), not by the count the peer chose.
        List<String> strings = new ArrayList<>(Math.min(count, in.remaining() / 3));
        for (int i = 0; i < count; i++) {
            if (in.remaining() < 2) {
                throw new ProtocolException("REQUEST truncated");
            }
            int length = Short.toUnsignedInt(in.getShort());
            if (length == 0 || in.remaining() < length) {
                throw new ProtocolException("REQUEST string truncated");
            }
            byte[] bytes = new byte[length];
            in.get(bytes);
            strings.add(new String(bytes, StandardCharsets.UTF_8));
        }
        return strings;
    }
}
