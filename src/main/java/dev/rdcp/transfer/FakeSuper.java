package dev.rdcp.transfer;

import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.posix.FileHandle;
import dev.rdcp.posix.FileStatus;
import dev.rdcp.posix.ReadOnlyFile;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ExtendedOptions;
import dev.rdcp.protocol.RdcpException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * rsync's --fake-super: what only root could give a file is kept in its {@code user.rsync.%stat}
 * attribute, rsync's text {@code "%o %u,%u %u:%u"} (the whole mode in octal, the device's major and
 * minor numbers, the owner's and the group's ids). A receiver stores it wherever the file it made
 * differs from the entry in any of them, and makes a symlink, device or special as a regular file
 * (a symlink's holding its target), which the value's type tells apart; a sender reads it back
 * into its list. Values come from trees a hostile peer may have filled, so a value is taken only
 * when it is rsync's form exactly with every number in range, and only for the file types rsync
 * stores one on: its type may turn a regular file into anything but a directory, and a directory
 * into nothing else.
 */
final class FakeSuper {

    static final byte[] NAME = "user.rsync.%stat".getBytes(StandardCharsets.US_ASCII);
    /** rsync reads the value into 256 bytes, its NUL included. */
    static final int MAX_VALUE = 255;
    /** Linux's device numbers: 12 bits of major, 20 of minor. */
    static final int MAX_MAJOR = 0xfff;
    static final int MAX_MINOR = 0xfffff;
    /** An id rsync could have written: {@code (uid_t) -1} is no owner. */
    static final long MAX_ID = 0xfffffffeL;
    /** The longest target a symlink kept as a file may hold, as the longest real one (PATH_MAX less its NUL). */
    static final int MAX_TARGET = 4095;

    private static final int S_IFIFO = 0010000;
    private static final int S_IFSOCK = 0140000;

    /**
     * A stored value that is not rsync's form or names what cannot be, or a symlink kept as a file
     * that holds no target rdcp or rsync would have written.
     */
    static final class MalformedValue extends IOException {
        private static final long serialVersionUID = 1L;
        /** The value, or null for a kept symlink's content. */
        private final transient byte[] value;

        MalformedValue(String reason, byte[] value) {
            super(reason);
            this.value = value;
        }

        /** rsync's line for a malformed value (with the reason), or the entry's name and the reason. */
        String line(String name) {
            if (value == null) {
                return name + ": " + getMessage();
            }
            byte[] shown = Arrays.copyOf(value, Math.min(value.length, MAX_VALUE));
            return "Corrupt user.rsync.%stat xattr attached to \"" + name + "\": \"" + FileNames.display(shown)
                    + "\" (" + getMessage() + ")";
        }
    }

    /**
     * One value: {@code mode} holds the type and permission bits, {@code rdev} the device as
     * stat(2) gives it (0 but for a device).
     */
    record Stat(int mode, long rdev, int uid, int gid) {

        /** rsync's text for it. */
        byte[] text() {
            return String.format("%o %d,%d %d:%d", mode, major(rdev), minor(rdev), Integer.toUnsignedLong(uid),
                    Integer.toUnsignedLong(gid)).getBytes(StandardCharsets.US_ASCII);
        }

        /** This value laid over {@code real}'s status: what rsync's x_lstat returns. */
        FileStatus over(FileStatus real) {
            return new FileStatus(mode, real.size(), real.mtimeSeconds(), real.mtimeNanos(), uid, gid, real.links(),
                    real.device(), real.inode(), rdev, real.atimeSeconds(), real.atimeNanos());
        }
    }

    private final boolean enabled;

    private FakeSuper(boolean enabled) {
        this.enabled = enabled;
    }

    /** This session's: in force when its options carry --fake-super. */
    static FakeSuper of(TransferOptions options) {
        return new FakeSuper(options.receiver().extended().has(ExtendedOptions.FAKE_SUPER));
    }

    boolean enabled() {
        return enabled;
    }

    /**
     * Parses a stored value. rsync's own form only: octal mode, space, decimal major, comma, minor,
     * space, uid, colon, gid, nothing else, no leading zero (rsync's sscanf would also take signs,
     * blanks, leading zeros and trailing text, none of which it writes).
     */
    static Stat parse(byte[] value) throws MalformedValue {
        try {
            return parsed(value);
        } catch (MalformedValue e) {
            throw new MalformedValue(e.getMessage(), value);
        }
    }

    private static Stat parsed(byte[] value) throws MalformedValue {
        if (value.length == 0 || value.length > MAX_VALUE) {
            throw new MalformedValue(value.length + " bytes", null);
        }
        ByteBuffer in = ByteBuffer.wrap(value);
        long mode = number(in, 8, 07777777, ' ');
        long major = number(in, 10, MAX_MAJOR, ',');
        long minor = number(in, 10, MAX_MINOR, ' ');
        long uid = number(in, 10, MAX_ID, ':');
        long gid = number(in, 10, MAX_ID, (char) 0);
        int type = (int) mode & FileModes.S_IFMT;
        if ((mode & ~(FileModes.S_IFMT | 07777)) != 0 || !known(type)) {
            throw new MalformedValue("no file type in mode " + Long.toOctalString(mode), null);
        }
        boolean device = type == FileModes.S_IFCHR || type == FileModes.S_IFBLK;
        if (!device && (major != 0 || minor != 0)) {
            throw new MalformedValue("a device number for what is no device", null);
        }
        return new Stat((int) mode, device ? makedev((int) major, (int) minor) : 0, (int) uid, (int) gid);
    }

    /** Digits in {@code radix} up to {@code max}, then {@code end} (0: the value's end). */
    private static long number(ByteBuffer in, int radix, long max, char end) throws MalformedValue {
        long value = 0;
        int digits = 0;
        int start = in.position();
        while (in.hasRemaining() && Character.digit(in.get(in.position()), radix) >= 0) {
            value = value * radix + Character.digit(in.get(), radix);
            if (value > max) {
                throw new MalformedValue("a number out of range", null);
            }
            digits++;
        }
        boolean ended = end == 0 ? !in.hasRemaining() : in.hasRemaining() && in.get() == end;
        boolean leadingZero = digits > 1 && in.get(start) == '0';
        if (digits == 0 || leadingZero || !ended) {
            throw new MalformedValue("not rsync's form", null);
        }
        return value;
    }

    private static boolean known(int type) {
        return type == FileModes.S_IFREG || type == FileModes.S_IFDIR || type == FileModes.S_IFLNK
                || type == FileModes.S_IFCHR || type == FileModes.S_IFBLK || type == S_IFIFO || type == S_IFSOCK;
    }

    /** glibc's makedev for numbers in Linux's range. */
    static long makedev(int major, int minor) {
        return ((long) (major & 0xfff) << 8) | (minor & 0xff) | ((long) (minor & ~0xff) << 12);
    }

    /** glibc's major: any dev_t's, so that one beyond Linux's range shows as such. */
    static long major(long rdev) {
        return ((rdev >>> 8) & 0xfff) | ((rdev >>> 32) & ~0xfffL);
    }

    static long minor(long rdev) {
        return (rdev & 0xff) | ((rdev >>> 12) & 0xffffff00L);
    }

    /**
     * The value {@code node} (whose lstat is {@code real}) carries, or null: none stored, or a file
     * of a type rsync stores none on (a real symlink, device or special is what it is). A value
     * that is malformed, or that would make a directory of a file or the reverse, throws.
     */
    static Stat stored(FileHandle node, FileStatus real) throws IOException {
        int type = FileModes.type(real.mode());
        if (type != FileModes.S_IFREG && type != FileModes.S_IFDIR) {
            return null;
        }
        byte[] value = node.xattr(NAME);
        if (value == null) {
            return null;
        }
        Stat stat = parse(value);
        if ((FileModes.type(stat.mode()) == FileModes.S_IFDIR) != (type == FileModes.S_IFDIR)) {
            throw new MalformedValue(type == FileModes.S_IFDIR ? "a directory typed otherwise"
                    : "a file typed as a directory", value);
        }
        return stat;
    }

    /**
     * What {@code local} (beneath {@code base}, lstat {@code real}) is as the receiver sees it:
     * its stored value laid over its status; a malformed value is taken as none, so that the
     * entry's attributes replace it.
     */
    FileStatus seen(DirectoryHandle base, byte[] local, FileStatus real) throws IOException {
        if (!enabled || !storable(real)) {
            return real;
        }
        try (FileHandle node = base.openNode(local)) {
            Stat stat = storedOrNone(node, real);
            return stat == null ? real : stat.over(real);
        }
    }

    /** The same for an open node. */
    FileStatus seen(FileHandle node) throws IOException {
        FileStatus real = node.status();
        if (!enabled || !storable(real)) {
            return real;
        }
        Stat stat = storedOrNone(node, real);
        return stat == null ? real : stat.over(real);
    }

    private static boolean storable(FileStatus real) {
        int type = FileModes.type(real.mode());
        return type == FileModes.S_IFREG || type == FileModes.S_IFDIR;
    }

    private static Stat storedOrNone(FileHandle node, FileStatus real) throws IOException {
        try {
            return stored(node, real);
        } catch (MalformedValue e) {
            return null;
        }
    }

    /**
     * The target of what the receiver sees as a symlink at {@code local}: a regular file's content
     * for one kept as a file; null for a real symlink, which --fake-super replaces by such a file,
     * as rsync's (whose receiver reads a real one as a link of no length).
     */
    static byte[] keptTarget(DirectoryHandle base, byte[] local, FileStatus real) throws IOException {
        if (FileModes.type(real.mode()) != FileModes.S_IFREG) {
            return null;
        }
        try (ReadOnlyFile file = ReadOnlyFile.of(base.openRead(local))) {
            return target(file, real);
        } catch (MalformedValue e) {
            // Not a target rdcp or rsync would have written: not the link listed, so it is replaced.
            return null;
        }
    }

    /**
     * Makes {@code name} (beneath {@code base}, not there yet) a regular file holding {@code
     * target}, mode 0600 until its attributes are applied, as rsync's stand-in for a symlink.
     */
    static void keepTarget(DirectoryHandle base, byte[] name, byte[] target) throws IOException {
        if (target.length == 0 || target.length > MAX_TARGET) {
            throw new RdcpException(ExitCode.PARTIAL, "symlink target of " + target.length + " bytes");
        }
        for (byte b : target) {
            if (b == 0) {
                throw new RdcpException(ExitCode.PARTIAL, "symlink target holds a NUL byte");
            }
        }
        try (FileHandle file = base.create(name, true, 0600)) {
            file.write(ByteBuffer.wrap(target), 0);
        }
    }

    /** A symlink kept as the regular file {@code file} (lstat {@code real}): its content, bounded. */
    static byte[] target(ReadOnlyFile file, FileStatus real) throws IOException {
        if (real.size() <= 0 || real.size() > MAX_TARGET) {
            throw new MalformedValue("a symlink kept as a file of " + real.size() + " bytes", null);
        }
        ByteBuffer content = ByteBuffer.allocateDirect((int) real.size());
        if (file.read(content, 0) != real.size()) {
            throw new MalformedValue("a symlink kept as a file that shrank", null);
        }
        byte[] target = new byte[(int) real.size()];
        content.flip().get(target);
        for (byte b : target) {
            if (b == 0) {
                throw new MalformedValue("a symlink kept as a file holding a NUL byte", null);
            }
        }
        return target;
    }

    /**
     * rsync's set_stat_xattr: gives {@code node} (a regular file or directory this receiver made or
     * keeps) the permission bits {@code perms} less the special ones, with its owner's read and
     * write (and a directory's search) added, and stores the entry's type {@code type}, {@code
     * perms}, {@code rdev}, {@code uid} and {@code gid} wherever the file itself now differs in any
     * of them; a value no longer needed is removed. Returns whether the stored value changed.
     */
    boolean store(FileHandle node, int type, int perms, long rdev, int uid, int gid) throws IOException {
        FileStatus real = node.status();
        int realType = FileModes.type(real.mode());
        int realMode = realType | (perms & 0777) | (realType == FileModes.S_IFDIR ? 0700 : 0600);
        if ((real.mode() & (FileModes.S_IFMT | 07777)) != realMode) {
            node.setMode(realMode & 07777);
        }
        Stat before;
        try {
            before = stored(node, real);
        } catch (MalformedValue e) {
            before = null;
        }
        Stat wanted = new Stat(type | (perms & 07777), rdev, uid, gid);
        if (wanted.mode() == realMode && rdev == 0 && uid == real.uid() && gid == real.gid()) {
            if (node.xattr(NAME) != null) {
                node.removeXattr(NAME);
                return true;
            }
            return false;
        }
        if (wanted.equals(before)) {
            return false;
        }
        node.setXattr(NAME, wanted.text());
        return true;
    }
}
