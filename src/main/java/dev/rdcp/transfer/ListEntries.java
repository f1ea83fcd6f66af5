package dev.rdcp.transfer;

import dev.rdcp.posix.FileHandle;
import dev.rdcp.posix.FileStatus;
import dev.rdcp.posix.PathErrors;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.Xattrs;
import dev.rdcp.transfer.SourceTree.Parent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Makes the sender's list entries, numbered in the order they are made (the index the receiver's
 * decisions and reports name them by): files as listed, with what the options add (--chmod's
 * modes, -U's access times, -X's and -A's attributes, -o's and -g's names announced before their
 * first use), and the list's markers and problems.
 */
final class ListEntries {

    /** What stands for the middle of a name left out of a problem's message. */
    private static final String ELLIPSIS = "...";
    /** Characters kept at each end of a name whose middle is left out, at least. */
    private static final int ELIDED_NAME_ENDS = 64;

    /** Marks the problem entry that stands for an entry whose attributes could not be sent. */
    private static final Xattrs FAILED = new Xattrs(List.of());

    private final ChmodRules chmod;
    /** -U: entries carry the access times listed. */
    private final boolean atimes;
    private final XattrSync xattrs;
    /** -o/-g without --numeric-ids: names each id before its first use; null otherwise. */
    private final IdNaming naming;
    private final SourceTree tree;
    /** Where the entries naming ids go, ahead of the entry that first uses them. */
    private final Consumer<ListedEntry> announced;
    private int nextIndex;

    ListEntries(TransferOptions options, IdNaming.Names names, SourceTree tree, Consumer<ListedEntry> announced) {
        this.chmod = options.chmod();
        this.atimes = options.preserveAtimes();
        this.xattrs = XattrSync.forSender(options);
        this.naming = IdNaming.of(options, names);
        this.tree = tree;
        this.announced = announced;
    }

    /**
     * The entry for a file listed as {@code attributes}; a problem (exit 23) where its name does
     * not fit an entry. {@code extra}: a symlink's target, a hard link's first name, -c's digest.
     */
    ListedEntry entry(EntryType type, Path path, byte[] name, FileStatus attributes, byte[] extra) {
        // A directory's and a symlink's own size too (version 5): --list-only shows them, as ls -l;
        // a hard link's is its file's (version 7), which rsync's total size counts once per name.
        // A device carries the device it stands for instead, and with a special its type in the mode.
        long size = switch (type) {
            case SPECIAL -> 0;
            case DEVICE -> attributes.rdev();
            default -> attributes.size();
        };
        int mode = type == EntryType.DEVICE || type == EntryType.SPECIAL ? attributes.mode() : attributes.mode() & 07777;
        if (naming != null) {
            naming.announce(attributes.uid(), attributes.gid(), () -> nextIndex++,
                    named -> announced.accept(new ListedEntry(named)));
        }
        try {
            // -U: the access time as listed, before any read of the file (-c's, the data's) moves it.
            boolean atime = atimes && Entry.hasAccessTime(type);
            Entry entry = chmod.apply(new Entry(nextIndex, type, mode, attributes.mtimeSeconds(),
                    attributes.mtimeNanos(), size, attributes.uid(), attributes.gid(), name,
                    extra == null ? new byte[0] : extra, atime ? attributes.atimeSeconds() : 0,
                    atime ? attributes.atimeNanos() : 0));
            nextIndex++;
            return new ListedEntry(entry, path, attributes);
        } catch (IllegalArgumentException e) {
            return problemEntry(ExitCode.PARTIAL, name, "name too long: %s");
        }
    }

    /**
     * -X, -A: the entry with its attributes, read through a descriptor of the very file that was
     * listed (opened beneath its directory's descriptor, or as {@link SourceTree#openListed} opens
     * it and then checked to be the listed file). Attributes that cannot be read, or that would not
     * fit one control message with their entry, make it a failure (exit 23, {@link #failed}), as an
     * unreadable attribute makes it in rsync.
     */
    ListedEntry withXattrs(ListedEntry listed, Parent parent) {
        if (!xattrs.enabled() || listed.path() == null) {
            return listed;
        }
        Entry entry = listed.entry();
        Xattrs found;
        try (FileHandle node = tree.openNode(listed.path(), listed.listed(), parent)) {
            found = xattrs.read(node);
        } catch (IOException e) {
            return instead(entry, FileNames.display(entry.name()) + ": cannot read its extended attributes: "
                    + PathErrors.reason(e));
        }
        if (found.encodedSize() > Xattrs.roomAfter(entry, atimes)) {
            return instead(entry, FileNames.display(entry.name()) + ": its extended attributes take "
                    + found.encodedSize() + " bytes, more than the " + Xattrs.roomAfter(entry, atimes)
                    + " that fit with its entry");
        }
        return new ListedEntry(entry, listed.path(), listed.listed(), found);
    }

    /** Whether {@code listed} stands for an entry left out for its attributes: --delete must not take the receiver's copy for an extra. */
    static boolean failed(ListedEntry listed) {
        return listed.xattrs() == FAILED;
    }

    /** A failure (exit 23) in place of {@code entry}, under its index, marked {@link #FAILED}. */
    private static ListedEntry instead(Entry entry, String message) {
        return new ListedEntry(Entry.problem(entry.index(), ExitCode.PARTIAL.code(), entry.name(),
                message.getBytes(StandardCharsets.UTF_8)), null, null, FAILED);
    }

    /** A problem with its message as it is shown. */
    Entry problem(int exitCode, byte[] name, String message) {
        return Entry.problem(nextIndex++, exitCode, name, message.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * {@code format} has one %s: the name, its middle left out where the message would not fit
     * in a PROBLEM whole, so that why (after the name) is still told for a name thousands of
     * levels deep.
     */
    ListedEntry problemEntry(ExitCode code, byte[] name, String format) {
        String shown = FileNames.display(name);
        String message = String.format(format, shown);
        int over = message.getBytes(StandardCharsets.UTF_8).length - Entry.MAX_PROBLEM_MESSAGE;
        while (over > 0 && shown.length() > 2 * ELIDED_NAME_ENDS + ELLIPSIS.length()) {
            int keep = Math.max(ELIDED_NAME_ENDS, (shown.length() - over - ELLIPSIS.length()) / 2);
            shown = shown.substring(0, keep) + ELLIPSIS + shown.substring(shown.length() - keep);
            message = String.format(format, shown);
            over = message.getBytes(StandardCharsets.UTF_8).length - Entry.MAX_PROBLEM_MESSAGE;
        }
        return new ListedEntry(problem(code.code(), name, message));
    }

    /** Mode 1 marks a directory the sender could not read in full: the receiver deletes nothing in it. */
    ListedEntry directoryEnd(byte[] name, boolean complete) {
        return new ListedEntry(new Entry(nextIndex++, EntryType.DIRECTORY_END, complete ? 0 : 1, 0, 0, 0, 0, 0, name,
                new byte[0]));
    }

    /** --delete as rsync's --delete-during (extended flag 8): a subdirectory named before its directory's children end. */
    ListedEntry subdirectory(byte[] name) {
        return new ListedEntry(new Entry(nextIndex++, EntryType.SUBDIRECTORY, 0, 0, 0, 0, 0, 0, name, new byte[0]));
    }

    /** Extended flag 8: the end of a directory's children; mode 1 where it could not be read in full. */
    ListedEntry childrenEnd(byte[] name, boolean complete) {
        return new ListedEntry(new Entry(nextIndex++, EntryType.CHILDREN_END, complete ? 0 : 1, 0, 0, 0, 0, 0, name,
                new byte[0]));
    }

    /** --delete-missing-args: a name the sender does not have. */
    ListedEntry missing(byte[] name) {
        return new ListedEntry(new Entry(nextIndex++, EntryType.MISSING, 0, 0, 0, 0, 0, 0, name, new byte[0]));
    }
}
