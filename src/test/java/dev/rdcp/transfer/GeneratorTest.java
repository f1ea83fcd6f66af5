package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ControlType;
import dev.rdcp.protocol.CountedList;
import dev.rdcp.protocol.Decision;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryCounts;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ExtendedOptions;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.SessionRequest;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generator alone: list entries in, decisions and wanted files out. */
class GeneratorTest {

    private static final long MTIME = 1_600_000_000L;

    @TempDir
    Path dir;

    private final List<Incoming> wanted = new ArrayList<>();
    private final TransferReport report = new TransferReport();
    private final ReceiverTally tally = new ReceiverTally();
    private Generator generator;

    @BeforeEach
    void create() throws Exception {
        TransferOptions options = TransferOptions.of(1 << 20, SessionRequest.RECURSIVE | SessionRequest.PRESERVE_TIMES
                | SessionRequest.DESTINATION_IS_DIRECTORY);
        Destination destination = Destination.of(dir, true, null);
        destination.prepare(false);
        SessionBudget budget = new SessionBudget();
        generator = new Generator(destination, options, report, new Attributes(options, destination),
                new ReportQueue(report, budget, false), tally, wanted::add, () -> { }, budget);
    }

    private static Entry entry(int index, EntryType type, String name, long size) {
        return new Entry(index, type, 0644, MTIME, 0, size, 0, 0, name.getBytes(StandardCharsets.UTF_8), new byte[0]);
    }

    private static ByteBuffer entries(Entry... entries) {
        ByteBuffer out = ByteBuffer.allocate(8192);
        int at = CountedList.start(out);
        for (Entry e : entries) {
            e.encode(out);
        }
        CountedList.finish(out, at, entries.length);
        return out.flip();
    }

    private static List<Decision> decisions(ByteBuffer out) throws ProtocolException {
        out.flip();
        int count = CountedList.read(out, ControlType.WANTS);
        List<Decision> decisions = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            decisions.add(Decision.decode(out));
        }
        return decisions;
    }

    @Test
    void anUpToDateFileIsSkippedAndAMissingOneIsWantedInsideANewDirectory() throws Exception {
        Path same = Files.writeString(dir.resolve("same.txt"), "12345");
        Files.setLastModifiedTime(same, FileTime.from(Instant.ofEpochSecond(MTIME)));
        ByteBuffer out = ByteBuffer.allocate(8192);

        generator.answer(entries(entry(0, EntryType.FILE, "same.txt", 5), entry(1, EntryType.DIRECTORY, "sub", 0),
                entry(2, EntryType.FILE, "sub/new.bin", 10)), out);

        List<Decision> decisions = decisions(out);
        assertEquals(List.of(new Decision(0, Decision.Kind.SKIP, 0, 0), new Decision(2, Decision.Kind.SEND, 0, 0)),
                decisions, "one decision per file entry, in order; none for the directory");
        assertEquals(1, wanted.size());
        assertArrayEquals("sub/new.bin".getBytes(StandardCharsets.UTF_8), wanted.get(0).local);
        assertTrue(Files.isDirectory(dir.resolve("sub")), "directories are made as they are listed");
        assertEquals(new EntryCounts(0, 1, 0, 0, 0), tally.counts().created(), "the directory; the file is counted once it arrives");
    }

    @Test
    void trailingBytesAfterTheEntriesAreAProtocolError() {
        ByteBuffer payload = entries(entry(0, EntryType.DIRECTORY, "d", 0));
        ByteBuffer longer = ByteBuffer.allocate(payload.remaining() + 1).put(payload).put((byte) 1).flip();
        assertThrows(ProtocolException.class, () -> generator.answer(longer, ByteBuffer.allocate(8192)));
    }

    /** A MISSING entry deletes only in a session that asked for --delete-missing-args, and never the root. */
    @Test
    void aMissingEntryNeedsItsFlagAndNeverNamesTheRoot() throws Exception {
        Path kept = Files.writeString(dir.resolve("kept"), "x");
        assertThrows(ProtocolException.class, () -> generator.answer(entries(entry(0, EntryType.MISSING, "kept", 0)),
                ByteBuffer.allocate(8192)));
        assertTrue(Files.exists(kept));

        TransferOptions options = TransferOptions.of(1 << 20, SessionRequest.DELETE_MISSING_ARGS
                | SessionRequest.DESTINATION_IS_DIRECTORY);
        Destination destination = Destination.of(dir, true, null);
        destination.prepare(false);
        SessionBudget budget = new SessionBudget();
        Generator deleting = new Generator(destination, options, report, new Attributes(options, destination),
                new ReportQueue(report, budget, false), tally, wanted::add, () -> { }, budget);
        assertThrows(ProtocolException.class, () -> deleting.answer(entries(entry(0, EntryType.MISSING, ".", 0)),
                ByteBuffer.allocate(8192)));
        deleting.answer(entries(entry(1, EntryType.MISSING, "kept", 0)), ByteBuffer.allocate(8192));
        assertTrue(Files.notExists(kept));
    }

    /** The end of directory {@code name}'s listing, every entry of it read (mode 0). */
    private static Entry end(int index, String name) {
        return new Entry(index, EntryType.DIRECTORY_END, 0, 0, 0, 0, 0, 0, name.getBytes(StandardCharsets.UTF_8),
                new byte[0]);
    }

    /** A generator for --delete-before, its bookkeeping charged to {@code budget}. */
    private Generator deletingBefore(SessionBudget budget) throws Exception {
        TransferOptions options = TransferOptions.of(1 << 20, SessionRequest.RECURSIVE | SessionRequest.DELETE
                | SessionRequest.DESTINATION_IS_DIRECTORY).withExtended(ExtendedOptions.DELETE_BEFORE, true);
        Destination destination = Destination.of(dir, true, null);
        destination.prepare(false);
        return new Generator(destination, options, report, new Attributes(options, destination),
                new ReportQueue(report, budget, false), tally, wanted::add, () -> { }, budget);
    }

    /**
     * --delete-before: the list is answered with no decisions, and nothing of it is made, until the
     * sender's empty ENTRIES ends it; then every deletion is made, and the messages held are
     * decided one by one, each empty ENTRIES taking the next.
     */
    @Test
    void withDeleteBeforeFilesAreDecidedOnlyOnceEveryDeletionIsMade() throws Exception {
        Files.writeString(dir.resolve("old"), "o");
        Files.writeString(Files.createDirectory(dir.resolve("sub")).resolve("old2"), "o");
        SessionBudget budget = new SessionBudget();
        Generator before = deletingBefore(budget);

        ByteBuffer out = ByteBuffer.allocate(8192);
        before.answer(entries(entry(0, EntryType.DIRECTORY, ".", 0), entry(1, EntryType.FILE, "new", 3),
                entry(2, EntryType.DIRECTORY, "sub", 0)), out);
        assertEquals(List.of(), decisions(out), "held: no decision yet");
        out = ByteBuffer.allocate(8192);
        before.answer(entries(entry(3, EntryType.FILE, "sub/new2", 4), end(4, "sub"),
                end(5, ".")), out);
        assertEquals(List.of(), decisions(out));
        assertEquals(List.of(), wanted, "no file wanted before the list ends");
        assertTrue(Files.exists(dir.resolve("old")) && Files.exists(dir.resolve("sub/old2")),
                "nothing deleted before the list's end");

        out = ByteBuffer.allocate(8192);
        before.answer(entries(), out);
        assertTrue(Files.notExists(dir.resolve("old")) && Files.notExists(dir.resolve("sub/old2")),
                "every deletion made at the list's end");
        assertEquals(List.of(new Decision(1, Decision.Kind.SEND, 0, 0)), decisions(out), "the first message's files");
        out = ByteBuffer.allocate(8192);
        before.answer(entries(), out);
        assertEquals(List.of(new Decision(3, Decision.Kind.SEND, 0, 0)), decisions(out), "the second's");
        out = ByteBuffer.allocate(8192);
        before.answer(entries(), out);
        assertEquals(List.of(), decisions(out), "nothing more held");
        assertEquals(2, wanted.size());

        // What the list held meanwhile is given back: as much stays charged (the deletions' reports
        // waiting to be sent, the files awaited) as for a --delete-during run of the same list.
        Files.writeString(dir.resolve("old"), "o");
        Files.writeString(dir.resolve("sub/old2"), "o");
        SessionBudget during = new SessionBudget();
        TransferOptions options = TransferOptions.of(1 << 20, SessionRequest.RECURSIVE | SessionRequest.DELETE
                | SessionRequest.DESTINATION_IS_DIRECTORY);
        Destination destination = Destination.of(dir, true, null);
        destination.prepare(false);
        Generator whileListed = new Generator(destination, options, report, new Attributes(options, destination),
                new ReportQueue(report, during, false), new ReceiverTally(), wanted::add, () -> { }, during);
        whileListed.answer(entries(entry(0, EntryType.DIRECTORY, ".", 0), entry(1, EntryType.FILE, "new", 3),
                entry(2, EntryType.DIRECTORY, "sub", 0)), ByteBuffer.allocate(8192));
        whileListed.answer(entries(entry(3, EntryType.FILE, "sub/new2", 4), end(4, "sub"),
                end(5, ".")), ByteBuffer.allocate(8192));
        assertEquals(during.spent(), budget.spent());
    }

    /**
     * --delete-before holds the whole list until it ends: a sender that never ends it cannot make
     * the receiver hold more than its bookkeeping allows; the session ends as rsync's out of
     * memory does, exit 22.
     */
    @Test
    void aListHeldPastTheBudgetEndsTheSessionWithExit22() throws Exception {
        Generator before = deletingBefore(new SessionBudget(1 << 20));
        before.answer(entries(entry(0, EntryType.DIRECTORY, ".", 0)), ByteBuffer.allocate(8192));
        RdcpException full = assertThrows(RdcpException.class, () -> {
            for (int message = 0; message < 10_000; message++) {
                Entry[] files = new Entry[100];
                for (int i = 0; i < files.length; i++) {
                    int index = 1 + message * files.length + i;
                    files[i] = entry(index, EntryType.FILE, "f" + index, 1);
                }
                before.answer(entries(files), ByteBuffer.allocate(8192));
            }
        });
        assertEquals(ExitCode.MEMORY, full.exitCode());
        assertTrue(full.getMessage().startsWith("--delete-before: the file list needs more than 1 MiB"), full.getMessage());
    }

    /** A generator for --delete as rsync's --delete-during (extended flag DELETE_DURING), charged to {@code budget}. */
    private Generator deletingDuring(SessionBudget budget) throws Exception {
        TransferOptions options = TransferOptions.of(1 << 20, SessionRequest.RECURSIVE | SessionRequest.DELETE
                | SessionRequest.DESTINATION_IS_DIRECTORY).withExtended(ExtendedOptions.DELETE_DURING, true);
        Destination destination = Destination.of(dir, true, null);
        destination.prepare(false);
        return new Generator(destination, options, report, new Attributes(options, destination),
                new ReportQueue(report, budget, false), tally, wanted::add, () -> { }, budget);
    }

    private static Entry marker(int index, EntryType type, String name) {
        return new Entry(index, type, 0, 0, 0, 0, 0, 0, name.getBytes(StandardCharsets.UTF_8), new byte[0]);
    }

    /**
     * DELETE_DURING: a directory's files are decided only once its CHILDREN_END has come, after
     * the deletions in it; what the SUBDIRECTORY names stays. Each ENTRIES, the sender's empty
     * ones too, is answered with what one held message allows, and the budget is given back.
     */
    @Test
    void withDeleteDuringADirectorysFilesWaitForItsChildrenEndAndItsDeletions() throws Exception {
        Files.writeString(dir.resolve("old"), "o");
        Files.writeString(Files.createDirectory(dir.resolve("sub")).resolve("old2"), "o");
        SessionBudget budget = new SessionBudget();
        Generator during = deletingDuring(budget);

        ByteBuffer out = ByteBuffer.allocate(8192);
        during.answer(entries(entry(0, EntryType.DIRECTORY, ".", 0), entry(1, EntryType.FILE, "new", 3)), out);
        assertEquals(List.of(), decisions(out), "held until the children of . end");
        assertTrue(Files.exists(dir.resolve("old")), "nothing deleted before");
        out = ByteBuffer.allocate(8192);
        during.answer(entries(entry(2, EntryType.FILE, "new3", 3), marker(3, EntryType.SUBDIRECTORY, "sub"),
                marker(4, EntryType.CHILDREN_END, "."), entry(5, EntryType.DIRECTORY, "sub", 0),
                entry(6, EntryType.FILE, "sub/new2", 4)), out);
        assertTrue(Files.notExists(dir.resolve("old")), "deleted in . once its children ended");
        assertTrue(Files.exists(dir.resolve("sub/old2")), "sub is named: kept, and not yet looked in");
        assertEquals(List.of(new Decision(1, Decision.Kind.SEND, 0, 0)), decisions(out), "the first message, held");
        out = ByteBuffer.allocate(8192);
        during.answer(entries(), out);
        assertEquals(List.of(new Decision(2, Decision.Kind.SEND, 0, 0)), decisions(out),
                "an empty ENTRIES decides through the next, up to sub's first file");
        assertTrue(Files.exists(dir.resolve("sub/old2")));
        out = ByteBuffer.allocate(8192);
        during.answer(entries(marker(7, EntryType.CHILDREN_END, "sub"), end(8, "sub"), end(9, ".")), out);
        assertTrue(Files.notExists(dir.resolve("sub/old2")), "deleted in sub before its file is decided");
        assertEquals(List.of(new Decision(6, Decision.Kind.SEND, 0, 0)), decisions(out));
        out = ByteBuffer.allocate(8192);
        during.answer(entries(), out);
        assertEquals(List.of(), decisions(out), "nothing more held");
        during.checkListDecided();
        assertEquals(3, wanted.size());

        // What was held is given back: as much stays charged (the deletions' reports waiting to be
        // sent, the files awaited) as where the same list deletes at each DIRECTORY_END.
        Files.writeString(dir.resolve("old"), "o");
        Files.writeString(dir.resolve("sub/old2"), "o");
        SessionBudget atEnds = new SessionBudget();
        TransferOptions options = TransferOptions.of(1 << 20, SessionRequest.RECURSIVE | SessionRequest.DELETE
                | SessionRequest.DESTINATION_IS_DIRECTORY);
        Destination destination = Destination.of(dir, true, null);
        destination.prepare(false);
        Generator plain = new Generator(destination, options, report, new Attributes(options, destination),
                new ReportQueue(report, atEnds, false), new ReceiverTally(), wanted::add, () -> { }, atEnds);
        plain.answer(entries(entry(0, EntryType.DIRECTORY, ".", 0), entry(1, EntryType.FILE, "new", 3),
                entry(2, EntryType.FILE, "new3", 3), entry(5, EntryType.DIRECTORY, "sub", 0),
                entry(6, EntryType.FILE, "sub/new2", 4), end(8, "sub"), end(9, ".")), ByteBuffer.allocate(8192));
        assertEquals(atEnds.spent(), budget.spent());
    }

    /** DELETE_DURING: a CHILDREN_END or a directory out of place, and one never sent by the END, are protocol errors. */
    @Test
    void withDeleteDuringAChildrenEndOutOfPlaceOrNeverSentIsAProtocolError() throws Exception {
        Generator wrongName = deletingDuring(new SessionBudget());
        assertThrows(ProtocolException.class, () -> wrongName.answer(entries(entry(0, EntryType.DIRECTORY, ".", 0),
                entry(1, EntryType.DIRECTORY, "a", 0), marker(2, EntryType.CHILDREN_END, ".")),
                ByteBuffer.allocate(8192)));
        Generator directoryFirst = deletingDuring(new SessionBudget());
        assertThrows(ProtocolException.class, () -> directoryFirst.answer(entries(entry(0, EntryType.DIRECTORY, ".", 0),
                entry(1, EntryType.FILE, "f", 1), entry(2, EntryType.DIRECTORY, "a", 0)), ByteBuffer.allocate(8192)));
        Generator foreignName = deletingDuring(new SessionBudget());
        assertThrows(ProtocolException.class, () -> foreignName.answer(entries(entry(0, EntryType.DIRECTORY, ".", 0),
                entry(1, EntryType.DIRECTORY, "a", 0), marker(2, EntryType.SUBDIRECTORY, "b/c")),
                ByteBuffer.allocate(8192)));
        Generator neverEnded = deletingDuring(new SessionBudget());
        neverEnded.answer(entries(entry(0, EntryType.DIRECTORY, ".", 0), entry(1, EntryType.FILE, "f", 1)),
                ByteBuffer.allocate(8192));
        assertThrows(ProtocolException.class, neverEnded::checkListDecided);
        Generator without = generator;
        assertThrows(ProtocolException.class, () -> without.answer(entries(entry(0, EntryType.DIRECTORY, ".", 0),
                marker(1, EntryType.CHILDREN_END, ".")), ByteBuffer.allocate(8192)), "without DELETE_DURING");
    }

    /**
     * DELETE_DURING holds a directory's list messages until its children end: a sender that
     * never ends them cannot make the receiver hold more than its bookkeeping allows; the session
     * ends as rsync's out of memory does, exit 22.
     */
    @Test
    void aDirectoryHeldPastTheBudgetEndsTheSessionWithExit22() throws Exception {
        Generator during = deletingDuring(new SessionBudget(1 << 20));
        during.answer(entries(entry(0, EntryType.DIRECTORY, ".", 0)), ByteBuffer.allocate(8192));
        RdcpException full = assertThrows(RdcpException.class, () -> {
            for (int message = 0; message < 10_000; message++) {
                Entry[] files = new Entry[100];
                for (int i = 0; i < files.length; i++) {
                    int index = 1 + message * files.length + i;
                    files[i] = entry(index, EntryType.FILE, "f" + index, 1);
                }
                during.answer(entries(files), ByteBuffer.allocate(8192));
            }
        });
        assertEquals(ExitCode.MEMORY, full.exitCode());
        assertTrue(full.getMessage().startsWith("--delete: the list of one directory needs more than 1 MiB"),
                full.getMessage());
    }
}
