package dev.rdcp.transfer;

import dev.rdcp.filter.FilterRules;
import dev.rdcp.filter.FilterScope;
import dev.rdcp.filter.FilterTooComplexException;
import dev.rdcp.posix.DescriptorLimit;
import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.posix.FileHandle;
import dev.rdcp.posix.FileStatus;
import dev.rdcp.posix.PathErrors;
import dev.rdcp.posix.ReadOnlyFile;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ExtendedOptions;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.transfer.SourceTree.Parent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
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

    /**
     * The most distinct directories listed as one (dir/ operands, or directories of one name);
     * one more is not sent, and said to be. Each holds a descriptor at every depth the merged walk
     * reaches, so a merged walk holds at most this many times a single walk's, and a pull's
     * operands are its client's.
     */
    static final int MAX_MERGED_OPERANDS = 8;

    /** Levels every walk may hold open, however low the descriptor limit. */
    static final int MIN_HELD_DIRECTORIES = 32;
    /** What one session leaves of the descriptor limit for its files, sockets and the JVM's own. */
    static final int RESERVED_DESCRIPTORS = 256;

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
            return index == 0 ? new Source(path, directory, operand, id) : merged.get(index - 1);
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
    private record Source(Path path, DirectoryHandle directory, int operand, FileId id) {
    }

    /**
     * A directory to merge into one of the same name: a later dir/ operand's (its parent null on a
     * client, found by its path), or the same name beneath a merged directory.
     */
    private record Merged(Path path, Parent parent, int operand) {
    }

    /**
     * A child found to be a directory (after any symlink the list follows), listed after its
     * siblings, with the directories of its name that merge into it; {@code operand}: the operand
     * it is of, whose file system -x keeps to.
     */
    private record Subdirectory(Path path, byte[] name, FileStatus attributes, Parent parent, List<Merged> mergedWith,
            int operand) {
    }

    /** What a name was found to be, and where (after a symlink the list follows, what it leads to). */
    private record Reached(FileStatus attributes, Parent parent) {
    }

    private record FileId(long device, long inode) {
    }

    private final List<SourceOperand> operands;
    /** The next operand to list. */
    private int nextOperand;
    /** The dir/ operands listed as one directory; null until the first operand is listed. */
    private MergedOperandGroup mergedGroup;
    /** Which operand's entry each top-level name several operands hold comes from. */
    private final OperandWinners winners;
    /**
     * The operand whose entry is being listed: the one being listed, or, in a directory several
     * operands' directories merge into, the one the child comes from.
     */
    private int entryOperand;
    private final boolean recursive;
    private final boolean dirs;
    /** -R and --files-from names have their leading directories listed (not with --no-implied-dirs). */
    private final boolean impliedDirectories;
    private final boolean devices;
    private final boolean specials;
    private final boolean links;
    private final FollowedLinks followedLinks;
    /** -m, or null. */
    private final EmptyDirectoryPruning pruning;
    private final boolean checksums;
    /** The sender's view of the filter rules. */
    private final FilterScope filters;
    private final boolean delete;
    private final boolean ignoreErrors;
    /**
     * --delete as rsync's --delete-during (extended flag DELETE_DURING): each directory's
     * subdirectories are named and its children ended before the first is listed.
     */
    private final boolean endsChildren;
    /** The directory on top of the stack has had its children ended (or need not). */
    private boolean childrenEnded = true;
    /** --ignore-missing-args: an operand or --files-from name that does not exist is left out, silently. */
    private final boolean ignoreMissingArgs;
    /** --delete-missing-args: such a name is listed as MISSING instead, where its directory is listed. */
    private final boolean deleteMissingArgs;
    /** --munge-links on a push or a local copy: the targets listed lose the prefix a munging receiver gave them. */
    private final boolean mungeLinks;
    /** -x: 1, -xx: 2, else 0. */
    private final int oneFileSystem;
    /** -x: each operand's device, once listed; a directory on another device than its operand's is a mount point. */
    private final long[] operandDevices;
    private final ArrayDeque<Frame> stack = new ArrayDeque<>();
    /**
     * Directories the walk holds open: one for each level it is in, and each directory merged
     * there. At most {@link #maxHeldDirectories}: a client that can push can make a tree thousands
     * of levels deep, and a daemon's sessions share its descriptors.
     */
    private int heldDirectories;
    private final int maxHeldDirectories;
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
    /**
     * What the names above cost, held to the list's end: in proportion to the tree, so a
     * daemon's draw from the pool its sessions share. No cap of the session's own: rsync's list
     * holds as much, and a large tree is no client's fault.
     */
    private final SessionBudget remembered;
    private final Heartbeat heartbeat;
    /** --checksum: what each file is read through for its MD5, allocated at the first; one per session. */
    private final ScratchBuffer md5Buffer = new ScratchBuffer(ContentMd5.BUFFER);
    /** Where the operands and what they hold are found. */
    private final SourceTree tree;
    /** Makes and numbers the entries. */
    private final ListEntries entries;
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
        this(operands, options, heartbeat, names, sourceRoot, BookkeepingPool.unbounded());
    }

    /** As above, the names remembered to the list's end drawn from {@code bookkeeping}. */
    FileList(List<SourceOperand> operands, TransferOptions options, Heartbeat heartbeat, IdNaming.Names names,
            Path sourceRoot, BookkeepingPool bookkeeping) {
        this(operands, options, heartbeat, names, sourceRoot, bookkeeping, maxHeldDirectories(bookkeeping.shared()));
    }

    /** As above, holding at most {@code maxHeldDirectories} directories open. */
    FileList(List<SourceOperand> operands, TransferOptions options, Heartbeat heartbeat, IdNaming.Names names,
            Path sourceRoot, BookkeepingPool bookkeeping, int maxHeldDirectories) {
        this.maxHeldDirectories = maxHeldDirectories;
        this.remembered = new SessionBudget(Long.MAX_VALUE, bookkeeping);
        this.tree = new SourceTree(sourceRoot, options.has(SessionRequest.OPEN_NOATIME));
        this.entries = new ListEntries(options, names, tree, ready::add);
        this.heartbeat = heartbeat;
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
        this.checksums = options.has(SessionRequest.CHECKSUM);
        this.filters = options.filters().scope(FilterRules.Side.SENDER);
        this.delete = options.has(SessionRequest.DELETE);
        this.ignoreErrors = options.has(SessionRequest.IGNORE_ERRORS);
        this.endsChildren = options.receiver().extended().has(ExtendedOptions.DELETE_DURING);
        this.deleteMissingArgs = options.has(SessionRequest.DELETE_MISSING_ARGS);
        this.ignoreMissingArgs = deleteMissingArgs || options.has(SessionRequest.IGNORE_MISSING_ARGS);
        this.mungeLinks = options.mungeLinks();
        this.oneFileSystem = options.has(SessionRequest.ONE_FILE_SYSTEM_TWICE) ? 2
                : options.has(SessionRequest.ONE_FILE_SYSTEM) ? 1 : 0;
        this.firstNames = options.has(SessionRequest.HARD_LINKS) ? new HashMap<>() : null;
        this.pruning = options.has(SessionRequest.PRUNE_EMPTY_DIRS) ? new EmptyDirectoryPruning(this::listed) : null;
        this.operandDevices = new long[this.operands.size()];
    }

    /**
     * In a daemon, whose sessions share its descriptors: a 32nd of the descriptor limit, so that
     * its up to 16 sessions hold at most half of them in their walks, the rest left for the
     * files, sockets and the JVM's own. A client or an ssh server runs one session: the limit
     * less {@link #RESERVED_DESCRIPTORS}. At least {@link #MIN_HELD_DIRECTORIES} either way.
     */
    static int maxHeldDirectories(boolean sessionsShareDescriptors) {
        long soft = DescriptorLimit.soft();
        long bound = sessionsShareDescriptors ? soft / 32 : soft - RESERVED_DESCRIPTORS;
        return (int) Math.max(MIN_HELD_DIRECTORIES, Math.min(Integer.MAX_VALUE, bound));
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
                    List<Merged> mergedWith = throughFollowedLinks(top.mergedWith(child));
                    String leaf = stack.size() == 1 && isTransferRoot(top.name())
                            ? new String(child.name(), StandardCharsets.UTF_8) : null;
                    if (leaf != null && winners.named(leaf)) {
                        OperandWinners.Decision decision = winners.decide(leaf);
                        if (decision != null && decision.winner() >= 0) {
                            tellLeftOut(decision, from, mergedWith, child.name());
                            if (decision.winner() != from.operand()) {
                                // An operand named without a trailing slash lists it, this one's merged in.
                                continue;
                            }
                            mergedWith = withinMergeBound(decision, mergedWith);
                        }
                    }
                    entryOperand = from.operand();
                    listedWhole = describe(FileNames.resolve(from.path(), child.name()),
                            FileNames.join(top.name(), child.name()), false, false, false,
                            new Parent(from.directory(), child.name()), top.subdirectories(), mergedWith);
                } else if (endsChildren && !childrenEnded) {
                    childrenEnded = true;
                    endChildren(top);
                    continue;
                } else if (!top.subdirectories().isEmpty()) {
                    Subdirectory next = top.subdirectories().poll();
                    entryOperand = next.operand();
                    listedWhole = directory(next.path(), next.name(), next.attributes(), false, false, next.parent(),
                            next.mergedWith());
                } else {
                    stack.pop();
                    closeAll(top);
                    if (filters.readsMergeFiles() && !isTransferRoot(top.name())) {
                        filters.leave();
                    }
                    if (!top.complete() && delete && !ignoreErrors && !endsChildren) {
                        ready.add(entries.problemEntry(ExitCode.OK, top.name(),
                                "IO error encountered -- skipping file deletion in %s"));
                    }
                    ready.add(entries.directoryEnd(top.name(), top.complete()));
                    continue;
                }
                if (!listedWhole && top.complete()) {
                    stack.pop();
                    stack.push(top.incomplete());
                }
            } else if (nextOperand < operands.size()) {
                if (mergedGroup == null) {
                    mergedGroup = new MergedOperandGroup(operands, MAX_MERGED_OPERANDS, path -> tree.found(path, true));
                    winners.mergedDirectories(mergedGroup.members());
                }
                int operand = nextOperand++;
                if (mergedGroup.beyondBound(operand)) {
                    ready.add(new ListedEntry(problem(ExitCode.PARTIAL.code(), new byte[0],
                            tree.shownName(operands.get(operand).path()) + ": not sent: more than " + MAX_MERGED_OPERANDS
                                    + " directories are listed as one")));
                } else if (!mergedGroup.listedByLeader(operand)) {
                    entryOperand = operand;
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
            ready.add(entries.missing(name));
        }
    }

    /** A problem found after listing (a file that vanished before it could be sent). */
    Entry problem(int exitCode, byte[] name, String message) {
        return entries.problem(exitCode, name, message);
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
            beneath = tree.beneathRoot(path, operand.contents());
        } catch (IOException e) {
            // A missing directory on the way spares only a -R or --files-from name (see directoryMissing).
            if (!(e instanceof NoSuchFileException && ignoreMissingArgs && operand.relativeName() != null)) {
                ready.add(new ListedEntry(problem(ExitCode.PARTIAL.code(), new byte[0], tree.shownName(path) + ": "
                        + (e instanceof NoSuchFileException ? "no such file or directory" : PathErrors.reason(e)))));
            }
            return;
        }
        try {
            judgeFrom(operand);
            if (operand.relativeName() != null) {
                filesFrom = true;
                byte[] name = operand.relativeName().getBytes(StandardCharsets.UTF_8);
                if (excluded(name, SourceTree.isDirectory(path, beneath))) {
                    // As rsync: judged before its directories are listed, which then are not.
                    return;
                }
                if (impliedDirectories) {
                    // As rsync: the base a "./NAME" names comes first, even where NAME is missing.
                    if (operand.listsBase() && (recursive || dirs)) {
                        impliedParent(operand.base(), new byte[] {'.'});
                    } else if (operand.listsBase()) {
                        // A -R "./NAME" without -r or -d: rsync skips the base as any directory then.
                        ready.add(entries.problemEntry(ExitCode.OK, new byte[] {'.'}, "skipping directory %s"));
                    }
                    if (listsImpliedDirectories(path, beneath)) {
                        impliedParents(operand.base(), name);
                    }
                }
                describe(path, name, true, false, operand.contents(), beneath, null, List.of());
            } else if (operand.contents() && SourceTree.isDirectory(path, beneath)) {
                if (tree.refusesListing(path, beneath)) {
                    // As rsync's sender, whose change_dir into it fails: nothing of it listed, "." neither,
                    // so its mode (000) is not given to DEST.
                    ready.add(new ListedEntry(problem(ExitCode.PARTIAL.code(), new byte[0],
                            "cannot read directory " + tree.shownName(path) + ": Permission denied")));
                    return;
                }
                List<Merged> later = mergedWithOperand(index);
                try {
                    describe(path, new byte[] {'.'}, true, false, true, beneath, null, later);
                } finally {
                    later.forEach(merged -> tree.closeUnlessRoot(merged.parent()));
                }
            } else if (operand.contents() && tree.found(path, true) != null) {
                // As rsync's sender, which changes into "NAME/" to list it: not a directory, not sent (23).
                ready.add(new ListedEntry(problem(ExitCode.PARTIAL.code(), new byte[0],
                        tree.shownName(path) + ": Not a directory")));
            } else if (ignoreMissingArgs && directoryMissing(operand, beneath)) {
                ready.add(new ListedEntry(problem(ExitCode.PARTIAL.code(), new byte[0],
                        tree.shownName(path) + ": no such file or directory")));
            } else {
                Path absolute = path.toAbsolutePath().normalize();
                byte[] name = absolute.getFileName() == null ? new byte[] {'.'} : FileNames.lastComponent(absolute);
                OperandWinners.Decision decision = winners.decide(new String(name, StandardCharsets.UTF_8));
                if (decision != null && decision.leftOut().contains(index)) {
                    ready.add(new ListedEntry(problem(ExitCode.PARTIAL.code(), name, tree.shownName(path)
                            + ": not sent: more than " + MAX_MERGED_OPERANDS + " directories of this name are named")));
                    return;
                }
                if (decision != null && decision.winner() >= 0 && decision.winner() != index && tree.found(path, false) != null) {
                    // Another operand's entry of the name is listed, this one merged into it if a directory.
                    return;
                }
                describe(path, name, true, false, false, beneath, null,
                        decision == null ? List.of() : opened(decision.mergedDirectories()));
            }
        } finally {
            tree.closeUnlessRoot(beneath);
        }
    }

    /** The directories of the dir/ operands merged into operand {@code index}'s, if it leads the group. */
    private List<Merged> mergedWithOperand(int index) {
        List<Merged> merged = new ArrayList<>();
        for (int other : mergedGroup.listedWith(index)) {
            Path path = operands.get(other).path();
            try {
                merged.add(new Merged(path, tree.beneathRoot(path, true), other));
            } catch (IOException e) {
                ready.add(new ListedEntry(problem(ExitCode.PARTIAL.code(), new byte[0],
                        tree.shownName(path) + ": " + PathErrors.reason(e))));
            }
        }
        return merged;
    }

    /**
     * The directories of other operands' entries, to merge into the one listed: found when it is
     * walked, by path on a client and beneath the root's descriptor on a server.
     */
    private List<Merged> opened(List<OperandWinners.Holder> holders) {
        List<Merged> merged = new ArrayList<>(holders.size());
        for (OperandWinners.Holder holder : holders) {
            merged.add(new Merged(holder.path(), null, holder.operand()));
        }
        return throughFollowedLinks(merged);
    }

    /**
     * Directories to merge, each opened through the symlink it is where the list follows it (the
     * judge took it for what it leads to): by its path on a client, beneath the root on a server.
     */
    private List<Merged> throughFollowedLinks(List<Merged> mergedWith) {
        if (!followedLinks.any() || mergedWith.isEmpty()) {
            return mergedWith;
        }
        List<Merged> through = new ArrayList<>(mergedWith.size());
        for (Merged merged : mergedWith) {
            Merged opened = merged;
            try {
                if (typeOf(merged) == FileModes.S_IFLNK) {
                    opened = new Merged(merged.path(), tree.followedParent(merged.path()), merged.operand());
                }
            } catch (IOException e) {
                // Gone meanwhile: its listing fails, and says so, where it is opened.
            }
            through.add(opened);
        }
        return through;
    }

    /**
     * The directories merged into a top-level name that named operands share with the merged dir/
     * operands: the decision's, which stop at {@link #MAX_MERGED_OPERANDS} counting both kinds
     * (the dir/ operands' own were added to the named ones' past the bound, 15 in all).
     */
    private List<Merged> withinMergeBound(OperandWinners.Decision decision, List<Merged> mergedDirOperands) {
        Set<Integer> kept = new HashSet<>();
        decision.mergedDirectories().forEach(holder -> kept.add(holder.operand()));
        List<Merged> merged = new ArrayList<>(kept.size());
        mergedDirOperands.stream().filter(dir -> kept.contains(dir.operand())).forEach(merged::add);
        merged.addAll(opened(decision.mergedDirectories().stream().filter(OperandWinners.Holder::named).toList()));
        return merged;
    }

    /** What a directory to merge is, its symlink not followed: found beneath its parent, or as an operand is found. */
    private int typeOf(Merged merged) throws IOException {
        if (merged.parent() != null) {
            return FileModes.type(SourceTree.status(merged.path(), merged.parent(), false).mode());
        }
        OperandWinners.Found found = tree.found(merged.path(), false);
        return found == null ? 0 : found.type();
    }

    /** The merged dir/ operands' directories of top-level {@code name} beyond the bound: not sent, and said to be. */
    private void tellLeftOut(OperandWinners.Decision decision, Source from, List<Merged> mergedDirOperands,
            byte[] name) {
        List<Path> leftOut = new ArrayList<>();
        if (decision.leftOut().contains(from.operand())) {
            leftOut.add(FileNames.resolve(from.path(), name));
        }
        mergedDirOperands.stream().filter(dir -> decision.leftOut().contains(dir.operand()))
                .forEach(dir -> leftOut.add(dir.path()));
        for (Path path : leftOut) {
            ready.add(new ListedEntry(problem(ExitCode.PARTIAL.code(), name, tree.shownName(path)
                    + ": not sent: more than " + MAX_MERGED_OPERANDS + " directories of this name are named")));
        }
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
        OperandWinners.Found found = tree.found(path, false);
        if (found == null) {
            return null;
        }
        byte[] leaf = FileNames.lastComponent(path.toAbsolutePath().normalize());
        if (found.type() == FileModes.S_IFLNK && followedLinks.any()) {
            try {
                if (follows(path, leaf, listedTarget(tree.linkTarget(path)))) {
                    // What it leads to holds the name; one that leads nowhere is listed, and fails, alone.
                    found = tree.found(path, true);
                    if (found == null) {
                        return null;
                    }
                }
            } catch (IOException e) {
                // Gone meanwhile: listed as the symlink it was.
            }
        }
        return excluded(leaf, found.type() == FileModes.S_IFDIR) ? null : found;
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
        String directory = tree.filterRoot(operand);
        try {
            filters.root(directory, at -> tree.mergeFilesAt(at, md5Buffer));
            String name = operand.relativeName();
            int slash = name == null ? -1 : name.lastIndexOf('/');
            filters.moveTo(slash < 0 ? "." : name.substring(0, slash), relative -> tree.mergeFilesAt(
                    directory.equals("/") ? "/" + relative : directory + "/" + relative, md5Buffer));
        } catch (IllegalArgumentException e) {
            throw RuleSetFailure.endingSession(e);
        }
    }

    /** A listed file opened to be read, checked to be the file listed: see {@link SourceTree#openListed}. */
    ReadOnlyFile openListed(Path path, FileStatus listed, ReadOnlyFile.Opening opening) throws IOException {
        return tree.openListed(path, listed, opening);
    }

    /** Whether a listed file that came up short is gone from its name: see {@link SourceTree#vanished}. */
    boolean vanished(Path path, FileStatus listed) {
        return tree.vanished(path, listed);
    }

    /**
     * As rsync's sender, which lists a -R or --files-from name's implied directories only once
     * its lstat succeeds: not for a name that cannot be looked at, nor for a missing one, unless
     * --delete-missing-args lists that one as missing.
     */
    private boolean listsImpliedDirectories(Path path, Parent beneath) {
        try {
            SourceTree.lookAt(path, beneath);
            return true;
        } catch (NoSuchFileException e) {
            return deleteMissingArgs;
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
            beneath = tree.beneathRoot(parentPath, true);
        } catch (NoSuchFileException e) {
            // The name itself fails, as missing (23).
            return;
        } catch (IOException e) {
            ready.add(entries.problemEntry(ExitCode.PARTIAL, parent, "%s: " + PathErrors.reason(e).replace("%", "%%")));
            return;
        }
        try {
            describe(parentPath, parent, false, true, false, beneath, null, List.of());
        } finally {
            tree.closeUnlessRoot(beneath);
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
            attributes = SourceTree.status(path, parent, impliedOnly || (operand && contents));
        } catch (NoSuchFileException e) {
            if (impliedOnly) {
                // A --files-from name's missing parent: the name itself fails, as missing (23).
                return true;
            }
            if (operand && ignoreMissingArgs) {
                listMissing(path, name, parent);
                return true;
            }
            ready.add(operand ? new ListedEntry(problem(ExitCode.PARTIAL.code(), name, tree.shownName(path) + ": no such file or directory"))
                    : entries.problemEntry(ExitCode.VANISHED, name, "file has vanished: %s"));
            return true;
        } catch (IOException e) {
            String reason = PathErrors.reason(e);
            ready.add(operand ? new ListedEntry(problem(ExitCode.PARTIAL.code(), name, tree.shownName(path) + ": " + reason))
                    : entries.problemEntry(ExitCode.PARTIAL, name, "%s: " + reason.replace("%", "%%")));
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
            operandDevices[entryOperand] = attributes.device();
        }
        // As rsync, an operand (or --files-from name) is judged too: only "." never is. A
        // --files-from name's directory is listed whatever the rules say, since the name needs
        // it (rsync's receiver would make it).
        if (!impliedOnly && excluded(name, FileModes.type(mode) == FileModes.S_IFDIR)) {
            return true;
        }
        if (filesFrom && !remember(listed, key(name))) {
            // Named before: only a directory not yet walked still has something to list.
            if (FileModes.type(mode) == FileModes.S_IFDIR && (recursive || (dirs && contents)) && !impliedOnly
                    && remember(walked, key(name))) {
                walk(path, name, parent, attributes, List.of());
            }
            return true;
        }
        switch (FileModes.type(mode)) {
            case FileModes.S_IFREG -> {
                byte[] first = firstNames == null || attributes.links() < 2 ? null : firstName(attributes, name);
                ListedEntry listed = first != null ? entries.entry(EntryType.HARDLINK, path, name, attributes, first)
                        : entries.withXattrs(entries.entry(EntryType.FILE, path, name, attributes,
                                checksums ? md5(path, parent, attributes) : null), parent);
                ready.add(listed);
                // Unsent for its attributes: --delete must not take the receiver's copy for an extra.
                return !ListEntries.failed(listed);
            }
            case FileModes.S_IFDIR -> {
                if (laterDirectories != null) {
                    laterDirectories.add(new Subdirectory(path, name, attributes, parent, mergedWith, entryOperand));
                    return true;
                }
                return directory(path, name, attributes, impliedOnly, contents, parent, mergedWith);
            }
            case FileModes.S_IFLNK -> {
                if (links && keptTarget != null) {
                    ListedEntry listed = entries.withXattrs(entries.entry(EntryType.SYMLINK, path, name, attributes, keptTarget), parent);
                    ready.add(listed);
                    return !ListEntries.failed(listed);
                } else if (links) {
                    return symlink(path, name, attributes, parent);
                } else {
                    ready.add(entries.problemEntry(ExitCode.OK, name, "skipping non-regular file \"%s\""));
                }
            }
            default -> {
                boolean device = FileModes.isDevice(mode);
                ready.add((device ? devices : specials)
                        ? entries.entry(device ? EntryType.DEVICE : EntryType.SPECIAL, path, name, attributes, null)
                        : entries.problemEntry(ExitCode.OK, name, "skipping non-regular file \"%s\""));
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
        try (FileHandle node = tree.openNode(path, listed, parent)) {
            return FakeSuper.stored(node, listed);
        }
    }

    /** --fake-super: the target a regular file standing for a symlink holds. */
    private byte[] keptTarget(Path path, FileStatus listed, Parent parent) throws IOException {
        try (ReadOnlyFile file = tree.openRead(path, listed, parent, false)) {
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
            ready.add(entries.problemEntry(ExitCode.PARTIAL, name,
                    "%s: cannot read its user.rsync.%%stat: " + PathErrors.reason(e).replace("%", "%%")));
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
            target = listedTarget(SourceTree.target(path, parent));
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
            reached = new Reached(tree.followed(path), tree.followedParent(path));
        } catch (IOException e) {
            if (!wanted) {
                return itself;
            }
            ready.add(new ListedEntry(problem(ExitCode.PARTIAL.code(), name, e instanceof NoSuchFileException
                    ? "symlink has no referent: \"" + tree.referentName(path) + "\""
                    : FileNames.display(name) + ": " + PathErrors.reason(e))));
            return null;
        }
        // -k: only a directory is followed; a symlink it cannot follow stays a symlink.
        return wanted || FileModes.type(reached.attributes().mode()) == FileModes.S_IFDIR ? reached : itself;
    }

    /** A symlink's target as listed: --munge-links' prefix, which a munging receiver gave it, taken off. */
    private byte[] listedTarget(byte[] target) {
        return mungeLinks ? MungedLinks.unmunged(target) : target;
    }

    /**
     * Whether the list follows the symlink to {@code target} at {@code path}, named {@code name}
     * in the transfer: -L every one, --copy-unsafe-links an unsafe one, -k one to a directory.
     */
    private boolean follows(Path path, byte[] name, byte[] target) {
        if (followedLinks.followsWhatever(name, target)) {
            return true;
        }
        try {
            return followedLinks.followsDirectories() && FileModes.type(tree.followed(path).mode()) == FileModes.S_IFDIR;
        } catch (IOException e) {
            return false;
        }
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
            ready.add(entries.problemEntry(ExitCode.OK, name, "skipping directory %s"));
            return true;
        }
        boolean mountPoint = oneFileSystem > 0 && parent != null && attributes.device() != operandDevices[entryOperand];
        // A directory of this name merged from another operand, on that operand's file system: as
        // in rsync's one list, which holds both, it is walked where this mount point is not.
        // As rsync's: only a directory to be walked (-r, or -d's DIR/) is a mount point -x stops at.
        boolean walked = !impliedOnly && (recursive || contents);
        Replacement instead = mountPoint && walked ? onItsOwnFileSystem(mergedWith) : null;
        if (mountPoint && oneFileSystem > 1 && walked) {
            if (instead == null) {
                return true;
            }
            entryOperand = instead.merged().operand();
            return directory(instead.merged().path(), name, instead.attributes(), false, contents,
                    instead.merged().parent(), instead.others());
        }
        ListedEntry listed = entries.withXattrs(entries.entry(EntryType.DIRECTORY, path, name, attributes, null), parent);
        ready.add(listed);
        if (ListEntries.failed(listed)) {
            return false;
        }
        if (instead != null && (recursive || contents)) {
            entryOperand = instead.merged().operand();
            return directory(instead.merged().path(), name, instead.attributes(), instead.merged().parent(),
                    instead.others());
        }
        if (impliedOnly || (!recursive && !contents) || mountPoint) {
            return true;
        }
        return directory(path, name, attributes, parent, mergedWith);
    }

    /** A directory whose entry is listed, walked unless it is one being walked already (a symlink loop). */
    private boolean directory(Path path, byte[] name, FileStatus attributes, Parent parent, List<Merged> mergedWith) {
        Frame holder = walking(attributes);
        if (holder != null) {
            // A symlink the list followed leads back to a directory being walked: rsync walks the loop
            // until the kernel's 40 symlinks in one path; descriptors know no such limit, so it stops here.
            ready.add(entries.problemEntry(ExitCode.PARTIAL, name, "cannot read directory %s: Too many levels of symbolic links"
                    + " (it is " + FileNames.display(holder.name()).replace("%", "%%") + " again)"));
            return true;
        }
        if (filesFrom) {
            remember(walked, key(name));
        }
        walk(path, name, parent, attributes, mergedWith);
        return true;
    }

    /** A merged directory walked in place of a mount point, with its attributes, and the directories still merged into it. */
    private record Replacement(Merged merged, FileStatus attributes, List<Merged> others) {
    }

    /**
     * -x: the first of {@code mergedWith} on its own operand's file system, to walk in place of a
     * mount point of the same name; null if there is none.
     */
    private Replacement onItsOwnFileSystem(List<Merged> mergedWith) {
        for (int i = 0; i < mergedWith.size(); i++) {
            Merged merged = mergedWith.get(i);
            try {
                FileStatus status = merged.parent() != null && !merged.parent().followed()
                        ? SourceTree.status(merged.path(), merged.parent(), false) : tree.followed(merged.path());
                if (FileModes.type(status.mode()) == FileModes.S_IFDIR && status.device() == operandDevices[merged.operand()]) {
                    List<Merged> others = new ArrayList<>(mergedWith.subList(i + 1, mergedWith.size()));
                    return new Replacement(merged, status, others);
                }
            } catch (IOException e) {
                // Gone meanwhile: not walked in its place.
            }
        }
        return null;
    }

    /**
     * The directory being walked that {@code directory} is (by device and inode) on the way of the
     * operand its entry is of, or null. Another operand's directory met again is no loop: merged
     * operands are one tree in rsync's list, but each is walked as its own.
     */
    private Frame walking(FileStatus directory) {
        FileId id = new FileId(directory.device(), directory.inode());
        for (Frame frame : stack) {
            if (frame.operand() == entryOperand && id.equals(frame.id())) {
                return frame;
            }
            for (Source source : frame.merged()) {
                if (source.operand() == entryOperand && id.equals(source.id())) {
                    return frame;
                }
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
        if (heldDirectories + 1 + mergedWith.size() > maxHeldDirectories) {
            ready.add(entries.problemEntry(ExitCode.PARTIAL, name, "cannot read directory %s: the list holds "
                    + heldDirectories + " directories open, the most its descriptor limit allows"));
            mergedWith = List.of();
            complete = false;
        } else {
            try {
                directory = tree.openListing(path, parent);
                heldDirectories++;
                children = directory.names();
            } catch (IOException e) {
                complete = false;
                ready.add(entries.problemEntry(ExitCode.PARTIAL, name,
                        "cannot read directory %s: " + PathErrors.reason(e).replace("%", "%%")));
            }
        }
        List<Source> merged = new ArrayList<>(mergedWith.size());
        List<List<byte[]>> names = new ArrayList<>(mergedWith.size() + 1);
        names.add(children);
        for (Merged other : mergedWith) {
            DirectoryHandle opened = null;
            try {
                opened = tree.openListing(other.path(), other.parent());
                heldDirectories++;
                FileStatus status = opened.status(new byte[] {'.'});
                if (oneFileSystem > 0 && !onItsOperandsDevice(status.device(), other.operand())) {
                    // A mount point in its own operand: listed there as the one entry of its name, never walked.
                    release(opened);
                    continue;
                }
                names.add(opened.names());
                merged.add(new Source(other.path(), opened, other.operand(), new FileId(status.device(), status.inode())));
            } catch (IOException e) {
                release(opened);
                complete = false;
                ready.add(entries.problemEntry(ExitCode.PARTIAL, name, "cannot read directory %s (as merged from "
                        + tree.shownName(other.path()).replace("%", "%%") + "): "
                        + PathErrors.reason(e).replace("%", "%%")));
            }
        }
        if (filters.readsMergeFiles() && !isTransferRoot(name)) {
            try {
                filters.enter(new String(name, StandardCharsets.UTF_8),
                        directory == null ? null : new DirectoryMergeFiles(directory, false, md5Buffer));
            } catch (IllegalArgumentException e) {
                release(directory);
                merged.forEach(source -> release(source.directory()));
                throw RuleSetFailure.endingSession(e);
            }
        }
        List<MergedChildren.Child> listing;
        try {
            listing = merged.isEmpty() ? MergedChildren.single(children)
                    : MergedChildren.of(names, sharedNameJudge(path, name, directory, merged));
        } catch (RuntimeException e) {
            // A rule set too costly to match, say: nothing opened here is left open.
            release(directory);
            merged.forEach(source -> release(source.directory()));
            throw e;
        }
        stack.push(new Frame(path, name, directory, listing.iterator(), new ArrayDeque<>(), complete,
                new FileId(attributes.device(), attributes.inode()), entryOperand, merged));
        childrenEnded = false;
    }

    /**
     * -x: whether a directory merged into another is on its own operand's device. A dir/
     * operand's own directory, merged at the top, is what sets that device.
     */
    private boolean onItsOperandsDevice(long device, int operand) {
        if (stack.isEmpty()) {
            operandDevices[operand] = device;
            return true;
        }
        return device == operandDevices[operand];
    }

    /**
     * --delete as rsync's --delete-during: every child of {@code frame} but its subdirectories is
     * listed. Each subdirectory the list will hold is named (SUBDIRECTORY; not a mount point -xx
     * leaves out), then its children end (CHILDREN_END, mode 1 where the directory was not read
     * whole): the receiver deletes in it before it decides any child, as rsync's generator.
     */
    private void endChildren(Frame frame) {
        for (Subdirectory subdirectory : frame.subdirectories()) {
            if (oneFileSystem < 2 || subdirectory.attributes().device() == operandDevices[subdirectory.operand()]
                    || onItsOwnFileSystem(subdirectory.mergedWith()) != null) {
                ready.add(entries.subdirectory(subdirectory.name()));
            }
        }
        if (!frame.complete() && delete && !ignoreErrors) {
            ready.add(entries.problemEntry(ExitCode.OK, frame.name(),
                    "IO error encountered -- skipping file deletion in %s"));
        }
        ready.add(entries.childrenEnd(frame.name(), frame.complete()));
    }

    /**
     * How a name several merged directories share is judged: what it is in each, after a symlink
     * the list follows (-L, -k, --copy-unsafe-links), and the filters as they judge it.
     */
    private MergedChildren.Judge sharedNameJudge(Path path, byte[] name, DirectoryHandle directory,
            List<Source> merged) {
        return new MergedChildren.Judge() {
            @Override
            public boolean isDirectory(int source, byte[] child) {
                DirectoryHandle in = source == 0 ? directory : merged.get(source - 1).directory();
                if (in == null) {
                    return false;
                }
                try {
                    int type = FileModes.type(in.status(child).mode());
                    if (type == FileModes.S_IFLNK && followedLinks.any()) {
                        Path at = FileNames.resolve(source == 0 ? path : merged.get(source - 1).path(), child);
                        return follows(at, FileNames.join(name, child), listedTarget(SourceTree.target(at, new Parent(in, child))))
                                && FileModes.type(tree.followed(at).mode()) == FileModes.S_IFDIR;
                    }
                    return type == FileModes.S_IFDIR;
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
    private void closeAll(Frame frame) {
        release(frame.directory());
        frame.merged().forEach(source -> release(source.directory()));
    }

    /** Closes a directory the walk opened (null: none was), no longer counted as held. */
    private void release(DirectoryHandle directory) {
        if (directory != null) {
            SourceTree.closeQuietly(directory);
            heldDirectories--;
        }
    }

    /** "." names the transfer root, whose merge files {@link #judgeFrom} has the rules read. */
    private static boolean isTransferRoot(byte[] name) {
        return name.length == 1 && name[0] == '.';
    }

    /** Closes the directories still being listed, the innermost first, and frees the MD5 buffer. */
    @Override
    public void close() {
        while (!stack.isEmpty()) {
            closeAll(stack.pop());
        }
        tree.close();
        md5Buffer.close();
        remembered.close();
    }

    /** Adds {@code name} to {@code names}, charged if new; whether it was. */
    private boolean remember(Set<String> names, String name) {
        if (names.contains(name)) {
            return false;
        }
        charge(SessionBudget.nameCost(name));
        return names.add(name);
    }

    /** -H: the name first listed for the file {@code attributes} describe, {@code name} being charged if none was. */
    private byte[] firstName(FileStatus attributes, byte[] name) {
        FileId id = new FileId(attributes.device(), attributes.inode());
        byte[] first = firstNames.get(id);
        if (first == null) {
            charge(SessionBudget.PENDING_FILE_COST + name.length);
            firstNames.put(id, name);
        }
        return first;
    }

    private void charge(long bytes) {
        try {
            remembered.spend(bytes);
        } catch (ProtocolException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** False when it is left out for its attributes (as {@link #directory}). */
    private boolean symlink(Path path, byte[] name, FileStatus attributes, Parent parent) {
        byte[] target;
        try {
            target = mungeLinks ? MungedLinks.unmunged(SourceTree.target(path, parent)) : SourceTree.target(path, parent);
        } catch (IOException e) {
            ready.add(entries.problemEntry(ExitCode.VANISHED, name, "file has vanished: %s"));
            return true;
        }
        ListedEntry listed = entries.withXattrs(entries.entry(EntryType.SYMLINK, path, name, attributes, target), parent);
        ready.add(listed);
        return !ListEntries.failed(listed);
    }

    /** --checksum: the content digest the receiver compares with its own copy (of the file listed). */
    private byte[] md5(Path path, Parent parent, FileStatus listed) {
        try (ReadOnlyFile file = tree.openRead(path, listed, parent, true)) {
            return ContentMd5.md5(file, md5Buffer.get(), heartbeat);
        } catch (IOException e) {
            return new byte[0];
        }
    }

}
