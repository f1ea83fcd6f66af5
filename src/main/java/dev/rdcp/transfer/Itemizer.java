package dev.rdcp.transfer;

import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.posix.FileStatus;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ItemizedChange;
import dev.rdcp.protocol.SessionRequest;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.Arrays;

/**
 * rsync's {@code %i} for what the generator does to an entry: {@code YXcstpoguax}, where Y says
 * what happened ({@code >} data received, {@code c} created or changed here, {@code h} hard
 * link, {@code .} at most attributes), X the type, and each later letter an attribute that
 * changes (or {@code +} for a new entry). Only what this receiver applies counts as a change:
 * owner and group as {@link OwnerPolicy} sets them, permissions with -p (with -E, a file's being
 * executable or not), times with -t ({@code T} for a file whose time is simply now, without -t),
 * and with -U a file's or node's access time ({@code u}; not a symlink's, as rsync's).
 */
final class Itemizer {

    /** An entry's state here before the generator touched it: its lstat and, for a symlink, its target. */
    record Before(FileStatus status, byte[] target) {
        static final Before NONE = new Before(null, new byte[0]);
    }

    private final boolean enabled;
    private final boolean unchangedToo;
    private final boolean times;
    private final TimeWindow window;
    private final boolean directoryTimes;
    /** -t with -J: a symlink's time is not compared; a retargeted one shows 't', as rsync's. */
    private final boolean omitLinkTimes;
    private final boolean permissions;
    private final Attributes attributes;
    private final OwnerPolicy owners;
    private final boolean checksum;
    private final boolean atimes;

    Itemizer(TransferOptions options, Attributes attributes) {
        this.enabled = options.has(SessionRequest.ITEMIZE);
        this.unchangedToo = options.has(SessionRequest.ITEMIZE_UNCHANGED);
        this.times = options.preserveTimes();
        this.window = new TimeWindow(options.receiver().modifyWindow());
        this.directoryTimes = options.preserveDirectoryTimes();
        this.omitLinkTimes = times && !options.preserveLinkTimes();
        this.permissions = options.preservePermissions();
        this.attributes = attributes;
        this.owners = attributes.owners();
        this.checksum = options.has(SessionRequest.CHECKSUM);
        this.atimes = options.preserveAtimes();
    }

    boolean enabled() {
        return enabled;
    }

    /** -ii: unchanged entries are shown too. */
    boolean unchangedShown() {
        return unchangedToo;
    }

    /** Whether a change with these flags is shown: any change, or everything with -ii. */
    boolean shown(String flags) {
        return unchangedToo || changed(flags);
    }

    /** Something happens: data moves, an entry is made or linked, or an attribute changes. */
    static boolean changed(String flags) {
        return flags.charAt(0) != '.' || flags.chars().skip(2).anyMatch(c -> c != '.');
    }

    /** {@code local}'s state here, when itemizing; a missing one is {@link Before#NONE}. */
    Before before(Destination destination, byte[] local) throws IOException {
        if (!enabled) {
            return Before.NONE;
        }
        try {
            // A dry run's destination directory may not exist yet (--mkpath): nothing is there.
            DirectoryHandle base = destination.base();
            FileStatus real = base.status(local);
            FakeSuper fake = attributes.fakeSuper();
            FileStatus status = fake.seen(base, local, real);
            if (FileModes.type(status.mode()) != FileModes.S_IFLNK) {
                return new Before(status, new byte[0]);
            }
            if (!fake.enabled()) {
                return new Before(status, base.readLink(local));
            }
            // --fake-super: a symlink kept as a file has its target as content; a real one none.
            byte[] kept = FakeSuper.keptTarget(base, local, real);
            return new Before(status, kept == null ? new byte[0] : kept);
        } catch (NoSuchFileException e) {
            return Before.NONE;
        }
    }

    String file(Entry entry, FileStatus before, boolean transferred) {
        char y = transferred ? '>' : '.';
        if (!isType(before, FileModes.S_IFREG)) {
            // Not sent and not a regular file here: --ignore-existing left whatever is there alone.
            return transferred ? ">f+++++++++" : ".f.........";
        }
        char c = checksum && transferred ? 'c' : '.';
        char s = before.size() != entry.size() ? 's' : '.';
        char t = timeDiffers(before, entry) ? 't' : transferred && !times ? 'T' : '.';
        return flags(y, 'f', c, s, t, before, entry);
    }

    String directory(Entry entry, FileStatus before) {
        if (!isType(before, FileModes.S_IFDIR)) {
            return "cd+++++++++";
        }
        return flags('.', 'd', '.', '.', directoryTimes && timeDiffers(before, entry) ? 't' : '.', before, entry);
    }

    String symlink(Entry entry, Before before) {
        if (!isType(before.status(), FileModes.S_IFLNK)) {
            return "cL+++++++++";
        }
        boolean retargeted = !Arrays.equals(before.target(), entry.extra());
        // A symlink made anew without -t has the time of its making, as a file sent does.
        char t = omitLinkTimes ? (retargeted ? 't' : '.')
                : timeDiffers(before.status(), entry) ? 't' : retargeted && !times ? 'T' : '.';
        return (retargeted ? "cLc" : ".L.") + "." + t + "." + owner(before.status(), entry) + "...";
    }

    /**
     * A device file ({@code D}) or a FIFO or socket ({@code S}): new where the name held another
     * type, {@code c} in the change column for a device replaced by one of another number.
     */
    String node(Entry entry, FileStatus before) {
        char x = entry.type() == EntryType.DEVICE ? 'D' : 'S';
        if (before == null || FileModes.type(before.mode()) != FileModes.type(entry.mode())) {
            return "c" + x + "+++++++++";
        }
        boolean renumbered = !ReceiverTree.sameNode(before, entry);
        char t = timeDiffers(before, entry) ? 't' : '.';
        return flags(renumbered ? 'c' : '.', x, renumbered ? 'c' : '.', '.', t, before, entry);
    }

    /** A hard link made to {@code target}; {@code before} is what the link's name held. */
    String hardLink(FileStatus before, FileStatus target) {
        if (!isType(before, FileModes.S_IFREG)) {
            return "hf+++++++++";
        }
        if (target != null && before.device() == target.device() && before.inode() == target.inode()) {
            return ".f.........";
        }
        if (target == null) {
            return "hf.........";
        }
        char s = before.size() != target.size() ? 's' : '.';
        char t = times && !window.same(before.mtimeSeconds(), before.mtimeNanos(), target.mtimeSeconds(),
                target.mtimeNanos()) ? 't' : '.';
        char p = permissions && (before.mode() & 07777) != (target.mode() & 07777) ? 'p' : '.';
        char o = owners.setsOwner() && before.uid() != target.uid() ? 'o' : '.';
        char g = owners.setsGroup(target.gid()) && before.gid() != target.gid() ? 'g' : '.';
        return "hf." + s + t + p + o + g + "...";
    }

    /**
     * -X, -A: {@code flags} with rsync's {@code a} (ACLs) and {@code x} (other extended
     * attributes) where they differ; a new entry's {@code +} stay.
     */
    static String withXattrs(String flags, XattrSync.Change change) {
        if (flags.charAt(2) == '+' || !change.any()) {
            return flags;
        }
        char[] letters = flags.toCharArray();
        if (change.acls()) {
            letters[9] = 'a';
        }
        if (change.others()) {
            letters[10] = 'x';
        }
        return new String(letters);
    }

    /** The change as the output lines need it: %i, the entry's own attributes, and its link. */
    static ItemizedChange change(String flags, Entry entry) {
        EntryType type = entry.type() == EntryType.HARDLINK ? EntryType.FILE : entry.type();
        boolean link = entry.type() == EntryType.SYMLINK || entry.type() == EntryType.HARDLINK;
        byte[] name = entry.type() == EntryType.DIRECTORY ? directoryName(entry.name()) : entry.name();
        return new ItemizedChange(flags, type, entry.mode(), entry.size(), entry.mtimeSeconds(), name,
                link ? entry.extra() : new byte[0]);
    }

    /** rsync shows a directory with a trailing slash, the root as "./". */
    private static byte[] directoryName(byte[] name) {
        byte[] withSlash = Arrays.copyOf(name, name.length + 1);
        withSlash[name.length] = '/';
        return withSlash;
    }

    private String flags(char y, char x, char c, char s, char t, FileStatus before, Entry entry) {
        boolean modeDiffers = permissions ? (before.mode() & 07777) != (entry.mode() & 07777)
                : attributes.executabilityDiffers(before, entry);
        return "" + y + x + c + s + t + (modeDiffers ? 'p' : '.') + owner(before, entry)
                + (atimeDiffers(before, entry) ? 'u' : '.') + "..";
    }

    /**
     * -U: as rsync compares access times, in whole seconds (rdcp still applies a difference under
     * a second, as with -t's times); never a directory's.
     */
    private boolean atimeDiffers(FileStatus before, Entry entry) {
        return atimes && Entry.hasAccessTime(entry.type()) && before.atimeSeconds() != entry.atimeSeconds();
    }

    private String owner(FileStatus before, Entry entry) {
        char o = owners.uid(entry) != OwnerPolicy.LEAVE && before.uid() != entry.uid() ? 'o' : '.';
        char g = owners.gid(entry) != OwnerPolicy.LEAVE && before.gid() != entry.gid() ? 'g' : '.';
        return "" + o + g;
    }

    /**
     * Under --modify-window (by default in whole seconds), as rsync compares times: rdcp still
     * applies a difference under a second, but does not show it, so that its lines are rsync's.
     */
    private boolean timeDiffers(FileStatus before, Entry entry) {
        return times && !window.same(before.mtimeSeconds(), before.mtimeNanos(), entry.mtimeSeconds(),
                entry.mtimeNanos());
    }

    private static boolean isType(FileStatus status, int type) {
        return status != null && FileModes.type(status.mode()) == type;
    }
}
