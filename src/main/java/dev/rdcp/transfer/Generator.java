package dev.rdcp.transfer;

import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.posix.FileHandle;
import dev.rdcp.posix.FileStatus;
import dev.rdcp.posix.PathErrors;
import dev.rdcp.protocol.ControlType;
import dev.rdcp.protocol.CountedList;
import dev.rdcp.protocol.Decision;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ExtendedOptions;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.ReferenceDirectories;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.protocol.Xattrs;
import dev.rdcp.transport.ResourceStack;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * rsync's generator, on the receiving side: turns each list entry into what it needs here. It
 * makes directories and symlinks, runs the quick check on each file and decides skip, send or
 * resume (handing the files it wants to the receiver), deletes for --delete at each directory's
 * end, and at the sender's END gives files their other -H names and directories their metadata.
 */
final class Generator {

    /** A directory whose metadata is applied at the end, once nothing more is written into it. */
    private record DirectoryFix(byte[] local, Entry entry, Xattrs xattrs, boolean made) {
    }

    private record PendingLink(Entry entry, byte[] local) {
    }

    private final Destination destination;
    private final TransferOptions options;
    private final TransferListener listener;
    private final Attributes attributes;
    private final ReportQueue reports;
    private final ReceiverTally tally;
    private final Consumer<Incoming> wanted;
    private final Heartbeat busy;
    private final UpdateCheck check;
    private final ReceiverRules rules;
    private final ReceiverTree tree;
    /** By name: a directory listed again is fixed once, with what was listed last. */
    private final Map<String, DirectoryFix> directoryFixes = new LinkedHashMap<>();
    /** --delete-after: directories whose deletions wait for the end of the transfer, in list order. */
    private final List<Entry> endedDirectories = new ArrayList<>();
    /** -H: regular files of this run that are complete here, by name, for the links that name them. */
    private final Map<String, byte[]> linkTargets = new HashMap<>();
    /** -H: other names of those files, made once the data has arrived (at the sender's END). */
    private final List<PendingLink> pendingLinks = new ArrayList<>();
    /**
     * -n: directories the run would make where something else stands (rsync's dry_missing_dir),
     * by name: what the destination has beneath that other thing is not looked at, as the
     * directory would be new.
     */
    private final Set<String> dryRunReplaced = new HashSet<>();
    /**
     * Where {@link Destination#tellFailuresFirst}: notes on what stays in the receiver's way
     * ("cannot delete non-empty directory"), told once the entry they came up in is handled, or
     * before the next deletion or backup is told: after the entry's failure ("could not make
     * way"), as rsync's local and ssh copies print them.
     */
    private final List<String> heldNotes = new ArrayList<>();
    /** {@link #prepare} has run. */
    private boolean prepared;
    private final SessionBudget budget;
    private EntryOrder order;
    /**
     * --delete-before (extended flag DELETE_BEFORE): each list message is held, undecided, and
     * only noted for --delete until the list ends; then the messages are decided one by one.
     */
    private final boolean deleteBefore;
    /** --delete-before: the sender's empty ENTRIES ended the list, and every deletion is made. */
    private boolean listEnded;
    /** --delete-before: the list messages held, each a copy of its payload, charged to the budget. */
    private final ArrayDeque<byte[]> heldList = new ArrayDeque<>();
    /**
     * --delete-before: where each directory was first listed, by name, for the order of the
     * deletions at the list's end (parents first, as rsync's delete pass).
     */
    private final Map<String, Integer> listedDirectories = new HashMap<>();
    /**
     * --delete as rsync's --delete-during (extended flag DELETE_DURING): which entries each answer
     * decides; null otherwise. The list messages it holds are {@link #heldMessages}.
     */
    private final ChildrenFirst childrenFirst;
    /** DELETE_DURING: the list messages taken in and not yet decided through, each a copy read as it is decided. */
    private final ArrayDeque<ByteBuffer> heldMessages = new ArrayDeque<>();
    /**
     * DELETE_DURING: the CHILDREN_END entries taken in and not yet decided, each with the names its
     * directory's listing noted; the first, the deletions due next.
     */
    private final ArrayDeque<ChildrenEnd> childrenEnds = new ArrayDeque<>();

    /** DELETE_DURING: a CHILDREN_END taken in, and what --delete keeps in its directory (null: nothing noted). */
    private record ChildrenEnd(Entry entry, Set<String> keep) {
    }
    private final Itemizer itemizer;
    /** -o/-g without --numeric-ids: the sender's named ids in this host's terms; null otherwise. */
    private final IdMapping mapping;
    private final ReferenceTrees references;
    private final TempDirectory tempDirectory;
    /** --chmod on a pull: the modes arriving are taken as changed before anything compares or applies them. */
    private final ChmodRules chmod;
    /** -U: each entry arrives with its access time. */
    private final boolean atimes;
    /**
     * One chunk, allocated at its first use and lent to each local copy from a reference directory
     * (--copy-dest, and --link-dest's fallback) and each digest of a --partial file or of the bytes
     * --append-verify keeps: one per session, however many files the peer's list names.
     */
    private final ScratchBuffer scratch;

    /**
     * @param tally counts each entry made here that did not exist, and each one deleted
     * @param wanted takes each file whose data is asked for, in list order
     * @param busy called during long work with no message to send (a keepalive may go out)
     * @param budget what this session's list may make the receiving side remember
     */
    Generator(Destination destination, TransferOptions options, TransferListener listener, Attributes attributes,
            ReportQueue reports, ReceiverTally tally, Consumer<Incoming> wanted, Heartbeat busy, SessionBudget budget) {
        this.budget = budget;
        this.order = new EntryOrder(budget, options.receiver().extended().has(ExtendedOptions.NO_IMPLIED_DIRS));
        this.deleteBefore = options.receiver().extended().has(ExtendedOptions.DELETE_BEFORE);
        this.childrenFirst = options.receiver().extended().has(ExtendedOptions.DELETE_DURING) ? new ChildrenFirst() : null;
        this.mapping = mapping(options, budget);
        this.destination = destination;
        this.options = options;
        this.scratch = new ScratchBuffer(options.chunkSize());
        this.listener = listener;
        this.attributes = attributes;
        this.reports = reports;
        this.tally = tally;
        this.wanted = wanted;
        this.busy = busy;
        this.check = new UpdateCheck(options, busy);
        this.itemizer = new Itemizer(options, attributes);
        this.rules = new ReceiverRules(destination, options);
        this.references = new ReferenceTrees(options.receiver().references(), check, attributes);
        this.tempDirectory = new TempDirectory(options, busy);
        this.chmod = options.chmod();
        this.atimes = options.preserveAtimes();
        this.tree = new ReceiverTree(destination, options, new ReceiverTree.Events() {
            @Override
            public void deleted(byte[] name, EntryType kind) {
                // The lines of stdout keep the order they come in: only a failure goes before notes.
                tellHeldNotes();
                tally.deleted(kind);
                reports.deleted(name);
            }

            @Override
            public void deleteFailed(byte[] name, IOException cause) {
                reports.failed(-1, ExitCode.PARTIAL.code(), "cannot delete " + FileNames.display(name) + ": "
                        + PathErrors.reason(cause));
            }

            @Override
            public void notEmptied(byte[] name) {
                String note = "cannot delete non-empty directory: " + FileNames.display(name);
                if (destination.failuresFirst()) {
                    heldNotes.add(note);
                } else {
                    reports.failed(-1, ExitCode.OK.code(), note);
                }
            }

            @Override
            public void backedUp(byte[] name, byte[] backupName) {
                tellHeldNotes();
                reports.backedUp(name, backupName);
            }
        }, busy, budget);
    }

    /**
     * Prepares the destination (made where missing) and says a destination directory this run
     * made, as rsync does with -v or %i (whose lines follow it), then the --backup-dir where asked
     * (as rsync's receiver, "(new) backup_dir is DIR" while it does not exist yet); opens the
     * reference directories, a missing one a warning, and the --temp-dir, a missing one the end of
     * the transfer. Done once: before the list on a server, at the list's first entry on a pull
     * ({@link Destination#waitsForEntries}).
     */
    void prepare() throws IOException {
        if (prepared) {
            return;
        }
        prepared = true;
        destination.prepare(options.dryRun());
        // --no-implied-dirs: an unlisted directory of a name may be a symlink kept in its place, as with -K.
        if (options.has(SessionRequest.KEEP_DIRLINKS) || options.receiver().extended().has(ExtendedOptions.NO_IMPLIED_DIRS)) {
            try {
                destination.base().followDirectoryLinks();
            } catch (NoSuchFileException e) {
                // A dry run's destination not made yet: no symlink there to keep.
            }
        }
        String created = destination.createdNote(options.has(SessionRequest.MKPATH));
        if (created != null && options.has(SessionRequest.TELL_CREATED_DESTINATION)) {
            reports.failed(-1, ExitCode.OK.code(), created);
            if (options.has(SessionRequest.MKPATH) && options.dryRun()) {
                // As rsync's dry run, whose --mkpath makes nothing: its receiver then "makes" DEST too.
                String alsoDestination = destination.createdNote(false);
                if (alsoDestination != null) {
                    reports.failed(-1, ExitCode.OK.code(), alsoDestination);
                }
            }
        }
        String backupDirectory = options.receiver().backup().directory();
        if (!backupDirectory.isEmpty() && options.receiver().extended().has(ExtendedOptions.INFO_BACKUP)) {
            reports.failed(-1, ExitCode.OK.code(), (destination.isBackupDirectory(backupDirectory) ? "" : "(new) ")
                    + "backup_dir is " + backupDirectory);
        }
        references.open(destination, warning -> reports.failed(-1, ExitCode.OK.code(), warning));
        tempDirectory.open(destination);
    }

    /** --temp-dir, where the receiver writes files before they go into place. */
    TempDirectory tempDirectory() {
        return tempDirectory;
    }

    /**
     * Closes the --temp-dir and the reference directories and frees the buffers files were read
     * through, in the reverse of their making; each is closed whatever the others' failures.
     */
    void close() throws IOException {
        ResourceStack owned = new ResourceStack();
        owned.push(check::close);
        owned.push(tree::close);
        owned.push(scratch::close);
        owned.push(references::close);
        owned.push(tempDirectory::close);
        owned.close();
    }

    /**
     * The owner mapping this receiver applies, or null when it sets no owner or group, or takes
     * ids as numbers with no map to apply. The maps were checked before the session began (the
     * CLI, or the server before ACCEPT).
     */
    private static IdMapping mapping(TransferOptions options, SessionBudget budget) {
        boolean named = !options.has(SessionRequest.NUMERIC_IDS);
        if (!(options.has(SessionRequest.OWNERS) || options.has(SessionRequest.GROUPS))
                || !(named || options.receiver().ownerMaps().any())) {
            return null;
        }
        return new IdMapping(IdMapping.SYSTEM, budget,
                OwnerMap.parse("--usermap", options.receiver().ownerMaps().usermap(), true, IdMapping.SYSTEM),
                OwnerMap.parse("--groupmap", options.receiver().ownerMaps().groupmap(), false, IdMapping.SYSTEM),
                named);
    }

    /**
     * Answers one ENTRIES payload: writes the WANTS decisions (not the reports) into {@code out}.
     * With --delete-before the list is held until the sender's empty ENTRIES ends it, answered
     * with no decisions meanwhile; from that end on each ENTRIES is answered with the decisions
     * of the oldest list message held (one that comes after the end, a problem the sender found
     * since, is held behind the others).
     */
    void answer(ByteBuffer payload, ByteBuffer out) throws IOException {
        if (childrenFirst != null) {
            answerChildrenFirst(payload, out);
            return;
        }
        if (!deleteBefore) {
            decide(payload, out);
            return;
        }
        boolean endsList = CountedList.read(payload.duplicate(), ControlType.ENTRIES) == 0;
        if (!listEnded && !endsList) {
            try {
                listForDeletion(payload);
                hold(payload);
            } catch (SessionBudget.Exceeded e) {
                throw budget.listTooLargeToHold();
            }
            CountedList.finish(out, CountedList.start(out), 0);
            return;
        }
        if (!listEnded) {
            endList();
        } else if (!endsList) {
            hold(payload);
        }
        byte[] next = heldList.poll();
        if (next == null) {
            CountedList.finish(out, CountedList.start(out), 0);
            return;
        }
        budget.release(heldCost(next));
        decide(ByteBuffer.wrap(next), out);
    }

    /** --delete-before: a copy of {@code payload}, to be decided once the list has ended. */
    private void hold(ByteBuffer payload) throws IOException {
        byte[] copy = new byte[payload.remaining()];
        budget.spend(heldCost(copy));
        payload.get(copy);
        heldList.add(copy);
    }

    private static long heldCost(byte[] payload) {
        return 64 + payload.length;
    }

    /**
     * --delete-before, before anything of the list is made: each entry is checked in order, and
     * noted as --delete must keep it, and each directory's end is kept for the list's end: rsync's
     * delete pass goes through the directories in list order, parents before their children.
     */
    private void listForDeletion(ByteBuffer payload) throws IOException {
        ByteBuffer entries = payload.duplicate();
        int count = CountedList.read(entries, ControlType.ENTRIES);
        for (int i = 0; i < count; i++) {
            Entry entry = Entry.decode(entries, atimes);
            if (attributes.xattrs().enabled()) {
                Xattrs.decode(entries, Xattrs.roomAfter(entry, atimes));
            }
            if (entry.type() != EntryType.PROBLEM && entry.type() != EntryType.ID_NAME) {
                prepare();
            }
            for (String directory : order.check(entry)) {
                tree.implied(directory.getBytes(StandardCharsets.ISO_8859_1));
            }
            switch (entry.type()) {
                case PROBLEM, ID_NAME, MISSING -> {
                }
                case DIRECTORY_END -> {
                    budget.spend(SessionBudget.pendingCost(entry));
                    endedDirectories.add(entry);
                }
                case DIRECTORY -> {
                    tree.listed(entry.name());
                    tree.listing(entry.name());
                    String name = new String(entry.name(), StandardCharsets.ISO_8859_1);
                    if (!listedDirectories.containsKey(name)) {
                        budget.spend(listedDirectoryCost(name));
                        listedDirectories.put(name, entry.index());
                    }
                }
                default -> tree.listed(entry.name());
            }
        }
        if (entries.hasRemaining()) {
            throw new ProtocolException("ENTRIES has trailing bytes");
        }
    }

    /**
     * --delete-before: the list has ended. In each listed directory, in list order, what the
     * sender does not have goes; then the list, decided from its start, is checked anew.
     */
    private void endList() throws ProtocolException {
        listEnded = true;
        endedDirectories.sort(Comparator.comparingLong(ended -> {
            Integer index = listedDirectories.get(new String(ended.name(), StandardCharsets.ISO_8859_1));
            return index == null ? Long.MAX_VALUE : Integer.toUnsignedLong(index);
        }));
        endedDirectories.forEach(ended -> endDirectory(ended, true));
        endedDirectories.forEach(ended -> budget.release(SessionBudget.pendingCost(ended)));
        endedDirectories.clear();
        listedDirectories.keySet().forEach(name -> budget.release(listedDirectoryCost(name)));
        listedDirectories.clear();
        tree.deletionsDone();
        order.releaseAll();
        order = new EntryOrder(budget, options.receiver().extended().has(ExtendedOptions.NO_IMPLIED_DIRS));
    }

    private static long listedDirectoryCost(String name) {
        return SessionBudget.PENDING_FILE_COST + 2L * name.length();
    }

    private void decide(ByteBuffer payload, ByteBuffer out) throws IOException {
        int count = CountedList.read(payload, ControlType.ENTRIES);
        int countAt = CountedList.start(out);
        int decisions = 0;
        for (int i = 0; i < count; i++) {
            if (decideNext(payload, out, true)) {
                decisions++;
            }
        }
        if (payload.hasRemaining()) {
            throw new ProtocolException("ENTRIES has trailing bytes");
        }
        CountedList.finish(out, countAt, decisions);
    }

    /**
     * Decodes and handles the next entry of {@code payload}, checked against the list's order
     * where {@code check} (DELETE_DURING checks each as it is taken in); writes its decision, if
     * it has one, into {@code out} and says so.
     */
    private boolean decideNext(ByteBuffer payload, ByteBuffer out, boolean check) throws IOException {
        Entry entry = Entry.decode(payload, atimes);
        Xattrs xattrs = attributes.xattrs().enabled() ? Xattrs.decode(payload, Xattrs.roomAfter(entry, atimes))
                : Xattrs.NONE;
        if (entry.type() != EntryType.PROBLEM && entry.type() != EntryType.ID_NAME) {
            // A pull's destination is made for the list's first entry to go there, as rsync's: a problem or an id's name is none.
            prepare();
        }
        if (check) {
            List<String> implied = order.check(entry);
            if (!implied.isEmpty()) {
                makeImplied(entry, implied);
            }
        }
        if (entry.type() == EntryType.ID_NAME) {
            if (mapping == null) {
                throw new ProtocolException("an ID_NAME entry in a session without -o/-g name mapping");
            }
            mapping.learn(entry);
            return false;
        }
        if (mapping != null) {
            entry = mapping.localize(entry);
        }
        entry = chmod.apply(entry);
        if (options.mungeLinks()) {
            entry = MungedLinks.munged(entry);
        }
        Decision decision = onEntry(entry, xattrs);
        if (decision == null) {
            return false;
        }
        decision.encode(out);
        return true;
    }

    /**
     * --delete as rsync's --delete-during (DELETE_DURING): takes in the list message, then
     * decides on through the held messages as far as {@link ChildrenFirst} allows, deleting in
     * each directory before its first child is decided.
     */
    private void answerChildrenFirst(ByteBuffer payload, ByteBuffer out) throws IOException {
        try {
            childrenFirst.taken(takeIn(payload));
        } catch (SessionBudget.Exceeded e) {
            if (childrenFirst.held() > 0) {
                throw budget.directoryTooLargeToHold();
            }
            throw e;
        }
        int countAt = CountedList.start(out);
        int decisions = childrenFirst.answer(new ChildrenFirst.Steps() {
            @Override
            public void deleteDue() {
                deleteIn(childrenEnds.peek());
            }

            @Override
            public void decideNext(boolean decides) throws IOException {
                // The answer's count comes from the account: a decision written or not must agree with it.
                if (Generator.this.decideNext(heldMessages.peek(), out, false) != decides) {
                    throw new IllegalStateException("an entry was " + (decides ? "not " : "")
                            + "decided where the account of the held list says otherwise");
                }
            }

            @Override
            public void messageDone() {
                budget.release(64 + heldMessages.poll().capacity());
            }
        });
        CountedList.finish(out, countAt, decisions);
    }

    /**
     * DELETE_DURING: one list message as it comes, before anything of it is made: each entry
     * checked in order, noted as --delete must keep it, and given its kind; a copy held to decide
     * from (charged, as each CHILDREN_END until it is decided). Returns the kinds.
     */
    private byte[] takeIn(ByteBuffer payload) throws IOException {
        ByteBuffer entries = payload.duplicate();
        int count = CountedList.read(entries, ControlType.ENTRIES);
        byte[] kinds = new byte[count];
        for (int i = 0; i < count; i++) {
            Entry entry = Entry.decode(entries, atimes);
            if (attributes.xattrs().enabled()) {
                Xattrs.decode(entries, Xattrs.roomAfter(entry, atimes));
            }
            order.check(entry);
            kinds[i] = childrenFirst.kind(entry);
            switch (entry.type()) {
                case DIRECTORY -> {
                    if ((kinds[i] & ChildrenFirst.NAMED_BEFORE) == 0) {
                        tree.listed(entry.name());
                    }
                    tree.listing(entry.name());
                }
                case FILE, SYMLINK, HARDLINK, DEVICE, SPECIAL, SUBDIRECTORY -> tree.listed(entry.name());
                case CHILDREN_END -> {
                    budget.spend(SessionBudget.pendingCost(entry));
                    childrenEnds.add(new ChildrenEnd(entry, tree.takeListing(entry.name())));
                }
                default -> {
                }
            }
        }
        if (entries.hasRemaining()) {
            throw new ProtocolException("ENTRIES has trailing bytes");
        }
        if (count > 0) {
            ByteBuffer copy = ByteBuffer.allocate(payload.remaining() - CountedList.SIZE);
            budget.spend(64 + copy.capacity());
            payload.position(payload.position() + CountedList.SIZE);
            copy.put(payload).flip();
            heldMessages.add(copy);
        }
        return kinds;
    }

    /** DELETE_DURING: the sender's END came; a list message held undecided then is a protocol error. */
    void checkListDecided() throws ProtocolException {
        if (childrenFirst != null && childrenFirst.held() > 0) {
            throw new ProtocolException("the sender ended the transfer with " + childrenFirst.held()
                    + " list messages held undecided (a CHILDREN_END never came)");
        }
    }

    /**
     * --no-implied-dirs: the directories of {@code entry}'s name that the sender did not list are
     * made where missing, with default attributes (0777 less the umask), as rsync's receiver makes
     * them, unseen by -i; what is there already stays, a symlink to a directory included (followed
     * beneath the destination, as with -K). Not in a dry run. One that cannot be made is
     * reported; the entry then fails as well. With --delete each is noted as listed, so that a
     * later listing of it by the sender keeps what arrived in it before.
     */
    private void makeImplied(Entry entry, List<String> implied) throws IOException {
        for (String directory : implied) {
            tree.implied(directory.getBytes(StandardCharsets.ISO_8859_1));
        }
        if (options.dryRun()) {
            return;
        }
        for (String directory : implied) {
            byte[] name = directory.getBytes(StandardCharsets.ISO_8859_1);
            try {
                destination.base().makeDirectory(destination.name(name), 0777);
            } catch (FileAlreadyExistsException e) {
                // Kept as it is, as rsync keeps an implied directory's path element.
            } catch (ProtocolException e) {
                throw e;
            } catch (IOException e) {
                reports.failed(entry.index(), ExitCode.PARTIAL.code(), "mkdir \"" + FileNames.display(name)
                        + "\" failed: " + PathErrors.reason(e));
                return;
            }
        }
    }

    /** Handles one list entry; returns the decision for a regular file, else null. */
    private Decision onEntry(Entry entry, Xattrs xattrs) throws IOException {
        destination.seeNothing(inDryRunReplaced(entry.name()));
        try {
            return handle(entry, xattrs);
        } finally {
            destination.seeNothing(false);
            tellHeldNotes();
        }
    }

    private void tellHeldNotes() {
        heldNotes.forEach(note -> reports.failed(-1, ExitCode.OK.code(), note));
        heldNotes.clear();
    }

    /**
     * -n: whether {@code name} is, or lies beneath, a directory the run would make in place of
     * something else.
     */
    private boolean inDryRunReplaced(byte[] name) {
        if (dryRunReplaced.isEmpty()) {
            return false;
        }
        for (int i = 1; i <= name.length; i++) {
            if ((i == name.length || name[i] == '/')
                    && dryRunReplaced.contains(new String(name, 0, i, StandardCharsets.ISO_8859_1))) {
                return true;
            }
        }
        return false;
    }

    /**
     * -n: directory {@code entry}, which the run would make, is to stand where something else
     * stands now: from here on nothing beneath it is looked at.
     */
    private void madeInDryRun(Entry entry, byte[] local) throws IOException {
        try {
            destination.base().status(local);
        } catch (NoSuchFileException e) {
            return;
        }
        budget.spend(SessionBudget.pendingCost(entry));
        dryRunReplaced.add(new String(entry.name(), StandardCharsets.ISO_8859_1));
    }

    private Decision handle(Entry entry, Xattrs xattrs) throws IOException {
        if (entry.type() == EntryType.PROBLEM) {
            listener.fileFailed(entry.mode(), FileNames.printable(new String(entry.extra(), StandardCharsets.UTF_8)));
            return null;
        }
        if (entry.type() == EntryType.MISSING) {
            deleteMissing(entry);
            return null;
        }
        if (entry.type() == EntryType.SUBDIRECTORY || entry.type() == EntryType.CHILDREN_END) {
            if (childrenFirst == null) {
                throw new ProtocolException("a " + entry.type() + " entry in a session without DELETE_DURING");
            }
            if (entry.type() == EntryType.CHILDREN_END) {
                budget.release(SessionBudget.pendingCost(childrenEnds.poll().entry()));
            }
            // Noted for --delete as it came; the deletions were made before its directory's first child.
            return null;
        }
        if (entry.type() == EntryType.DIRECTORY_END) {
            if (listEnded || childrenFirst != null) {
                // --delete-before or DELETE_DURING: its deletions were made already.
                return null;
            }
            if (options.has(SessionRequest.DELETE_AFTER) || rules.limitsDeletions()) {
                // Kept to the end, and "." may be listed and ended again and again: charged.
                budget.spend(SessionBudget.pendingCost(entry));
                endedDirectories.add(entry);
            } else {
                endDirectory(entry, false);
            }
            return null;
        }
        if (childrenFirst == null) {
            tree.listed(entry.name());
        }
        String name = FileNames.display(entry.name());
        try {
            byte[] local = destination.name(entry.name());
            if (entry.type() != EntryType.FILE && (rules.skipsNew(entry, local) || rules.keepsExisting(entry, local))) {
                return null;
            }
            // The destination directory this run made before the list came is new, as rsync shows it.
            boolean madeRoot = entry.type() == EntryType.DIRECTORY && isTransferRoot(entry) && destination.madeItself();
            Itemizer.Before here = entry.type() != EntryType.FILE && entry.type() != EntryType.HARDLINK && !madeRoot
                    ? itemizer.before(destination, local) : Itemizer.Before.NONE;
            // -K: a directory kept as the symlink that leads to it is itemized as that directory.
            FileStatus kept = entry.type() == EntryType.DIRECTORY ? tree.keptDirectoryLink(here.status(), local) : null;
            Itemizer.Before before = kept != null ? new Itemizer.Before(kept, new byte[0]) : here;
            switch (entry.type()) {
                case DIRECTORY -> {
                    // As rsync's generator, which removes a non-directory in the way before it looks in the references.
                    ReferenceTrees.Match reference = !isType(before.status(), FileModes.S_IFDIR) && references.any()
                            ? references.find(entry, local, FileModes.S_IFDIR) : ReferenceTrees.Match.NONE;
                    boolean made = tree.directory(entry.name(), local) || madeRoot;
                    if (made) {
                        tally.created(EntryType.DIRECTORY);
                        if (options.dryRun() && !madeRoot) {
                            madeInDryRun(entry, local);
                        }
                    }
                    // As rsync: a new directory the reference has as listed is itemized only with -ii;
                    // one whose attributes differ there is a local change against the reference's.
                    if (reference.level() == ReferenceTrees.Level.CONTENT) {
                        itemize(entry, () -> "c" + itemizer.directory(entry, reference.status()).substring(1));
                    } else if (reference.level() == ReferenceTrees.Level.EXACT) {
                        itemizeMatched(entry, 'c', 'd');
                    } else {
                        itemize(entry, () -> Itemizer.withXattrs(itemizer.directory(entry, before.status()),
                                xattrChange(local, before.status(), FileModes.S_IFDIR, xattrs)));
                    }
                    budget.spend(xattrs.encodedSize());
                    directoryFixes.put(new String(entry.name(), StandardCharsets.ISO_8859_1),
                            new DirectoryFix(local, entry, xattrs, made));
                    listener.listed(name, EntryType.DIRECTORY, 0);
                }
                case SYMLINK -> {
                    if (!options.has(SessionRequest.LINKS)) {
                        throw new RdcpException(ExitCode.PARTIAL, "a symlink, but -l was not asked for");
                    }
                    if (options.has(SessionRequest.SAFE_LINKS) && SymlinkSafety.unsafe(entry.extra(), entry.name())) {
                        ignoreUnsafe(entry, name);
                        return null;
                    }
                    ReferenceTrees.Match reference = before.status() == null && references.any()
                            ? references.find(entry, local, FileModes.S_IFLNK) : ReferenceTrees.Match.NONE;
                    if (!fromReference(reference, entry, local, 'L')) {
                        if (tree.symlink(local, entry, attributes)) {
                            tally.created(EntryType.SYMLINK);
                        }
                        itemizeSymlink(reference, entry, before, symlinkXattrs(local, xattrs));
                    }
                    inPlace(entry);
                    listener.listed(name, EntryType.SYMLINK, entry.extra().length);
                }
                case DEVICE, SPECIAL -> node(entry, local, before, name);
                case HARDLINK -> {
                    if (!options.has(SessionRequest.HARD_LINKS)) {
                        throw new RdcpException(ExitCode.PARTIAL, "a hard link, but -H was not asked for");
                    }
                    budget.spend(SessionBudget.pendingCost(entry));
                    listener.listed(name, EntryType.FILE, entry.size());
                    pendingLinks.add(new PendingLink(entry, local));
                }
                default -> {
                    listener.listed(name, EntryType.FILE, entry.size());
                    return decide(entry, xattrs, local, name);
                }
            }
        } catch (ProtocolException e) {
            throw e;
        } catch (IOException e) {
            reports.failed(entry.index(), e instanceof RdcpException r ? r.exitCode().code() : ExitCode.PARTIAL.code(),
                    CannotMakeWay.line(name, e));
            if (entry.type() == EntryType.FILE) {
                return new Decision(entry.index(), Decision.Kind.SKIP, 0, 0);
            }
        }
        return null;
    }

    /**
     * --safe-links: an unsafe symlink is neither made nor itemized; whatever has its name stays.
     * rsync says so with -v; the request tells only that -v or %i is on.
     */
    private void ignoreUnsafe(Entry entry, String name) {
        if (options.has(SessionRequest.TELL_CREATED_DESTINATION)) {
            reports.failed(entry.index(), ExitCode.OK.code(), "ignoring unsafe symlink \"" + name + "\" -> \""
                    + FileNames.display(entry.extra()) + "\"");
        }
    }

    /**
     * --delete-missing-args: the sender does not have this name, so what is here under it goes; a
     * non-empty directory only with --delete or --force, as rsync.
     */
    private void deleteMissing(Entry entry) throws ProtocolException {
        if (!options.has(SessionRequest.DELETE_MISSING_ARGS) || isTransferRoot(entry)) {
            throw new ProtocolException("a MISSING entry " + FileNames.display(entry.name())
                    + " without --delete-missing-args, or for the transfer's root");
        }
        try {
            tree.deleteMissing(destination.name(entry.name()));
        } catch (ProtocolException e) {
            throw e;
        } catch (IOException e) {
            reports.failed(entry.index(), ExitCode.PARTIAL.code(), FileNames.display(entry.name()) + ": "
                    + PathErrors.reason(e));
        }
    }

    /** -D: a device file (made only where this receiver runs as root, as rsync), a FIFO or a socket. */
    private void node(Entry entry, byte[] local, Itemizer.Before before, String name) throws IOException {
        boolean device = entry.type() == EntryType.DEVICE;
        if (!options.has(device ? SessionRequest.DEVICES : SessionRequest.SPECIALS)) {
            throw new RdcpException(ExitCode.PARTIAL, device ? "a device file, but --devices was not asked for"
                    : "a special file, but --specials was not asked for");
        }
        if (device && !attributes.makesDevices()) {
            reports.failed(entry.index(), ExitCode.OK.code(), "skipping non-regular file \"" + name + "\"");
            return;
        }
        ReferenceTrees.Match reference = before.status() == null && references.any()
                ? references.find(entry, local, FileModes.type(entry.mode())) : ReferenceTrees.Match.NONE;
        if (!fromReference(reference, entry, local, nodeLetter(entry))) {
            if (tree.node(local, entry, attributes)) {
                tally.created(entry.type());
            }
            itemizeNode(reference, entry, before.status());
        }
        inPlace(entry);
        listener.listed(name, entry.type(), 0);
    }

    /** As a symlink's: a node made where a reference directory has one of its type is a local change against that one. */
    private void itemizeNode(ReferenceTrees.Match reference, Entry entry, FileStatus before) {
        if (reference.level() == ReferenceTrees.Level.NONE) {
            itemize(entry, () -> itemizer.node(entry, before));
        } else if (reference.level() == ReferenceTrees.Level.EXACT) {
            itemizeMatched(entry, 'c', nodeLetter(entry));
        } else {
            itemize(entry, () -> "c" + nodeLetter(entry) + "c" + itemizer.node(entry, reference.status()).substring(3));
        }
    }

    private static char nodeLetter(Entry entry) {
        return entry.type() == EntryType.DEVICE ? 'D' : 'S';
    }

    private Decision decide(Entry entry, Xattrs xattrs, byte[] local, String name) throws IOException {
        if (rules.skipsSize(entry)) {
            return new Decision(entry.index(), Decision.Kind.SKIP, 0, 0);
        }
        UpdateCheck.Verdict verdict = examine(entry, local);
        if (verdict.attributes() == null && !verdict.upToDate() && rules.createsNothing()) {
            return new Decision(entry.index(), Decision.Kind.SKIP, 0, 0);
        }
        boolean keptByRule = verdict.upToDate() && !verdict.same();
        boolean regular = verdict.attributes() != null && FileModes.type(verdict.attributes().mode()) == FileModes.S_IFREG;
        // As rsync: without a file here, a reference file of the type is what -i compares with.
        FileStatus compared = verdict.attributes();
        if (references.any() && !keptByRule && (!regular || references.kind() != ReferenceDirectories.Kind.COPY)) {
            ReferenceTrees.Match match = references.find(entry, local, FileModes.S_IFREG);
            Decision decision = fromReference(match, entry, local, name, regular ? verdict.attributes() : null,
                    verdict.attributes() != null && !regular);
            if (decision != null) {
                return decision;
            }
            if (compared == null && match.level() != ReferenceTrees.Level.NONE) {
                compared = match.status();
            }
        }
        FileStatus before = compared;
        if (verdict.upToDate()) {
            listener.upToDate(name);
            linkTarget(entry, local);
            if (!verdict.same()) {
                // Kept by -u or --ignore-existing: rsync leaves such a file untouched, its metadata
                // too, and itemizes nothing for it.
                return new Decision(entry.index(), Decision.Kind.SKIP, 0, 0);
            }
            XattrSync.Change xattrChange = XattrSync.Change.NONE;
            if (!options.dryRun() && verdict.attributes() != null && (attributes.differ(verdict.attributes(), entry)
                    || attributes.atimeDiffers(verdict.attributes(), entry))) {
                try (FileHandle node = destination.base().openNode(local)) {
                    attributes.apply(node, entry);
                }
            }
            if (attributes.xattrs().enabled() && isType(verdict.attributes(), FileModes.S_IFREG)) {
                // rsync's quick check with -X: attributes of an unchanged file are brought in line, no data sent.
                try (FileHandle node = destination.base().openNode(local)) {
                    xattrChange = options.dryRun() ? attributes.xattrs().compare(node, xattrs)
                            : attributes.applyXattrs(node, xattrs);
                }
            }
            XattrSync.Change changed = xattrChange;
            itemize(entry, () -> Itemizer.withXattrs(itemizer.file(entry, verdict.attributes(), false), changed));
            inPlace(entry);
            return new Decision(entry.index(), Decision.Kind.SKIP, 0, 0);
        }
        // --append: as rsync, a file here as long as the sender's or longer is left as it is.
        boolean append = options.has(SessionRequest.APPEND);
        if (append && regular && verdict.attributes().size() >= entry.size()) {
            return new Decision(entry.index(), Decision.Kind.SKIP, 0, 0);
        }
        if (options.dryRun()) {
            if (verdict.attributes() == null) {
                tally.created(entry.type());
            }
            itemize(entry, () -> Itemizer.withXattrs(itemizer.file(entry, before, true),
                    xattrChange(local, verdict.attributes(), FileModes.S_IFREG, xattrs)));
            listener.fileStarted(name, entry.size());
            listener.fileDone(name, entry.size());
            linkTarget(entry, local);
            return new Decision(entry.index(), Decision.Kind.SEND, 0, 0);
        }
        // --inplace writes the file there, or a new one under its name; anything else there is replaced as usual.
        boolean inPlace = options.has(SessionRequest.INPLACE) && (verdict.attributes() == null || regular);
        Partial partial = options.has(SessionRequest.PARTIAL) && !inPlace ? Partial.examine(destination.base(),
                AtomicFile.partialName(local, options.receiver().partialDirectory().bytes()), scratch.get(),
                entry.size(), busy)
                : Partial.NONE;
        long appendAt = append && regular ? verdict.attributes().size() : 0;
        if (appendAt > 0 && options.has(SessionRequest.APPEND_VERIFY)) {
            // The sender checks all the bytes here, and sends the whole file if they are not its own.
            partial = Partial.whole(destination.base(), local, appendAt, scratch.get(), busy);
            appendAt = 0;
        }
        Incoming incoming = new Incoming(entry, local, Math.max(appendAt, partial.offset()),
                verdict.attributes() != null, regular ? verdict.attributes().mode() : Attributes.NOTHING_REPLACED,
                inPlace, xattrs);
        budget.spend(incoming.cost());
        itemize(entry, () -> Itemizer.withXattrs(itemizer.file(entry, before, true),
                xattrChange(local, verdict.attributes(), FileModes.S_IFREG, xattrs)));
        wanted.accept(incoming);
        if (appendAt > 0) {
            return new Decision(entry.index(), Decision.Kind.APPEND, appendAt, 0);
        }
        return partial.offset() > 0 ? new Decision(entry.index(), Decision.Kind.RESUME, partial.offset(),
                partial.digest()) : new Decision(entry.index(), Decision.Kind.SEND, 0, 0);
    }

    /**
     * rsync's use of the reference directories for a regular file: an exact match is linked
     * (--link-dest) or stands for the file (--compare-dest); a match by content alone, or an
     * exact one for --copy-dest or whose link fails, is copied locally. With a regular file
     * already here ({@code existing}) only an exact match counts, and replaces it; so does it
     * replace a symlink or node here ({@code otherHere}), which --compare-dest removes, as rsync
     * makes way for the file first. Null: the file takes its usual way.
     */
    private Decision fromReference(ReferenceTrees.Match match, Entry entry, byte[] local, String name,
            FileStatus existing, boolean otherHere) throws IOException {
        ReferenceDirectories.Kind kind = references.kind();
        Decision skip = new Decision(entry.index(), Decision.Kind.SKIP, 0, 0);
        if (match.level() == ReferenceTrees.Level.EXACT && kind != ReferenceDirectories.Kind.COPY) {
            if (existing != null && kind == ReferenceDirectories.Kind.LINK && existing.device() == match.status().device()
                    && existing.inode() == match.status().inode()) {
                return null;
            }
            if (kind == ReferenceDirectories.Kind.LINK) {
                if (options.dryRun() || link(match, local)) {
                    if (existing == null) {
                        tally.created(entry.type());
                    }
                    listener.upToDate(name);
                    // rsync itemizes a link to the reference only with -ii.
                    if (itemizer.unchangedShown()) {
                        itemize(entry, () -> "hf" + itemizer.file(entry, match.status(), false).substring(2));
                    }
                    linkTarget(entry, local);
                    inPlace(entry);
                    return skip;
                }
            } else {
                if ((existing != null || otherHere) && !options.dryRun()) {
                    destination.base().delete(local, false);
                }
                listener.upToDate(name);
                itemize(entry, () -> itemizer.file(entry, match.status(), false));
                inPlace(entry);
                return skip;
            }
        } else if (existing != null || match.level().compareTo(ReferenceTrees.Level.CONTENT) < 0) {
            return null;
        }
        if (!options.dryRun()) {
            copy(match, entry, local);
        }
        tally.created(entry.type());
        // A local copy alone is no change rsync shows with -i; its attributes' changes are.
        String attributesOnly = itemizer.enabled() ? itemizer.file(entry, match.status(), false) : "";
        if (itemizer.enabled() && (Itemizer.changed(attributesOnly) || itemizer.unchangedShown())) {
            itemize(entry, () -> "c" + attributesOnly.substring(1));
        }
        listener.upToDate(name);
        linkTarget(entry, local);
        inPlace(entry);
        return skip;
    }

    /**
     * A new symlink, device file or special (-i's letter {@code type}) a reference directory has
     * exactly as listed: --link-dest links it, --compare-dest makes nothing, as rsync; true when
     * that is all there is to do.
     */
    private boolean fromReference(ReferenceTrees.Match match, Entry entry, byte[] local, char type) throws IOException {
        if (match.level() != ReferenceTrees.Level.EXACT || references.kind() == ReferenceDirectories.Kind.COPY) {
            return false;
        }
        if (references.kind() == ReferenceDirectories.Kind.LINK) {
            if (!options.dryRun() && !link(match, local)) {
                return false;
            }
            tally.created(entry.type());
            itemizeMatched(entry, 'h', type);
        } else {
            itemizeMatched(entry, '.', type);
        }
        return true;
    }

    /** -ii: an entry a reference directory has exactly as listed, {@code y} saying what became of it. */
    private void itemizeMatched(Entry entry, char y, char type) {
        if (itemizer.unchangedShown()) {
            itemize(entry, () -> "" + y + type + ".........");
        }
    }

    /**
     * As rsync: a symlink made where a reference directory has one of its name is a local change
     * against that one, shown unless it matched exactly.
     */
    private void itemizeSymlink(ReferenceTrees.Match reference, Entry entry, Itemizer.Before before,
            XattrSync.Change xattrs) {
        if (reference.level() == ReferenceTrees.Level.NONE) {
            itemize(entry, () -> Itemizer.withXattrs(itemizer.symlink(entry, before), xattrs));
        } else if (reference.level() == ReferenceTrees.Level.EXACT) {
            itemizeMatched(entry, 'c', 'L');
        } else {
            Itemizer.Before there = new Itemizer.Before(reference.status(), entry.extra());
            itemize(entry, () -> "cLc" + itemizer.symlink(entry, there).substring(3));
        }
    }

    /** Hard-links the reference file to {@code local} under a temporary name, then renames it; false if the link fails. */
    private boolean link(ReferenceTrees.Match match, byte[] local) throws IOException {
        DirectoryHandle base = destination.base();
        byte[] temp = FileNames.join(FileNames.parent(local), AtomicFile.tempName(FileNames.leaf(local)));
        try {
            base.linkFrom(match.directory(), local, temp);
        } catch (IOException e) {
            return false;
        }
        try {
            base.rename(temp, local);
        } catch (IOException e) {
            try {
                base.delete(temp, false);
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
        return true;
    }

    private static boolean isTransferRoot(Entry entry) {
        return entry.name().length == 1 && entry.name()[0] == '.';
    }

    /** The quick check of what is at {@code local}; a directory in the way is cleared where rsync would. */
    private UpdateCheck.Verdict examine(Entry entry, byte[] local) throws IOException {
        try {
            return check.examine(entry, destination, local);
        } catch (UpdateCheck.DirectoryInTheWay e) {
            tree.makeWay(local, entry.name(), "regular file");
            return UpdateCheck.Verdict.NOTHING_THERE;
        }
    }

    /** Copies the reference file to {@code local} through a temporary file, with the entry's attributes. */
    private void copy(ReferenceTrees.Match match, Entry entry, byte[] local) throws IOException {
        ByteBuffer copyBuffer = scratch.get();
        try (FileHandle from = match.directory().openRead(local);
                AtomicFile to = AtomicFile.create(destination.base(), local, FileWrites.of(options))) {
            to.preallocate(from.status().size());
            long position = 0;
            for (int read; (read = from.read(copyBuffer.clear(), position)) > 0; position += read) {
                to.write(copyBuffer.flip(), position);
                busy.beat();
            }
            to.commit(file -> attributes.applyToNew(file, entry, Attributes.NOTHING_REPLACED));
        }
    }

    /**
     * The sender's END: every file has arrived, so links can be made, --delete-after can
     * delete, and directories be fixed.
     */
    void finish() {
        makeLinks();
        if (rules.limitsDeletions()) {
            endedDirectories.sort(Comparator.comparingLong(this::listedAt));
        }
        endedDirectories.forEach(ended -> endDirectory(ended, false));
        endedDirectories.forEach(ended -> budget.release(SessionBudget.pendingCost(ended)));
        endedDirectories.clear();
        finishDirectories();
        if (tree.skippedDeletions() > 0) {
            reports.failed(-1, ExitCode.DELETE_LIMIT.code(), "Deletions stopped due to --max-delete limit ("
                    + tree.skippedDeletions() + " skipped)");
        }
    }

    /**
     * Where the directory {@code end} closes was listed: rsync deletes parents before their
     * children, which decides what the --max-delete limit leaves.
     */
    private long listedAt(Entry end) {
        DirectoryFix fix = directoryFixes.get(new String(end.name(), StandardCharsets.ISO_8859_1));
        return fix == null ? Long.MAX_VALUE : Integer.toUnsignedLong(fix.entry().index());
    }

    /** DELETE_DURING: the children of a directory ended; --delete removes what the sender does not have, before any is made. */
    private void deleteIn(ChildrenEnd ended) {
        Entry entry = ended.entry();
        deleteIn(entry, () -> tree.directoryEnd(entry.name(), entry.mode() == 0, ended.keep()));
    }

    /**
     * All of a directory was listed: --delete removes what the sender does not have;
     * {@code beforeTransfer} with --delete-before, before anything of the list is made.
     */
    private void endDirectory(Entry entry, boolean beforeTransfer) {
        deleteIn(entry, () -> tree.directoryEnd(entry.name(), entry.mode() == 0, beforeTransfer));
    }

    /** The deletions in {@code entry}'s directory, a failure reported under its index. */
    private void deleteIn(Entry entry, Deletions deletions) {
        destination.seeNothing(inDryRunReplaced(entry.name()));
        try {
            deletions.make();
        } catch (IOException e) {
            reports.failed(entry.index(), ExitCode.PARTIAL.code(), FileNames.display(entry.name()) + ": "
                    + PathErrors.reason(e));
        } finally {
            destination.seeNothing(false);
            tellHeldNotes();
        }
    }

    /** What --delete removes in one directory. */
    private interface Deletions {
        void make() throws IOException;
    }

    /** Directory permissions and times, applied last: writing into a directory changes its mtime. */
    private void finishDirectories() {
        if (options.dryRun()) {
            return;
        }
        List<DirectoryFix> fixes = new ArrayList<>(directoryFixes.values());
        for (int i = fixes.size() - 1; i >= 0; i--) {
            DirectoryFix fix = fixes.get(i);
            try (FileHandle node = destination.base().openNode(fix.local())) {
                if (FileModes.type(node.status().mode()) == FileModes.S_IFDIR) {
                    if (fix.made()) {
                        attributes.applyToNewDirectory(node, fix.entry());
                    } else {
                        tree.restoreMode(node, fix.local());
                        attributes.applyToDirectory(node, fix.entry());
                    }
                    attributes.applyXattrs(node, fix.xattrs());
                } else if (FileModes.type(node.status().mode()) == FileModes.S_IFLNK && keepsLinkInPlaceOf(fix)) {
                    // As rsync 3.5: the time (and owner) go to the symlink kept, its directory's mode is left.
                    attributes.applyToLink(destination.base(), fix.local(), fix.entry());
                }
            } catch (NoSuchFileException e) {
                // Replaced by something else and gone since: nothing to fix.
            } catch (IOException e) {
                reports.failed(fix.entry().index(), ExitCode.PARTIAL.code(), FileNames.display(fix.entry().name()) + ": "
                        + PathErrors.reason(e));
            }
        }
        directoryFixes.clear();
    }

    /** -K with the directories' times kept: {@code fix}'s directory is a symlink this receiver kept. */
    private boolean keepsLinkInPlaceOf(DirectoryFix fix) {
        return options.has(SessionRequest.KEEP_DIRLINKS) && options.preserveDirectoryTimes() && !fix.made();
    }

    /**
     * -i with -X or -A: how the attributes of what is here (of {@code type}, as {@code before}
     * found it) differ from the sender's; nothing for what is not there or not of that type.
     */
    private XattrSync.Change xattrChange(byte[] local, dev.rdcp.posix.FileStatus before, int type, Xattrs xattrs) {
        if (!attributes.xattrs().enabled() || !isType(before, type)) {
            return XattrSync.Change.NONE;
        }
        try (FileHandle node = destination.base().openNode(local)) {
            return attributes.xattrs().compare(node, xattrs);
        } catch (IOException e) {
            return XattrSync.Change.NONE;
        }
    }

    /** -X: the symlink's own attributes, where Linux lets this receiver set them (brought in line, or compared in a dry run). */
    private XattrSync.Change symlinkXattrs(byte[] local, Xattrs xattrs) throws IOException {
        XattrSync rules = attributes.xattrs().forSymlinks();
        if (!rules.enabled() || (options.dryRun() && !isType(itemizer.before(destination, local).status(),
                FileModes.S_IFLNK))) {
            return XattrSync.Change.NONE;
        }
        try (FileHandle node = destination.base().openNode(local)) {
            return options.dryRun() ? rules.compare(node, xattrs) : attributes.applyXattrs(node, xattrs, rules);
        }
    }

    private static boolean isType(dev.rdcp.posix.FileStatus status, int type) {
        return status != null && FileModes.type(status.mode()) == type;
    }

    /** -i: tells the change made to {@code entry}, when itemizing and when it is to be shown. */
    private void itemize(Entry entry, Supplier<String> flags) {
        if (itemizer.enabled()) {
            String itemized = flags.get();
            if (itemizer.shown(itemized)) {
                reports.itemized(entry.index(), Itemizer.change(itemized, entry));
            }
        }
    }

    /** With --remove-source-files, tells the sender that {@code entry} is in place here (never in a dry run). */
    void inPlace(Entry entry) {
        if (options.has(SessionRequest.REMOVE_SOURCE_FILES) && !options.dryRun()) {
            reports.inPlace(entry.index());
        }
    }

    /** A regular file of this run is complete here: -H links may name it. */
    void linkTarget(Entry entry, byte[] local) throws ProtocolException {
        if (options.has(SessionRequest.HARD_LINKS)) {
            budget.spend(SessionBudget.pendingCost(entry));
            linkTargets.put(new String(entry.name(), StandardCharsets.ISO_8859_1), local);
        }
    }

    /** Gives each file its other names; a name whose file did not arrive fails alone. */
    private void makeLinks() {
        for (PendingLink link : pendingLinks) {
            budget.release(SessionBudget.pendingCost(link.entry()));
            byte[] target = linkTargets.get(new String(link.entry().extra(), StandardCharsets.ISO_8859_1));
            String name = FileNames.display(link.entry().name());
            try {
                if (target == null) {
                    throw new RdcpException(ExitCode.PARTIAL, "its other name " + FileNames.display(link.entry().extra())
                            + " did not arrive");
                }
                destination.seeNothing(inDryRunReplaced(link.entry().extra()));
                Itemizer.Before other = itemizer.before(destination, target);
                destination.seeNothing(inDryRunReplaced(link.entry().name()));
                Itemizer.Before before = itemizer.before(destination, link.local());
                if (tree.hardLink(link.local(), target)) {
                    tally.created(EntryType.FILE);
                }
                itemize(link.entry(), () -> itemizer.hardLink(before.status(), other.status()));
                inPlace(link.entry());
            } catch (IOException e) {
                reports.failed(link.entry().index(), e instanceof RdcpException r ? r.exitCode().code() : ExitCode.PARTIAL.code(),
                        CannotMakeWay.line(name, e));
            } finally {
                destination.seeNothing(false);
                tellHeldNotes();
            }
        }
        pendingLinks.clear();
    }
}
