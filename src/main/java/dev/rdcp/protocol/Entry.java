package dev.rdcp.protocol;

import java.nio.ByteBuffer;

/**
 * One entry of the file list: {@code u32 index, u8 type, u32 mode, i64 mtime seconds, u32 mtime
 * nanoseconds, u64 size, u32 uid, u32 gid, u16 name length, name, u16 extra length, extra}, and
 * in a session with --atimes (version 7, extended flag {@link ExtendedOptions#ATIMES}) after
 * them {@code i64 atime seconds, u32 atime nanoseconds}: the access time the sender listed, 0
 * for a directory and for the entries that stand for no file. The name is the path relative to
 * the transfer root, '/'-separated raw bytes ("." for the root itself). Extra is the link target
 * of a symlink, the 16-byte MD5 of a file with --checksum, or the UTF-8 text of a problem.
 */
public record Entry(int index, EntryType type, int mode, long mtimeSeconds, int mtimeNanos, long size, int uid,
        int gid, byte[] name, byte[] extra, long atimeSeconds, int atimeNanos) {

    public static final int FIXED_SIZE = 41;
    /** The access time's bytes, which follow each entry of a session with --atimes. */
    public static final int ACCESS_TIME_SIZE = 12;
    /** The longest user or group name an {@link EntryType#ID_NAME} carries (NSS names are far shorter). */
    public static final int MAX_ID_NAME = 255;
    private static final int ID_NAME_USER = 0;
    private static final int ID_NAME_GROUP = 1;
    /** Name and extra together: the largest entry, its access time included, still fits one control message. */
    public static final int MAX_VARIABLE = ControlHeader.MAX_MESSAGE - ControlHeader.SIZE - 2 - FIXED_SIZE
            - ACCESS_TIME_SIZE;

    public Entry {
        if (name.length + extra.length > MAX_VARIABLE) {
            throw new IllegalArgumentException("name and link target of " + (name.length + extra.length)
                    + " bytes are too long");
        }
        if (atimeNanos < 0 || atimeNanos > 999_999_999
                || (!hasAccessTime(type) && (atimeSeconds != 0 || atimeNanos != 0))) {
            throw new IllegalArgumentException("an access time of " + atimeSeconds + "." + atimeNanos + " for a " + type);
        }
    }

    /** An entry without an access time (0). */
    public Entry(int index, EntryType type, int mode, long mtimeSeconds, int mtimeNanos, long size, int uid,
            int gid, byte[] name, byte[] extra) {
        this(index, type, mode, mtimeSeconds, mtimeNanos, size, uid, gid, name, extra, 0, 0);
    }

    /** This entry with {@code mode}, all else kept. */
    public Entry withMode(int mode) {
        return new Entry(index, type, mode, mtimeSeconds, mtimeNanos, size, uid, gid, name, extra, atimeSeconds,
                atimeNanos);
    }

    /** This entry with owner {@code uid} and group {@code gid}, all else kept. */
    public Entry withOwner(int uid, int gid) {
        return new Entry(index, type, mode, mtimeSeconds, mtimeNanos, size, uid, gid, name, extra, atimeSeconds,
                atimeNanos);
    }

    /** This entry with {@code extra}, all else kept. */
    public Entry withExtra(byte[] extra) {
        return new Entry(index, type, mode, mtimeSeconds, mtimeNanos, size, uid, gid, name, extra, atimeSeconds,
                atimeNanos);
    }

    /**
     * Whether entries of {@code type} carry an access time: those of a file that is not a
     * directory (rsync does not keep a directory's either).
     */
    public static boolean hasAccessTime(EntryType type) {
        return switch (type) {
            case FILE, SYMLINK, HARDLINK, DEVICE, SPECIAL -> true;
            default -> false;
        };
    }

    /** Bytes of a PROBLEM's message kept; the rest is cut. */
    public static final int MAX_PROBLEM_MESSAGE = 1024;

    public static Entry problem(int index, int exitCode, byte[] name, byte[] message) {
        return new Entry(index, EntryType.PROBLEM, exitCode, 0, 0, 0, 0, 0, name,
                message.length > MAX_PROBLEM_MESSAGE ? java.util.Arrays.copyOf(message, MAX_PROBLEM_MESSAGE) : message);
    }

    /** {@link EntryType#ID_NAME}: user or group {@code id} is called {@code name} on the sender. */
    public static Entry idName(int index, boolean group, int id, byte[] name) {
        if (name.length == 0 || name.length > MAX_ID_NAME) {
            throw new IllegalArgumentException("an id's name has 1 to " + MAX_ID_NAME + " bytes");
        }
        return new Entry(index, EntryType.ID_NAME, group ? ID_NAME_GROUP : ID_NAME_USER, 0, 0, 0, id, 0, name,
                new byte[0]);
    }

    /** For an {@link EntryType#ID_NAME}: whether it names a group rather than a user. */
    public boolean namesGroup() {
        return mode == ID_NAME_GROUP;
    }

    /** The bytes of this entry in a session without --atimes. */
    public int encodedSize() {
        return encodedSize(false);
    }

    /** The bytes of this entry, with its access time where {@code accessTime} (a session with --atimes). */
    public int encodedSize(boolean accessTime) {
        return FIXED_SIZE + name.length + extra.length + (accessTime ? ACCESS_TIME_SIZE : 0);
    }

    /** This entry as a session without --atimes sends it. */
    public void encode(ByteBuffer out) {
        encode(out, false);
    }

    /** This entry, with its access time where {@code accessTime} (a session with --atimes). */
    public void encode(ByteBuffer out, boolean accessTime) {
        out.putInt(index).put((byte) type.code()).putInt(mode).putLong(mtimeSeconds).putInt(mtimeNanos).putLong(size)
                .putInt(uid).putInt(gid).putShort((short) name.length).put(name).putShort((short) extra.length)
                .put(extra);
        if (accessTime) {
            out.putLong(atimeSeconds).putInt(atimeNanos);
        }
    }

    /** An entry of a session without --atimes. */
    public static Entry decode(ByteBuffer in) throws ProtocolException {
        return decode(in, false);
    }

    /** An entry, followed by its access time where {@code accessTime} (a session with --atimes). */
    public static Entry decode(ByteBuffer in, boolean accessTime) throws ProtocolException {
        if (in.remaining() < FIXED_SIZE) {
            throw new ProtocolException("entry truncated");
        }
        int index = in.getInt();
        EntryType type = EntryType.ofCode(Byte.toUnsignedInt(in.get()));
        int mode = in.getInt();
        long seconds = in.getLong();
        int nanos = in.getInt();
        long size = in.getLong();
        int uid = in.getInt();
        int gid = in.getInt();
        byte[] name = lengthPrefixed(in, "entry");
        byte[] extra = lengthPrefixed(in, "entry");
        if (name.length + extra.length > MAX_VARIABLE) {
            throw new ProtocolException("entry name and extra of " + (name.length + extra.length) + " bytes");
        }
        long atimeSeconds = 0;
        int atimeNanos = 0;
        if (accessTime) {
            if (in.remaining() < ACCESS_TIME_SIZE) {
                throw new ProtocolException("entry truncated in its access time");
            }
            atimeSeconds = in.getLong();
            atimeNanos = in.getInt();
            if (atimeNanos < 0 || atimeNanos > 999_999_999
                    || (!hasAccessTime(type) && (atimeSeconds != 0 || atimeNanos != 0))) {
                throw new ProtocolException("malformed " + type + " entry: its access time");
            }
        }
        if (index < 0 || size < 0 || nanos < 0 || nanos > 999_999_999 || (name.length == 0 && type != EntryType.PROBLEM)) {
            throw new ProtocolException("malformed " + type + " entry");
        }
        if (type == EntryType.ID_NAME && (mode < ID_NAME_USER || mode > ID_NAME_GROUP || name.length > MAX_ID_NAME
                || extra.length != 0 || contains(name, (byte) 0))) {
            throw new ProtocolException("malformed ID_NAME entry");
        }
        if ((type == EntryType.SUBDIRECTORY || type == EntryType.CHILDREN_END) && (mode < 0 || mode > 1
                || (type == EntryType.SUBDIRECTORY && mode != 0) || seconds != 0 || nanos != 0 || size != 0
                || uid != 0 || gid != 0 || extra.length != 0)) {
            throw new ProtocolException("malformed " + type + " entry");
        }
        if ((type == EntryType.DEVICE || type == EntryType.SPECIAL) && (!nodeMode(type, mode) || extra.length != 0
                || (type == EntryType.SPECIAL && size != 0))) {
            throw new ProtocolException("malformed " + type + " entry: mode " + Integer.toOctalString(mode));
        }
        return new Entry(index, type, mode, seconds, nanos, size, uid, gid, name, extra, atimeSeconds, atimeNanos);
    }

    /** The file types a DEVICE and a SPECIAL entry may carry in their mode; nothing beyond type and permissions. */
    private static boolean nodeMode(EntryType type, int mode) {
        int fileType = mode & S_IFMT;
        boolean typeFits = type == EntryType.DEVICE ? fileType == S_IFCHR || fileType == S_IFBLK
                : fileType == S_IFIFO || fileType == S_IFSOCK;
        return typeFits && (mode & ~(S_IFMT | 07777)) == 0;
    }

    public static final int S_IFMT = 0170000;
    public static final int S_IFCHR = 0020000;
    public static final int S_IFBLK = 0060000;
    public static final int S_IFIFO = 0010000;
    public static final int S_IFSOCK = 0140000;

    private static boolean contains(byte[] bytes, byte value) {
        for (byte b : bytes) {
            if (b == value) {
                return true;
            }
        }
        return false;
    }

    /** {@code u16 length}, then that many bytes; a shorter buffer is a truncated {@code what}. */
    static byte[] lengthPrefixed(ByteBuffer in, String what) throws ProtocolException {
        if (in.remaining() < 2) {
            throw new ProtocolException(what + " truncated");
        }
        int length = Short.toUnsignedInt(in.getShort());
        if (in.remaining() < length) {
            throw new ProtocolException(what + " truncated");
        }
        byte[] bytes = new byte[length];
        in.get(bytes);
        return bytes;
    }
}
