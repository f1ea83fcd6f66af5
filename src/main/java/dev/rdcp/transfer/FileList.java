package dev.rdcp.transfer;

import dev.rdcp.filter.FilterRules;
import dev.rdcp.filter.FilterScope;
import dev.rdcp.filter.FilterTooComplexException;
import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.posix.FileHandle;
import dev.rdcp.posix.FileStatus;
import dev.rdcp.posix.ReadOnlyFile;
import dev.rdcp.posix.Symlinks;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ExtendedOptions;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.protocol.Xattrs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The sender's file list, produced as it is consumed: one directory is read at a time, so the
 * first file moves long before a large tree has been walked. Order is rsync's: depth first, each
 * directory's children sorted by name bytes, everything but its subdirectories first and then each
 * subdirectory with its contents, and a DIRECTORY_END closes each directory. An
 * operand is found by the path the user (or the daemon's root) named; everything beneath it is
 * examined, read and checksummed through the descriptor of the directory it was listed in,
 * opened beneath its own parent's with no symlink followed: a directory swapped for a symlink
 * during the walk never makes the list show or checksum what lies outside the operand.
 */
final class FileList implements AutoCloseable {

    /** The buffer an MD5 reads its file through. */
    static final int MD5_BUFFER = 1 << 16;
    /**
     * The most distinct directories listed as one (dir/ operands, or directories of one name);
     * one more is not sent, and said to be. Each holds a descriptor at every depth the merged walk
     * reaches, so a merged walk holds at most this many times a single walk's, and a pull's
     * operands are its client's.
     */
    static final int MAX_MERGED_OPERANDS = 8;

    /**
     * A directory being listed, held open until its DIRECTORY_END; {@code id} tells a symlink loop
     * back to it. Its subdirectories, found among its children, wait in {@code subdirectories}
     * until every other child is listed. {@code merged}: the directories of the same name in later
     * dir/ operands, listed with it; {@code operand}: the operand being listed, whose directory
     * this is at the top of the list (below, a merged child may come from another).
     */
    private record Frame(Path path, byte[] name, DirectoryHandle directory, Iterator<MergedChildren.Child> children,
            ArrayDeque<Subdirectory> subdirectories, boolean complete, FileId id, int operand, List<Source> merged) {

        Frame incomplete() {
            return new Frame(path, name, directory, children, subdirectories, false, id, operand, merged);
        }

        /** Source 0 is the directory itself; source i the (i-1)th directory merged into it. */
        Source source(int index) {
            return index == 0 ? new Source(path, directory, operand) : merged.get(index - 1);
        }

        /** The directories of {@code child}'s name in the later sources, to merge into it. */
        List<Merged> mergedWith(MergedChildren.Child child) {
            if (child.mergedDirectories().length == 0) {
                return List.of();
            }
            List<Merged> with = new ArrayList<>(child.mergedDirectories().length);
            for (int index : child.mergedDirectories()) {
                Source from = source(index);
                with.add(new Merged(FileNames.resolve(from.path(), child.name()),
                        new Parent(from.directory(), child.name()), from.operand()));
            }
            return with;
        }
    }

    /** A directory whose children a merged directory lists, open while it is listed, and the operand it is of. */
    private record Source(Path path, DirectoryHandle directory, int operand) {
    }

    /**
     * A directory to merge into one of the same name: a later dir/ operand's (its parent null on a
     * client, found by its path), or the same name beneath a merged directory.
     */
    private record Merged(Path path, Parent parent, int operand) {
    }

    /**
     * A child found to be a directory (after any symlink the list follows), listed after its
     * siblings, with the directories of its name that merge into it.
     */
    private record Subdirectory(Path path, byte[] name, FileStatus attributes, Parent parent, List<Merged> mergedWith) {
    }

    /**
     * Where a child is examined: its directory's descriptor and its name there (null for an
     * operand). {@code followed}: a symlink the list follows (-L) on a server, whose name beneath
     * the root ({@code leaf}, several components) is resolved beneath the root's descriptor
     * ({@code directory}) with the symlinks on the way followed while they stay beneath it.
     */
    private record Parent(DirectoryHandle directory, byte[] leaf, boolean followed) {

        Parent(DirectoryHandle directory, byte[] leaf) {
            this(directory, leaf, false);
        }

        /** Whether the entry is found by its path instead (an operand, or a symlink a client follows). */
        static boolean byPath(Parent parent) {
            return parent == null || parent.followed();
        }
    }

    /** What a name was found to be, and where (after a symlink the list follows, what it leads to). */
    private record Reached(FileStatus attributes, Parent parent) {
    }

    private record FileId(long device, long inode) {
    }

    private final List<SourceOperand> operands;
    /** The next operand to list. */
    private int nextOperand;
    /**
     * The dir/ operands listed as one directory, the first listing them all (null until the
     * first operand is listed), and those it lists with it or that name the same directory again.
     */
    private List<Integer> mergedGroup;
    private final Set<Integer> mergedOperands = new HashSet<>();
    /** dir/ operands past {@link #MAX_MERGED_OPERANDS} distinct directories: not sent, and said to be. */
    private final Set<Integer> beyondMergeBound = new HashSet<>();
    /**
     * Whether operands share the top of the list as rsync's do. Not where the list follows
     * symlinks (-L, -k, --copy-unsafe-links) or stops at mount points (-x), which the merged walk
     * does not judge per source: each operand is then listed on its own, as before.
     */
    private final boolean mergesOperands;
    /** Which operand's entry each top-level name several operands hold comes from. */
    private final OperandWinners winners;
    /** The operand being listed. */
    private int listingOperand;
    private final boolean recursive;
    private final boolean dirs;
    /** -R and --files-from names have their leading directories listed (not with --no-implied-dirs). */
    private final boolean impliedDirectories;
    private final boolean devices;
    private final boolean specials;
    private final boolean links;
    private final FollowedLinks followedLinks;
    /** --open-noatime: every directory and file read is opened with O_NOATIME. */
    private final boolean noAtime;
    /** -m, or null. */
    private final EmptyDirectoryPruning pruning;
    private final boolean checksums;
    /** The sender's view of the filter rules. */
    private final FilterScope filters;
    private final boolean delete;
    private final boolean ignoreErrors;
    /** --ignore-missing-args: an operand or --files-from name that does not exist is left out, silently. */
    private final boolean ignoreMissingArgs;
    /** --delete-missing-args: such a name is listed as MISSING instead, where its directory is listed. */
    private final boolean deleteMissingArgs;
    /** --chmod on a push: the modes listed are the ones the receiver is to take as this side's. */
    private final ChmodRules chmod;
    /** --munge-links on a push or a local copy: the targets listed lose the prefix a munging receiver gave them. */
    private final boolean mungeLinks;
    /** -U: entries carry the access times listed. */
    private final boolean atimes;
    /** -x: 1, -xx: 2, else 0. */
    private final int oneFileSystem;
    /** -x: the device of the operand being walked; a directory on another is a mount point. */
    private long operandDevice;
    private final ArrayDeque<Frame> stack = new ArrayDeque<>();
    /**
     * --files-from: every name listed so far, and the directories walked, so that a name named
     * again (directly, as a parent, or inside a directory walked) is listed once, as rsync does.
     */
    private final Set<String> listed = new HashSet<>();
    private final Set<String> walked = new HashSet<>();
    /** Set by the first --files-from operand: only then are names remembered. */
    private boolean filesFrom;
    private final ArrayDeque<ListedEntry> ready = new ArrayDeque<>();
    /** -H: the first listed name of each file with more than one link, by device and inode. */
    private final Map<FileId, byte[]> firstNames;
    private int nextIndex;
    /** -o/-g without --numeric-ids: names each id before its first use; null otherwise. */
    private final IdNaming naming;

    /** Marks the problem entry that stands for an entry whose attributes could not be sent. */
    private static final Xattrs FAILED = new Xattrs(List.of());

    private final Heartbeat heartbeat;
    /** A server's served directory, and its descriptor once the first operand needs it. */
    private final Path sourceRoot;
    private DirectoryHandle root;
    /** --checksum: what each file is read through for its MD5, allocated at the first; one per session. */
    private final ScratchBuffer md5Buffer = new ScratchBuffer(MD5_BUFFER);
    private final XattrSync xattrs;
    private final FakeSuper fakeSuper;

    FileList(List<SourceOperand> operands, TransferOptions options, Heartbeat heartbeat) {
        this(operands, options, heartbeat, IdNaming.SYSTEM);
    }

    FileList(List<SourceOperand> operands, TransferOptions options, Heartbeat heartbeat, IdNaming.Names names) {
        this(operands, options, heartbeat, names, null);
    }

    /**
     * @param sourceRoot the served directory every operand is beneath (a server's), or null: then
     *     each operand is found beneath its descriptor, no symlink followed, never by its path
     */
    FileList(List<SourceOperand> operands, TransferOptions options, Heartbeat heartbeat, IdNaming.Names names,
            Path sourceRoot) {
        this.sourceRoot = sourceRoot;
        this.heartbeat = heartbeat;
        this.naming = IdNaming.of(options, names);
        this.xattrs = XattrSync.forSender(options);
        this.fakeSuper = FakeSuper.of(options);
        this.operands = List.copyOf(operands);
        this.winners = new OperandWinners(this.operands, topNames(this.operands), this::foundListed);
        this.recursive = options.has(SessionRequest.RECURSIVE);
        this.dirs = options.has(SessionRequest.DIRS);
        this.impliedDirectories = !options.receiver().extended().has(ExtendedOptions.NO_IMPLIED_DIRS);
        this.devices = options.has(SessionRequest.DEVICES);
        this.specials = options.has(SessionRequest.SPECIALS);
        this.links = options.has(SessionRequest.LINKS);
        this.followedLinks = FollowedLinks.of(options);
        this.noAtime = options.has(SessionRequest.OPEN_NOATIME);
        this.checksums = options.has(SessionRequest.CHECKSUM);
        this.filters = options.filters().scope(FilterRules.Side.SENDER);
        this.delete = options.has(SessionRequest.DELETE);
        this.ignoreErrors = options.has(SessionRequest.IGNORE_ERRORS);
        this.deleteMissingArgs = options.has(SessionRequest.DELETE_MISSING_ARGS);
        this.ignoreMissingArgs = deleteMissingArgs || options.has(SessionRequest.IGNORE_MISSING_ARGS);
        this.chmod = options.chmod();
        this.mungeLinks = options.mungeLinks();
        this.atimes = options.preserveAtimes();
        this.oneFileSystem = options.has(SessionRequest.ONE_FILE_SYSTEM_TWICE) ? 2
                : options.has(SessionRequest.ONE_FILE_SYSTEM) ? 1 : 0;
        this.firstNames = options.has(SessionRequest.HARD_LINKS) ? new HashMap<>() : null;
        this.pruning = options.has(SessionRequest.PRUNE_EMPTY_DIRS) ? new EmptyDirectoryPruning(this::listed) : null;
        this.mergesOperands = !followedLinks.any() && oneFileSystem == 0;
    }

    /** The next entry, or null when the list is complete. */
    ListedEntry next() {
        return pruning != null ? pruning.next() : listed();
    }

    /** The next entry before -m, or null when the list is complete. */
    private ListedEntry listed() {
        while (ready.isEmpty()) {
            if (!stack.isEmpty()) {
                Frame top = stack.peek();
                boolean listedWhole;
                if (top.children().hasNext()) {
                    MergedChildren.Child child = top.children().next();
                    Source from = top.source(child.source());
                    List<Merged> mergedWith = top.mergedWith(child);
                    String leaf = stack.size() == 1 && isTransferRoot(top.name()) && mergesOperands
                            ? new String(child.name(), StandardCharsets.UTF_8) : null;
                    if (leaf != null && winners.named(leaf)) {
                        OperandWinners.Decision decision = winners.decide(leaf);
                        if (decision != null && decision.winner() >= 0) {
                            if (decision.winner() != from.operand()) {
                                // An operand named without a trailing slash lists it, this one's merged in.
                                continue;
                            }
                            mergedWith = new ArrayList<>(mergedWith);
                            mergedWith.addAll(opened(decision.mergedDirectories().stream()
                                    .filter(OperandWinners.Holder::named).toList()));
                        }
                    }
                    listedWhole = describe(FileNames.resolve(from.path(), child.name()),
                            FileNames.join(top.name(), child.name()), false, false, false,
                            new Parent(from.directory(), child.name()), top.subdirectories(), mergedWith);
                } else if (!top.subdirectories().isEmpty()) {
                    Subdirectory next = top.subdirectories().poll();
                    listedWhole = directory(next.path(), next.name(), next.attributes(), false, false, next.parent(),
                            next.mergedWith());
                } else {
                    stack.pop();
                    closeAll(top);
                    if (filters.readsMergeFiles() && !isTransferRoot(top.name())) {
                        filters.leave();
                    }
                    if (!top.complete() && delete && !ignoreErrors) {
                        ready.add(problemEntry(ExitCode.OK, top.name(),
                                "IO error encountered -- skipping file deletion in %s"));
                    }
                    ready.add(directoryEnd(top.name(), top.complete()));
                    continue;
                }
                if (!listedWhole && top.complete()) {
                    stack.pop();
                    stack.push(top.incomplete());
                }
            } else if (nextOperand < operands.size()) {
                if (mergedGroup == null) {
                    mergedGroup = mergedGroup();
                    winners.mergedDirectories(mergedGroup);
                }
                int operand = nextOperand++;
                if (beyondMergeBound.contains(operand)) {
                    ready.add(new ListedEntry(problem(ExitCode.PARTIAL.code(), new byte[0],
                            shownName(operands.get(operand).path()) + ": not sent: more than " + MAX_MERGED_OPERANDS
                                    + " directories are listed as one")));
                } else if (!mergedOperands.contains(operand)) {
                    listingOperand = operand;
                    listOperand(operand);
                }
            } else {
                return null;
            }
        }
        return ready.poll();
    }

    /**
     * --delete-missing-args: {@code name}, an operand that does not exist, as a MISSING entry; not
     * one whose directory is missing too (here, or as the receiver is told of it), which is left
     * out. {@code beneath} is the operand's directory on a server, where it was opened.
     */
    private void listMissing(Path path, byte[] name, Parent beneath) {
        byte[] parent = FileNames.parent(name);
        boolean topLevel = parent.length == 1 && parent[0] == '.';
        boolean directoryHere = beneath != null || Files.isDirectory(path.toAbsolutePath().getParent());
        if (deleteMissingArgs && directoryHere && (topLevel || listed.contains(key(parent)))) {
            ready.add(new ListedEntry(new Entry(nextIndex++, EntryType.MISSING, 0, 0, 0, 0, 0, 0, name, new byte[0])));
        }
    }

    /** A problem found after listing (a file that vanished before it could be sent). */
    Entry problem(int exitCode, byte[] name, String message) {
        return Entry.problem(nextIndex++, exitCode, name, message.getBytes(StandardCharsets.UTF_8));
    }

    private void listOperand(int index) {
        SourceOperand operand = operands.get(index);
        Path path = operand.path();
        if (operand.relativeName() != null && SourceOperand.leavesTheBase(operand.relativeName())) {
            filesFrom = true;
            ready.add(new ListedEntry(problem(ExitCode.PARTIAL.code(), new byte[0],
                    FileNames.printable(operand.relativeName()) + ": outside the --files-from base directory")));
            return;
        }
        Parent beneath;
        try {
            beneath = beneathRoot(path, operand.contents());
        } catch (IOException e) {
            // A missing directory on the way spares only a -R or --files-from name (see directoryMissing).
            if (!(e instanceof NoSuchFileException && ignoreMissingArgs && operand.relativeName() != null)) {
                ready.add(new ListedEntry(problem(ExitCode.PARTIAL.code(), new byte[0], shownName(path) + ": "
                        + (e instanceof NoSuchFileException ? "no such file or directory" : FileReceiver.describe(e)))));
            }
            return;
        }
        try {
            judgeFrom(operand);
            if (operand.relativeName() != null) {
                filesFrom = true;
                byte[] name = operand.relativeName().getBytes(StandardCharsets.UTF_8);
                if (excluded(name, isDirectory(path, beneath))) {
                    // As rsync: judged before its directories are listed, which then are not.
                    return;
                }
                if (impliedDirectories) {
                    // As rsync: the base a "./NAME" names comes first, even where NAME is missing.
                    if (operand.listsBase() && (recursive || dirs)) {
                        impliedParent(operand.base(), new byte[] {'.'});
                    } else if (operand.listsBase()) {
                        // A -R "./NAME" without -r or -d: rsync skips the base as any directory then.
                        ready.add(problemEntry(ExitCode.OK, new byte[] {'.'}, "skipping directory %s"));
                    }
                    if (listsImpliedDirectories(path, beneath)) {
                        impliedParents(operand.base(), name);
                    }
                }
                describe(path, name, true, false, operand.contents(), beneath, null, List.of());
            } else if (operand.contents() && isDirectory(path, beneath)) {
                List<Merged> later = mergedWithOperand(index);
                try {
                    describe(path, new byte[] {'.'}, true, false, true, beneath, null, later);
                } finally {
                    later.forEach(merged -> closeUnlessRoot(merged.parent()));
                }
            } else if (ignoreMissingArgs && directoryMissing(operand, beneath)) {
                ready.add(new ListedEntry(problem(ExitCode.PARTIAL.code(), new byte[0],
                        shownName(path) + ": no such file or directory")));
            } else {
                Path absolute = path.toAbsolutePath().normalize();
                byte[] name = absolute.getFileName() == null ? new byte[] {'.'} : FileNames.lastComponent(absolute);
                OperandWinners.Decision decision = mergesOperands
                        ? winners.decide(new String(name, StandardCharsets.UTF_8)) : null;
                if (decision != null && decision.leftOut().contains(index)) {
                    ready.add(new ListedEntry(problem(ExitCode.PARTIAL.code(), name, shownName(path)
                            + ": not sent: more than " + MAX_MERGED_OPERANDS + " directories of this name are named")));
                    return;
                }
                if (decision != null && decision.winner() >= 0 && decision.winner() != index && found(path) != null) {
                    // Another operand's entry of the name is listed, this one merged into it if a directory.
                    return;
                }
                describe(path, name, true, false, false, beneath, null,
                        decision == null ? List.of() : opened(decision.mergedDirectories()));
            }
        } finally {
            closeUnlessRoot(beneath);
        }
    }

    /**
     * The dir/ operands listed as one directory: the first that is a directory, and the later
     * ones that are, up to {@link #MAX_MERGED_OPERANDS} distinct directories (one more is not
     * sent, and said to be; one named again lists nothing more). As rsync's list, which holds
     * every operand's names at once, their contents are one directory (each name once: see
     * {@link MergedChildren}), so that what the first lists is neither overwritten by a later
     * operand's nor taken by --delete for an extra. A later one naming a directory already in
     * the group lists nothing more and is left out; one that is no directory is listed, and
     * fails, on its own.
     */
    private List<Integer> mergedGroup() {
        List<Integer> group = new ArrayList<>();
        Set<OperandWinners.Found> directories = new HashSet<>();
        for (int index = 0; mergesOperands && index < operands.size(); index++) {
            SourceOperand operand = operands.get(index);
            if (operand.relativeName() != null || !operand.contents()) {
                continue;
            }
            OperandWinners.Found directory = found(operand.path(), true);
            if (directory == null || directory.type() != FileModes.S_IFDIR) {
                continue;
            }
            if (!directories.add(directory)) {
                // The same directory named again lists nothing more.
                mergedOperands.add(index);
            } else if (group.size() == MAX_MERGED_OPERANDS) {
                beyondMergeBound.add(index);
            } else {
                group.add(index);
                if (group.size() > 1) {
                    mergedOperands.add(index);
                }
            }
        }
        return group;
    }

    /** The directories of the dir/ operands merged into operand {@code index}'s, if it leads the group. */
    private List<Merged> mergedWithOperand(int index) {
        List<Merged> merged = new ArrayList<>();
        if (mergedGroup.isEmpty() || mergedGroup.get(0) != index) {
            return merged;
        }
        for (int other : mergedGroup.subList(1, mergedGroup.size())) {
            Path path = operands.get(other).path();
            try {
                merged.add(new Merged(path, beneathRoot(path, true), other));
            } catch (IOException e) {
                ready.add(new ListedEntry(problem(ExitCode.PARTIAL.code(), new byte[0],
                        shownName(path) + ": " + FileReceiver.describe(e))));
            }
        }
        return merged;
    }

    /**
     * The directories of other operands' entries, to merge into the one listed: found when it is
     * walked, by path on a client and beneath the root's descriptor on a server.
     */
    private static List<Merged> opened(List<OperandWinners.Holder> holders) {
        List<Merged> merged = new ArrayList<>(holders.size());
        for (OperandWinners.Holder holder : holders) {
            merged.add(new Merged(holder.path(), null, holder.operand()));
        }
        return merged;
    }

    /** Each operand's name at the top of the list where it is named without a trailing slash; null otherwise. */
    private static List<String> topNames(List<SourceOperand> operands) {
        List<String> names = new ArrayList<>(operands.size());
        for (SourceOperand operand : operands) {
            Path absolute = operand.path().toAbsolutePath().normalize();
            names.add(operand.relativeName() != null || operand.contents() || absolute.getFileName() == null ? null
                    : new String(FileNames.lastComponent(absolute), StandardCharsets.UTF_8));
        }
        return names;
    }

    /**
     * What is at {@code path} as a holder of its name at the top of the list: null for nothing,
     * and for an entry the filters leave out, which rsync's list does not hold either.
     */
    private OperandWinners.Found foundListed(Path path) {
        OperandWinners.Found found = found(path);
        if (found == null) {
            return null;
        }
        return excluded(FileNames.lastComponent(path.toAbsolutePath().normalize()), found.type() == FileModes.S_IFDIR)
                ? null : found;
    }

    /** What is at {@code path} (its symlink not followed), looked up as the list looks up operands; null if nothing. */
    private OperandWinners.Found found(Path path) {
        return found(path, false);
    }

    /**
     * What is at {@code path}, looked up as the list looks up operands, a symlink at the end
     * followed if {@code followLeaf} (a dir/ operand's, as its listing follows it); null if nothing.
     */
    private OperandWinners.Found found(Path path, boolean followLeaf) {
        Parent beneath = null;
        try {
            beneath = beneathRoot(path, followLeaf);
            FileStatus status = beneath == null ? FileStatus.of(path, FileNames.absolute(path), followLeaf)
                    : beneath.directory().status(beneath.leaf());
            return new OperandWinners.Found(FileModes.type(status.mode()), status.device(), status.inode());
        } catch (IOException e) {
            return null;
        } finally {
            closeUnlessRoot(beneath);
        }
    }

    /**
     * Whether the directory rsync's sender changes into before it looks for plain operand
     * {@code operand} is missing: the operand itself when named with a trailing slash, else the
     * directory it is in (which {@code beneath}, on a server, has opened). --ignore-missing-args
     * and --delete-missing-args spare a missing operand, not one whose directory is missing
     * (rsync's "change_dir failed", 23); -R and --files-from names, which rsync looks up whole, are
     * spared either way.
     */
    private static boolean directoryMissing(SourceOperand operand, Parent beneath) {
        if (!operand.contents()) {
            return beneath == null && Files.notExists(operand.path().toAbsolutePath().getParent());
        }
        if (beneath == null) {
            return Files.notExists(operand.path());
        }
        try {
            beneath.directory().status(beneath.leaf());
            return false;
        } catch (NoSuchFileException e) {
            return true;
        } catch (IOException e) {
            // There, but not to be looked at: describe says why.
            return false;
        }
    }

    /**
     * Points the filter rules at the directory the operand's names are relative to (for '/'
     * rules, and whose merge files, with those of a parent scan, they read) and, for a
     * --files-from name, at the directories on its way, whose merge files judge it, as rsync's.
     */
    private void judgeFrom(SourceOperand operand) {
        String directory = filterRoot(operand);
        try {
            filters.root(directory, this::mergeFilesAt);
            String name = operand.relativeName();
            int slash = name == null ? -1 : name.lastIndexOf('/');
            filters.moveTo(slash < 0 ? "." : name.substring(0, slash),
                    relative -> mergeFilesAt(directory.equals("/") ? "/" + relative : directory + "/" + relative));
        } catch (IllegalArgumentException e) {
            throw RuleSetFailure.endingSession(e);
        }
    }

    /**
     * The directory the operand's names are relative to, as '/'-modified filter rules see it:
     * its absolute path on a client, its path beneath the served directory on a server.
     */
    private String filterRoot(SourceOperand operand) {
        Path path = operand.path().toAbsolutePath().normalize();
        Path directory = operand.relativeName() != null ? operand.base().toAbsolutePath().normalize()
                : operand.contents() || path.getParent() == null ? path : path.getParent();
        if (sourceRoot == null) {
            return directory.toString();
        }
        try {
            byte[] name = servedName(directory);
            return name.length == 1 && name[0] == '.' ? "/" : "/" + new String(name, StandardCharsets.UTF_8);
        } catch (FileSystemException e) {
            return "/";
        }
    }

    /**
     * The merge files of {@code directory}, named as {@link #filterRoot} names directories: a
     * client's opened by path, a server's beneath the served directory's descriptor (symlinks on
     * the way followed while they stay beneath it, as its operands'); null where it cannot be
     * opened.
     */
    private FilterScope.MergeFiles mergeFilesAt(String directory) {
        try {
            if (sourceRoot == null) {
                Path path = Path.of(directory);
                return new DirectoryMergeFiles(DirectoryHandle.open(path, FileNames.absolute(path), noAtime), true,
                        md5Buffer);
            }
            return directory.equals("/") ? new DirectoryMergeFiles(root(), false, md5Buffer)
                    : new DirectoryMergeFiles(root().openDirectoryFollowing(directory.substring(1)
                            .getBytes(StandardCharsets.UTF_8)), true, md5Buffer);
        } catch (IOException e) {
            return null;
        }
    }

    /** A directory opened for one operand only: what it held is listed (and walked by descriptors of its own). */
    private void closeUnlessRoot(Parent beneath) {
        if (beneath != null && beneath.directory() != root) {
            closeQuietly(beneath.directory());
        }
    }

    /**
     * A server's operand as a name beneath its root's descriptor, resolved there (the client
     * chooses when each operand is listed, so a check of its path before would prove nothing);
     * null for a client's own operands, found by the paths the user named. Symlinks on the way
     * are followed as long as each stays beneath the root, as rsync's daemon follows those inside
     * its module; the last component is the entry itself, unless {@code followLeaf} (a trailing
     * slash) names a directory through it.
     */
    private Parent beneathRoot(Path path, boolean followLeaf) throws IOException {
        if (sourceRoot == null) {
            return null;
        }
        byte[] name = servedName(path);
        DirectoryHandle top = root();
        if (followLeaf) {
            try {
                return new Parent(top.openDirectoryFollowing(name), new byte[] {'.'});
            } catch (IOException e) {
                // Not a directory beneath the root: named as it is, below.
            }
        }
        byte[] parent = FileNames.parent(name);
        byte[] leaf = FileNames.leaf(name);
        if (parent.length == 1 && parent[0] == '.') {
            return new Parent(top, leaf.length == 0 ? new byte[] {'.'} : leaf);
        }
        return new Parent(top.openDirectoryFollowing(parent), leaf);
    }

    /** The served directory's descriptor, opened at its first use. */
    private DirectoryHandle root() throws IOException {
        if (root == null) {
            root = DirectoryHandle.open(sourceRoot, FileNames.absolute(sourceRoot), noAtime);
        }
        return root;
    }

    /**
     * A listed file opened to be read and checked to be the file listed: a client's by its path, a
     * server's by its name beneath the served directory's descriptor (symlinks on the way followed
     * while they stay beneath it, the last as {@code opening} says), so that nothing swapped on the
     * way after the listing makes the open reach a node outside it.
     */
    ReadOnlyFile openListed(Path path, FileStatus listed, ReadOnlyFile.Opening opening) throws IOException {
        return sourceRoot == null ? ReadOnlyFile.openListed(path, FileNames.absolute(path), listed, opening)
                : ReadOnlyFile.openListed(root(), servedName(path), listed, opening);
    }

    /**
     * Whether a listed file that came up short is gone from its name (it vanished, rather than
     * changed size): a client's looked up by its path, a server's found as {@link #openListed}
     * finds it, so that no node outside the served directory is looked at for a client's message.
     */
    boolean vanished(Path path, FileStatus listed) {
        if (sourceRoot == null) {
            return Files.notExists(path, LinkOption.NOFOLLOW_LINKS);
        }
        try {
            openListedNode(path, listed).close();
            return false;
        } catch (NoSuchFileException e) {
            return true;
        } catch (IOException e) {
            // There but another file, or a name that now leads out of the served directory: changed.
            return false;
        }
    }

    /** As {@link #openListed}, the node itself (O_PATH), for its extended attributes. */
    private FileHandle openListedNode(Path path, FileStatus listed) throws IOException {
        return sourceRoot == null ? FileHandle.openListed(path, FileNames.absolute(path), listed)
                : FileHandle.openListed(root(), servedName(path), listed);
    }

    /** An operand as its messages name it: as the user named it, or on a server beneath the root. */
    private String shownName(Path path) {
        if (sourceRoot == null) {
            return path.toString();
        }
        try {
            return FileNames.display(servedName(path));
        } catch (FileSystemException e) {
            return FileNames.display(FileNames.lastComponent(path));
        }
    }

    /** A server's operand as its name beneath the root ("." for the root itself). */
    private byte[] servedName(Path path) throws FileSystemException {
        byte[] name = FileNames.beneath(FileNames.absolute(sourceRoot), FileNames.absolute(path.normalize()));
        if (name == null) {
            throw new FileSystemException(path.toString(), null, "is not beneath the served directory");
        }
        return name;
    }

    /**
     * As rsync's sender, which lists a -R or --files-from name's implied directories only once
     * its lstat succeeds: not for a name that cannot be looked at, nor for a missing one, unless
     * --delete-missing-args lists that one as missing.
     */
    private boolean listsImpliedDirectories(Path path, Parent beneath) {
        try {
            if (beneath == null) {
                Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } else {
                beneath.directory().status(beneath.leaf());
            }
            return true;
        } catch (NoSuchFileException e) {
            return deleteMissingArgs;
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean isDirectory(Path path, Parent beneath) {
        if (beneath == null) {
            return Files.isDirectory(path);
        }
        try {
            return FileModes.type(beneath.directory().status(beneath.leaf()).mode()) == FileModes.S_IFDIR;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * --files-from names like a/b/c: the receiver needs a and a/b before c. As rsync, such a
     * directory reached through a symlink is sent as the directory it leads to.
     */
    private void impliedParents(Path base, byte[] name) {
        for (int slash = 1; slash < name.length; slash++) {
            if (name[slash] == '/') {
                impliedParent(base, Arrays.copyOf(name, slash));
            }
        }
    }

    /** Lists directory {@code parent} under {@code base} (without what it holds) unless listed already. */
    private void impliedParent(Path base, byte[] parent) {
        if (listed.contains(key(parent))) {
            return;
        }
        Path parentPath = FileNames.resolve(base, parent);
        Parent beneath;
        try {
            beneath = beneathRoot(parentPath, true);
        } catch (NoSuchFileException e) {
            // The name itself fails, as missing (23).
            return;
        } catch (IOException e) {
            ready.add(problemEntry(ExitCode.PARTIAL, parent, "%s: " + FileReceiver.describe(e).replace("%", "%%")));
            return;
        }
        try {
            describe(parentPath, parent, false, true, false, beneath, null, List.of());
        } finally {
            closeUnlessRoot(beneath);
        }
    }

    private static String key(byte[] name) {
        return new String(name, StandardCharsets.ISO_8859_1);
    }

    /**
     * Lists one entry (and opens a directory to walk); false when it could not be examined for
     * another reason than having vanished, an I/O error after which its directory is incomplete.
     * {@code contents}: an operand named with a trailing '/' (or '.'), whose contents -d lists, and
     * which is followed if it is a symlink, as rsync follows one; any other symlink operand is a
     * symlink (sent with -l, skipped without).
     * {@code parent}: the listed directory it is in, or null for what the user named by path.
     */
    private boolean describe(Path path, byte[] name, boolean operand, boolean impliedOnly, boolean contents,
            Parent examined, ArrayDeque<Subdirectory> laterDirectories, List<Merged> mergedWith) {
        FileStatus attributes;
        Parent parent = examined;
        try {
            attributes = parent != null ? parent.directory().status(parent.leaf())
                    : FileStatus.of(path, FileNames.absolute(path), impliedOnly || (operand && contents));
        } catch (NoSuchFileException e) {
            if (impliedOnly) {
                // A --files-from name's missing parent: the name itself fails, as missing (23).
                return true;
            }
            if (operand && ignoreMissingArgs) {
                listMissing(path, name, parent);
                return true;
            }
            ready.add(operand ? new ListedEntry(problem(ExitCode.PARTIAL.code(), name, shownName(path) + ": no such file or directory"))
                    : problemEntry(ExitCode.VANISHED, name, "file has vanished: %s"));
            return true;
        } catch (IOException e) {
            String reason = FileReceiver.describe(e);
            ready.add(operand ? new ListedEntry(problem(ExitCode.PARTIAL.code(), name, shownName(path) + ": " + reason))
                    : problemEntry(ExitCode.PARTIAL, name, "%s: " + reason.replace("%", "%%")));
            return false;
        }
        if (FileModes.type(attributes.mode()) == FileModes.S_IFLNK && followedLinks.any()) {
            Reached reached = follow(path, name, attributes, parent);
            if (reached == null) {
                return true;
            }
            attributes = reached.attributes();
            parent = reached.parent();
        }
        byte[] keptTarget = null;
        if (fakeSuper.enabled()) {
            FakeSuper.Stat stat;
            try {
                stat = storedStat(path, attributes, parent);
                if (stat != null && FileModes.type(stat.mode()) == FileModes.S_IFLNK) {
                    keptTarget = keptTarget(path, attributes, parent);
                }
            } catch (IOException e) {
                return fakeSuperFailed(name, e);
            }
            attributes = stat == null ? attributes : stat.over(attributes);
        }
        int mode = attributes.mode();
        if (operand) {
            operandDevice = attributes.device();
        }
        // As rsync, an operand (or --files-from name) is judged too: only "." never is. A
        // --files-from name's directory is listed whatever the rules say, since the name needs
        // it (rsync's receiver would make it).
        if (!impliedOnly && excluded(name, FileModes.type(mode) == FileModes.S_IFDIR)) {
            return true;
        }
        if (filesFrom && !listed.add(key(name))) {
            // Named before: only a directory not yet walked still has something to list.
            if (FileModes.type(mode) == FileModes.S_IFDIR && (recursive || (dirs && contents)) && !impliedOnly
                    && walked.add(key(name))) {
                walk(path, name, parent, attributes, List.of());
            }
            return true;
        }
        switch (FileModes.type(mode)) {
            case FileModes.S_IFREG -> {
                byte[] first = firstNames == null || attributes.links() < 2 ? null
                        : firstNames.putIfAbsent(new FileId(attributes.device(), attributes.inode()), name);
                ListedEntry listed = first != null ? entry(EntryType.HARDLINK, path, name, attributes, first)
                        : withXattrs(entry(EntryType.FILE, path, name, attributes,
                                checksums ? md5(path, parent, attributes) : null), parent);
                ready.add(listed);
                // Unsent for its attributes: --delete must not take the receiver's copy for an extra.
                return listed.xattrs() != FAILED;
            }
            case FileModes.S_IFDIR -> {
                if (laterDirectories != null) {
                    laterDirectories.add(new Subdirectory(path, name, attributes, parent, mergedWith));
                    return true;
                }
                return directory(path, name, attributes, impliedOnly, contents, parent, mergedWith);
            }
            case FileModes.S_IFLNK -> {
                if (links && keptTarget != null) {
                    ListedEntry listed = withXattrs(entry(EntryType.SYMLINK, path, name, attributes, keptTarget), parent);
                    ready.add(listed);
                    return listed.xattrs() != FAILED;
                } else if (links) {
                    return symlink(path, name, attributes, parent);
                } else {
                    ready.add(problemEntry(ExitCode.OK, name, "skipping non-regular file \"%s\""));
                }
            }
            default -> {
                boolean device = FileModes.isDevice(mode);
                ready.add((device ? devices : specials)
                        ? entry(device ? EntryType.DEVICE : EntryType.SPECIAL, path, name, attributes, null)
                        : problemEntry(ExitCode.OK, name, "skipping non-regular file \"%s\""));
            }
        }
        return true;
    }

    /**
     * --fake-super: the value stored on the regular file or directory listed as {@code listed},
     * read through a descriptor of that very file; null for none (or for another type of file).
     */
    private FakeSuper.Stat storedStat(Path path, FileStatus listed, Parent parent) throws IOException {
        int type = FileModes.type(listed.mode());
        if (type != FileModes.S_IFREG && type != FileModes.S_IFDIR) {
            return null;
        }
        try (FileHandle node = !Parent.byPath(parent) ? parent.directory().openNode(parent.leaf())
                : openListedNode(path, listed)) {
            return FakeSuper.stored(node, listed);
        }
    }

    /** --fake-super: the target a regular file standing for a symlink holds. */
    private byte[] keptTarget(Path path, FileStatus listed, Parent parent) throws IOException {
        try (ReadOnlyFile file = !Parent.byPath(parent) ? ReadOnlyFile.of(parent.directory().openRead(parent.leaf()))
                : openListed(path, listed, new ReadOnlyFile.Opening(false, noAtime))) {
            return FakeSuper.target(file, listed);
        }
    }

    /**
     * --fake-super: an entry whose stored value could not be read fails (23); one whose value, or
     * symlink target, is not what rsync writes fails with rsync's "Corrupt" line and its exit code
     * (11), where rsync ends the whole transfer on it. Its directory is then incomplete.
     */
    private boolean fakeSuperFailed(byte[] name, IOException e) {
        if (e instanceof FakeSuper.MalformedValue malformed) {
            ready.add(new ListedEntry(problem(ExitCode.FILE_IO.code(), name,
                    malformed.line(FileNames.display(name)))));
        } else {
            ready.add(problemEntry(ExitCode.PARTIAL, name,
                    "%s: cannot read its user.rsync.%%stat: " + FileReceiver.describe(e).replace("%", "%%")));
        }
        return false;
    }

    /**
     * A symlink the options may have the list follow (-L, --copy-unsafe-links, -k): what it leads
     * to, found as rsync finds it on a client (by its path, wherever it leads) and beneath the
     * root's descriptor on a server, whose clients must not reach outside it; the symlink itself
     * where the options leave it one; null when it leads nowhere the list may go, listed as a
     * problem (exit 23).
     */
    private Reached follow(Path path, byte[] name, FileStatus link, Parent parent) {
        Reached itself = new Reached(link, parent);
        byte[] target;
        try {
            target = mungeLinks ? MungedLinks.unmunged(target(path, parent)) : target(path, parent);
        } catch (IOException e) {
            // Gone meanwhile: listed as a symlink that vanished.
            return itself;
        }
        boolean wanted = followedLinks.followsWhatever(name, target);
        if (!wanted && !followedLinks.followsDirectories()) {
            return itself;
        }
        Reached reached;
        try {
            if (sourceRoot == null) {
                reached = new Reached(FileStatus.of(path, FileNames.absolute(path), true), null);
            } else {
                byte[] served = servedName(path);
                reached = new Reached(root.statusFollowing(served), new Parent(root, served, true));
            }
        } catch (IOException e) {
            if (!wanted) {
                return itself;
            }
            ready.add(new ListedEntry(problem(ExitCode.PARTIAL.code(), name, e instanceof NoSuchFileException
                    ? "symlink has no referent: \"" + referentName(path) + "\""
                    : FileNames.display(name) + ": " + FileReceiver.describe(e))));
            return null;
        }
        // -k: only a directory is followed; a symlink it cannot follow stays a symlink.
        return wanted || FileModes.type(reached.attributes().mode()) == FileModes.S_IFDIR ? reached : itself;
    }

    /** A dangling symlink as rsync names it: the full path on a client, the name beneath the root on a server. */
    private String referentName(Path path) {
        return sourceRoot == null ? path.toAbsolutePath().toString() : shownName(path);
    }

    /** A rule set too costly to match ends the listing: {@link #next} rethrows it unchecked, the sender checked. */
    private boolean excluded(byte[] name, boolean isDirectory) {
        if (filters.isEmpty()) {
            return false;
        }
        try {
            return filters.excludes(new String(name, StandardCharsets.UTF_8), isDirectory);
        } catch (FilterTooComplexException e) {
            throw RuleSetFailure.endingSession(e);
        }
    }

    /**
     * -r walks every directory; -d lists each and walks only an operand named with a trailing '/'
     * or '.'. False when the directory could not be listed for its attributes (and is not walked).
     * With -x a directory beneath the operand on another file system (a mount point, listed with
     * the attributes of the file system mounted there, as rsync) is not walked; -xx leaves it out.
     */
    private boolean directory(Path path, byte[] name, FileStatus attributes, boolean impliedOnly, boolean contents,
            Parent parent, List<Merged> mergedWith) {
        if (!recursive && !dirs && !impliedOnly) {
            ready.add(problemEntry(ExitCode.OK, name, "skipping directory %s"));
            return true;
        }
        boolean mountPoint = oneFileSystem > 0 && parent != null && attributes.device() != operandDevice;
        if (mountPoint && oneFileSystem > 1) {
            return true;
        }
        ListedEntry listed = withXattrs(entry(EntryType.DIRECTORY, path, name, attributes, null), parent);
        ready.add(listed);
        if (listed.xattrs() == FAILED) {
            return false;
        }
        if (impliedOnly || (!recursive && !contents) || mountPoint) {
            return true;
        }
        Frame holder = walking(attributes);
        if (holder != null) {
            // A symlink the list followed leads back to a directory being walked: rsync walks the loop
            // until the kernel's 40 symlinks in one path; descriptors know no such limit, so it stops here.
            ready.add(problemEntry(ExitCode.PARTIAL, name, "cannot read directory %s: Too many levels of symbolic links"
                    + " (it is " + FileNames.display(holder.name()).replace("%", "%%") + " again)"));
            return true;
        }
        if (filesFrom) {
            walked.add(key(name));
        }
        walk(path, name, parent, attributes, mergedWith);
        return true;
    }

    /** The directory being walked that {@code directory} is (by device and inode), or null. */
    private Frame walking(FileStatus directory) {
        FileId id = new FileId(directory.device(), directory.inode());
        for (Frame frame : stack) {
            if (id.equals(frame.id())) {
                return frame;
            }
        }
        return null;
    }

    /**
     * Opens the directory (beneath {@code parent}'s descriptor, no symlink followed) and reads its
     * children, to be listed in byte order before its DIRECTORY_END.
     */
    private void walk(Path path, byte[] name, Parent parent, FileStatus attributes, List<Merged> mergedWith) {
        List<byte[]> children = new ArrayList<>();
        DirectoryHandle directory = null;
        boolean complete = true;
        try {
            directory = openListing(path, parent);
            children = directory.names();
        } catch (IOException e) {
            complete = false;
            ready.add(problemEntry(ExitCode.PARTIAL, name,
                    "cannot read directory %s: " + FileReceiver.describe(e).replace("%", "%%")));
        }
        List<Source> merged = new ArrayList<>(mergedWith.size());
        List<List<byte[]>> names = new ArrayList<>(mergedWith.size() + 1);
        names.add(children);
        for (Merged other : mergedWith) {
            DirectoryHandle opened = null;
            try {
                opened = openListing(other.path(), other.parent());
                names.add(opened.names());
                merged.add(new Source(other.path(), opened, other.operand()));
            } catch (IOException e) {
                closeQuietly(opened);
                complete = false;
                ready.add(problemEntry(ExitCode.PARTIAL, name, "cannot read directory %s (as merged from "
                        + shownName(other.path()).replace("%", "%%") + "): "
                        + FileReceiver.describe(e).replace("%", "%%")));
            }
        }
        if (filters.readsMergeFiles() && !isTransferRoot(name)) {
            try {
                filters.enter(new String(name, StandardCharsets.UTF_8),
                        directory == null ? null : new DirectoryMergeFiles(directory, false, md5Buffer));
            } catch (IllegalArgumentException e) {
                closeQuietly(directory);
                merged.forEach(source -> closeQuietly(source.directory()));
                throw RuleSetFailure.endingSession(e);
            }
        }
        List<MergedChildren.Child> listing;
        try {
            listing = merged.isEmpty() ? MergedChildren.single(children)
                    : MergedChildren.of(names, sharedNameJudge(name, directory, merged));
        } catch (RuntimeException e) {
            // A rule set too costly to match, say: nothing opened here is left open.
            closeQuietly(directory);
            merged.forEach(source -> closeQuietly(source.directory()));
            throw e;
        }
        stack.push(new Frame(path, name, directory, listing.iterator(), new ArrayDeque<>(), complete,
                new FileId(attributes.device(), attributes.inode()), listingOperand, merged));
    }

    /**
     * Opens a directory to list: beneath {@code parent}'s descriptor, no symlink followed but one
     * the list follows; without a parent, by its path on a client, and on a server (another
     * operand's directory merged in) beneath the root's descriptor.
     */
    private DirectoryHandle openListing(Path path, Parent parent) throws IOException {
        if (parent == null && sourceRoot != null) {
            Parent beneath = beneathRoot(path, false);
            try {
                return beneath.directory().openDirectory(beneath.leaf());
            } finally {
                closeUnlessRoot(beneath);
            }
        }
        return parent == null ? DirectoryHandle.open(path, FileNames.absolute(path), noAtime)
                : parent.followed() ? parent.directory().openDirectoryFollowing(parent.leaf())
                : parent.directory().openDirectory(parent.leaf());
    }

    /**
     * How a name several merged directories share is judged: what it is in each (a symlink is a
     * symlink: operands are merged only where the list follows none), and the filters as they
     * judge it.
     */
    private MergedChildren.Judge sharedNameJudge(byte[] name, DirectoryHandle directory, List<Source> merged) {
        return new MergedChildren.Judge() {
            @Override
            public boolean isDirectory(int source, byte[] child) {
                DirectoryHandle in = source == 0 ? directory : merged.get(source - 1).directory();
                if (in == null) {
                    return false;
                }
                try {
                    return FileModes.type(in.status(child).mode()) == FileModes.S_IFDIR;
                } catch (IOException e) {
                    return false;
                }
            }

            @Override
            public boolean excluded(byte[] child, boolean isDirectory) {
                return FileList.this.excluded(FileNames.join(name, child), isDirectory);
            }
        };
    }

    /** Closes a listed directory and those merged into it. */
    private static void closeAll(Frame frame) {
        closeQuietly(frame.directory());
        frame.merged().forEach(source -> closeQuietly(source.directory()));
    }

    /** "." names the transfer root, whose merge files {@link #judgeFrom} has the rules read. */
    private static boolean isTransferRoot(byte[] name) {
        return name.length == 1 && name[0] == '.';
    }

    private static void closeQuietly(DirectoryHandle directory) {
        if (directory != null) {
            try {
                directory.close();
            } catch (IOException e) {
                // A directory opened for reading only: closing it loses nothing.
            }
        }
    }

    /** Closes the directories still being listed, the innermost first, and frees the MD5 buffer. */
    @Override
    public void close() {
        while (!stack.isEmpty()) {
            closeAll(stack.pop());
        }
        closeQuietly(root);
        md5Buffer.close();
    }

    /** False when it is left out for its attributes (as {@link #directory}). */
    private boolean symlink(Path path, byte[] name, FileStatus attributes, Parent parent) {
        byte[] target;
        try {
            target = mungeLinks ? MungedLinks.unmunged(target(path, parent)) : target(path, parent);
        } catch (IOException e) {
            ready.add(problemEntry(ExitCode.VANISHED, name, "file has vanished: %s"));
            return true;
        }
        ListedEntry listed = withXattrs(entry(EntryType.SYMLINK, path, name, attributes, target), parent);
        ready.add(listed);
        return listed.xattrs() != FAILED;
    }

    private static byte[] target(Path path, Parent parent) throws IOException {
        return parent != null ? parent.directory().readLink(parent.leaf())
                : Symlinks.read(path, FileNames.absolute(path));
    }

    private ListedEntry entry(EntryType type, Path path, byte[] name, FileStatus attributes, byte[] extra) {
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
            // Queued before the entry its caller queues: the receiver learns a name before its first use.
            naming.announce(attributes.uid(), attributes.gid(), () -> nextIndex++, named -> ready.add(new ListedEntry(named)));
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
     * listed (opened beneath its directory's descriptor, or as {@link #openListed} opens it and then
     * checked to be the listed file). Attributes that cannot be read, or that would not fit one control
     * message with their entry, make it a failure (exit 23), as an unreadable attribute makes it in
     * rsync.
     */
    private ListedEntry withXattrs(ListedEntry listed, Parent parent) {
        if (!xattrs.enabled() || listed.path() == null) {
            return listed;
        }
        Entry entry = listed.entry();
        Xattrs found;
        try (FileHandle node = !Parent.byPath(parent) ? parent.directory().openNode(parent.leaf())
                : openListedNode(listed.path(), listed.listed())) {
            found = xattrs.read(node);
        } catch (IOException e) {
            return instead(entry, FileNames.display(entry.name()) + ": cannot read its extended attributes: "
                    + FileReceiver.describe(e));
        }
        if (found.encodedSize() > Xattrs.roomAfter(entry, atimes)) {
            return instead(entry, FileNames.display(entry.name()) + ": its extended attributes take "
                    + found.encodedSize() + " bytes, more than the " + Xattrs.roomAfter(entry, atimes)
                    + " that fit with its entry");
        }
        return new ListedEntry(entry, listed.path(), listed.listed(), found);
    }

    /** A failure (exit 23) in place of {@code entry}, under its index, marked {@link #FAILED}. */
    private static ListedEntry instead(Entry entry, String message) {
        return new ListedEntry(Entry.problem(entry.index(), ExitCode.PARTIAL.code(), entry.name(),
                message.getBytes(StandardCharsets.UTF_8)), null, null, FAILED);
    }

    /** Mode 1 marks a directory the sender could not read in full: the receiver deletes nothing in it. */
    private ListedEntry directoryEnd(byte[] name, boolean complete) {
        return new ListedEntry(new Entry(nextIndex++, EntryType.DIRECTORY_END, complete ? 0 : 1, 0, 0, 0, 0, 0, name,
                new byte[0]));
    }

    /** {@code format} has one %s: the name. */
    private ListedEntry problemEntry(ExitCode code, byte[] name, String format) {
        return new ListedEntry(problem(code.code(), name, String.format(format, FileNames.display(name))));
    }

    /** --checksum: the content digest the receiver compares with its own copy (of the file listed). */
    private byte[] md5(Path path, Parent parent, FileStatus listed) {
        try (ReadOnlyFile file = !Parent.byPath(parent) ? ReadOnlyFile.of(parent.directory().openRead(parent.leaf()))
                : openListed(path, listed, new ReadOnlyFile.Opening(true, noAtime))) {
            return md5(file, md5Buffer.get(), heartbeat);
        } catch (IOException e) {
            return new byte[0];
        }
    }

    /** The MD5 of all of {@code file}, read through {@code buffer} (direct; a session keeps one, not one per file). */
    static byte[] md5(ReadOnlyFile file, ByteBuffer buffer, Heartbeat heartbeat) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        for (long at = 0; ; ) {
            int n = file.read(buffer.clear(), at);
            if (n == 0) {
                return digest.digest();
            }
            digest.update(buffer.flip());
            at += n;
            heartbeat.beat();
        }
    }
}
