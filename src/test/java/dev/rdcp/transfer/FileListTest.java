package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.filter.FilterRules;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ExtendedOptions;
import dev.rdcp.protocol.SessionRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileListTest {

    private static final long RECURSIVE = SessionRequest.RECURSIVE;

    @TempDir
    Path tmp;

    private Path src;

    /** src: b.txt, a/ (z, y), B, é — children out of byte order on purpose. */
    @BeforeEach
    void tree() throws Exception {
        src = Files.createDirectory(tmp.resolve("src"));
        Files.writeString(src.resolve("b.txt"), "bbb");
        Path a = Files.createDirectory(src.resolve("a"));
        Files.writeString(a.resolve("z"), "zz");
        Files.writeString(a.resolve("y"), "y");
        Files.writeString(src.resolve("B"), "");
        Files.writeString(src.resolve("\u00e9"), "e");
    }

    private static List<Entry> list(List<SourceOperand> operands, TransferOptions options) {
        FileList list = new FileList(operands, options, Heartbeat.NONE);
        List<Entry> entries = new ArrayList<>();
        for (ListedEntry listed; (listed = list.next()) != null; ) {
            entries.add(listed.entry());
        }
        assertNull(list.next(), "stays complete");
        return entries;
    }

    private static List<Entry> list(SourceOperand operand, long flags) {
        return list(List.of(operand), TransferOptions.of(4096, flags));
    }

    /** "TYPE name" per entry. */
    private static List<String> shape(List<Entry> entries) {
        return entries.stream().map(e -> e.type() + " " + new String(e.name(), StandardCharsets.UTF_8)).toList();
    }

    private static String text(Entry entry) {
        return new String(entry.extra(), StandardCharsets.UTF_8);
    }

    /**
     * --delete as rsync's --delete-during (extended flag 8): once a directory's other children are
     * listed, its subdirectories are named and its children ended, before the first is listed.
     */
    @Test
    void withDeleteDuringEachDirectoryNamesItsSubdirectoriesAndEndsItsChildrenFirst() throws Exception {
        Files.createDirectory(src.resolve("a/inner"));
        Files.createDirectory(src.resolve("c"));
        TransferOptions options = TransferOptions.of(4096, RECURSIVE | SessionRequest.DELETE)
                .withExtended(ExtendedOptions.DELETE_DURING, true);
        List<Entry> entries = list(List.of(SourceOperand.parse(src + "/")), options);
        assertEquals(List.of(
                "DIRECTORY .",
                "FILE B",
                "FILE b.txt",
                "FILE \u00e9",
                "SUBDIRECTORY a",
                "SUBDIRECTORY c",
                "CHILDREN_END .",
                "DIRECTORY a",
                "FILE a/y",
                "FILE a/z",
                "SUBDIRECTORY a/inner",
                "CHILDREN_END a",
                "DIRECTORY a/inner",
                "CHILDREN_END a/inner",
                "DIRECTORY_END a/inner",
                "DIRECTORY_END a",
                "DIRECTORY c",
                "CHILDREN_END c",
                "DIRECTORY_END c",
                "DIRECTORY_END ."), shape(entries));
        for (int i = 0; i < entries.size(); i++) {
            assertEquals(i, entries.get(i).index(), "each takes an index");
        }
        assertTrue(entries.stream().filter(e -> e.type() == EntryType.CHILDREN_END).allMatch(e -> e.mode() == 0));
        assertTrue(shape(list(SourceOperand.parse(src + "/"), RECURSIVE | SessionRequest.DELETE)).stream()
                .noneMatch(line -> line.startsWith("SUBDIRECTORY") || line.startsWith("CHILDREN_END")),
                "only with the extended flag");
    }

    /** rsync's order: a directory's other entries first, then each subdirectory with its contents. */
    @Test
    void aTrailingSlashListsTheContentsUnderDotInRsyncsOrder() {
        assertEquals(List.of(
                "DIRECTORY .",
                "FILE B",
                "FILE b.txt",
                "FILE \u00e9",
                "DIRECTORY a",
                "FILE a/y",
                "FILE a/z",
                "DIRECTORY_END a",
                "DIRECTORY_END ."), shape(list(SourceOperand.parse(src + "/"), RECURSIVE)));
    }

    @Test
    void withoutATrailingSlashTheDirectoryItselfIsListedByName() {
        assertEquals(List.of(
                "DIRECTORY src",
                "FILE src/B",
                "FILE src/b.txt",
                "FILE src/\u00e9",
                "DIRECTORY src/a",
                "FILE src/a/y",
                "FILE src/a/z",
                "DIRECTORY_END src/a",
                "DIRECTORY_END src"), shape(list(SourceOperand.parse(src.toString()), RECURSIVE)));
    }

    /** Each subdirectory waits for every other entry of its directory, at every depth. */
    @Test
    void subdirectoriesComeAfterTheirSiblingsAtEveryDepth() throws Exception {
        Path a = src.resolve("a");
        Files.createDirectory(a.resolve("m"));
        Files.writeString(a.resolve("m").resolve("q"), "q");
        Files.createSymbolicLink(a.resolve("n"), Path.of("z"));
        Files.createDirectory(src.resolve("0"));
        assertEquals(List.of(
                "DIRECTORY .",
                "FILE B",
                "FILE b.txt",
                "FILE \u00e9",
                "DIRECTORY 0",
                "DIRECTORY_END 0",
                "DIRECTORY a",
                "SYMLINK a/n",
                "FILE a/y",
                "FILE a/z",
                "DIRECTORY a/m",
                "FILE a/m/q",
                "DIRECTORY_END a/m",
                "DIRECTORY_END a",
                "DIRECTORY_END ."), shape(list(SourceOperand.parse(src + "/"), RECURSIVE | SessionRequest.LINKS)));
    }

    @Test
    void indexesCountEveryEntryInOrder() {
        List<Entry> entries = list(SourceOperand.parse(src + "/"), RECURSIVE);
        for (int i = 0; i < entries.size(); i++) {
            assertEquals(i, entries.get(i).index());
        }
    }

    @Test
    void fileEntriesCarrySizePermissionBitsAndMtime() throws Exception {
        Path file = src.resolve("b.txt");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r-----"));
        Entry entry = list(SourceOperand.parse(file.toString()), 0).get(0);
        assertEquals(EntryType.FILE, entry.type());
        assertArrayEquals("b.txt".getBytes(StandardCharsets.UTF_8), entry.name());
        assertEquals(3, entry.size());
        assertEquals(0640, entry.mode());
        assertEquals(Files.getLastModifiedTime(file).toInstant(),
                java.time.Instant.ofEpochSecond(entry.mtimeSeconds(), entry.mtimeNanos()));
        assertEquals(0, entry.extra().length, "no checksum unless asked");
    }

    @Test
    void withChecksumAFileCarriesTheMd5OfItsContent() throws Exception {
        Entry entry = list(SourceOperand.parse(src.resolve("b.txt").toString()), SessionRequest.CHECKSUM).get(0);
        byte[] expected = MessageDigest.getInstance("MD5").digest("bbb".getBytes(StandardCharsets.US_ASCII));
        assertArrayEquals(expected, entry.extra());
    }

    /** As rsync: a note (exit 0), not a failure, so that `rsync src/* host:` copying only the files works. */
    @Test
    void aDirectoryWithoutRecursionIsSkippedWithANote() {
        List<Entry> entries = list(SourceOperand.parse(src.toString()), 0);
        assertEquals(1, entries.size());
        assertEquals(EntryType.PROBLEM, entries.get(0).type());
        assertEquals(0, entries.get(0).mode());
        assertTrue(text(entries.get(0)).contains("skipping directory src"), text(entries.get(0)));
    }

    @Test
    void aMissingOperandIsAProblemWithCode23AndTheOthersAreStillListed() {
        Path missing = tmp.resolve("missing");
        List<Entry> entries = list(List.of(SourceOperand.parse(missing.toString()),
                SourceOperand.parse(src.resolve("b.txt").toString())), TransferOptions.of(4096, 0));
        assertEquals(List.of("PROBLEM missing", "FILE b.txt"), shape(entries));
        assertEquals(23, entries.get(0).mode());
        assertTrue(text(entries.get(0)).contains("no such file or directory"), text(entries.get(0)));
    }

    @Test
    void withLinksASymlinkIsListedWithItsTarget() throws Exception {
        Files.createSymbolicLink(src.resolve("a/link"), Path.of("../b.txt"));
        List<Entry> entries = list(SourceOperand.parse(src.resolve("a") + "/"), RECURSIVE | SessionRequest.LINKS);
        assertEquals(List.of("DIRECTORY .", "SYMLINK link", "FILE y", "FILE z", "DIRECTORY_END ."), shape(entries));
        assertEquals("../b.txt", text(entries.get(1)));
        assertEquals(8, entries.get(1).size(), "its own size, as ls -l and --list-only show it: the target's length");
    }

    @Test
    void withHardLinksLaterNamesOfAFileAreListedAsLinksToTheFirst() throws Exception {
        Path first = src.resolve("a/y");
        Files.createLink(src.resolve("a/w"), first);
        Files.createLink(src.resolve("a/x"), first);
        List<Entry> linked = list(SourceOperand.parse(src.resolve("a") + "/"), RECURSIVE | SessionRequest.HARD_LINKS);
        assertEquals(List.of("DIRECTORY .", "FILE w", "HARDLINK x", "HARDLINK y", "FILE z", "DIRECTORY_END ."),
                shape(linked));
        assertEquals("w", text(linked.get(2)));
        assertEquals("w", text(linked.get(3)));
        assertEquals(Files.size(first), linked.get(2).size(), "its file's size, which the total size counts per name");
        assertEquals(linked.get(1).size(), linked.get(3).size());

        List<Entry> plain = list(SourceOperand.parse(src.resolve("a") + "/"), RECURSIVE);
        assertEquals(List.of("DIRECTORY .", "FILE w", "FILE x", "FILE y", "FILE z", "DIRECTORY_END ."), shape(plain));
    }

    /** The JDK would hand the target over as a path: "dir/" without its slash, 0xff as U+FFFD. */
    @Test
    void aSymlinkTargetIsListedAsItsRawBytes() throws Exception {
        byte[] target = {'d', (byte) 0xff, 'r', '/'};
        try (dev.rdcp.posix.DirectoryHandle a = dev.rdcp.posix.DirectoryHandle.open(src.resolve("a"),
                FileNames.absolute(src.resolve("a")))) {
            a.symlink(target, new byte[] {'l'});
        }
        List<Entry> entries = list(SourceOperand.parse(src.resolve("a") + "/"), RECURSIVE | SessionRequest.LINKS);
        assertEquals("SYMLINK l", shape(entries).get(1));
        assertArrayEquals(target, entries.get(1).extra());
    }

    @Test
    void withoutLinksASymlinkInsideATreeIsSkippedWithANoteOnly() throws Exception {
        Files.createSymbolicLink(src.resolve("a/link"), Path.of("../b.txt"));
        List<Entry> entries = list(SourceOperand.parse(src.resolve("a") + "/"), RECURSIVE);
        assertEquals(List.of("DIRECTORY .", "PROBLEM link", "FILE y", "FILE z", "DIRECTORY_END ."), shape(entries));
        assertEquals(0, entries.get(1).mode(), "a note, not a failure");
        assertTrue(text(entries.get(1)).contains("skipping non-regular file \"link\""), text(entries.get(1)));
    }

    /** As rsync: without -l a symlink operand is skipped like any other symlink; a trailing slash follows it. */
    @Test
    void withoutLinksASymlinkOperandIsSkippedUnlessNamedWithASlash() throws Exception {
        Path link = Files.createSymbolicLink(tmp.resolve("operand-link"), src.resolve("b.txt"));
        List<Entry> entries = list(SourceOperand.parse(link.toString()), 0);
        assertEquals(List.of("PROBLEM operand-link"), shape(entries));
        assertEquals(0, entries.get(0).mode(), "a note, not a failure");
        Path dirLink = Files.createSymbolicLink(tmp.resolve("dir-link"), src.resolve("a"));
        assertEquals(List.of("DIRECTORY .", "FILE y", "FILE z", "DIRECTORY_END ."),
                shape(list(SourceOperand.parse(dirLink + "/"), RECURSIVE | SessionRequest.LINKS)));
    }

    @Test
    void excludedNamesAreSkippedAndExcludedDirectoriesNotDescended() throws Exception {
        Files.writeString(src.resolve("debug.log"), "log");
        Files.writeString(src.resolve("a/deep.log"), "log");
        Path build = Files.createDirectory(src.resolve("build"));
        Files.writeString(build.resolve("out.bin"), "x");
        TransferOptions options = new TransferOptions(4096, 1, RECURSIVE, 0,
                FilterRules.parse(List.of("- *.log", "- build/")));
        List<String> names = shape(list(List.of(SourceOperand.parse(src + "/")), options));
        assertEquals(List.of(
                "DIRECTORY .",
                "FILE B",
                "FILE b.txt",
                "FILE \u00e9",
                "DIRECTORY a",
                "FILE a/y",
                "FILE a/z",
                "DIRECTORY_END a",
                "DIRECTORY_END ."), names);
    }

    /** As rsync (`rsync --exclude=*.log named.log dest` sends nothing): an operand is judged too, but "." never. */
    @Test
    void anOperandIsJudgedByTheRules() throws Exception {
        Path log = Files.writeString(tmp.resolve("named.log"), "x");
        TransferOptions options = new TransferOptions(4096, 1, 0, 0, FilterRules.parse(List.of("- *.log")));
        assertEquals(List.of(), shape(list(List.of(SourceOperand.parse(log.toString())), options)));
        TransferOptions everything = new TransferOptions(4096, 1, SessionRequest.DIRS, 0,
                FilterRules.parse(List.of("- *")));
        assertEquals(List.of("DIRECTORY .", "DIRECTORY_END ."),
                shape(list(List.of(SourceOperand.parse(tmp + "/")), everything)));
    }

    @Test
    void filesFromNamesBringTheirParentDirectoriesOnceAndKeepTheirRelativePath() throws Exception {
        Path deep = Files.createDirectories(src.resolve("a/b"));
        Files.writeString(deep.resolve("c.txt"), "c");
        Files.writeString(deep.resolve("d.txt"), "d");
        List<Entry> entries = list(List.of(SourceOperand.relative(src, "a/b/c.txt"),
                SourceOperand.relative(src, "a/b/d.txt"), SourceOperand.relative(src, "a/y")),
                TransferOptions.of(4096, 0));
        assertEquals(List.of(
                "DIRECTORY a",
                "DIRECTORY a/b",
                "FILE a/b/c.txt",
                "FILE a/b/d.txt",
                "FILE a/y"), shape(entries));
    }

    @Test
    void aRawNonUtf8NameIsListedWithItsBytes() throws Exception {
        Path raw = Files.createDirectory(tmp.resolve("raw"));
        byte[] name = {'n', (byte) 0xff, '\n', 'm'};
        RawNames.createFile(raw, name);
        List<Entry> entries = list(SourceOperand.parse(raw + "/"), RECURSIVE);
        assertEquals(3, entries.size());
        assertArrayEquals(name, entries.get(1).name());
        assertEquals(EntryType.FILE, entries.get(1).type());
    }

    @Test
    void anEmptyDirectoryIsOpenedAndClosed() throws Exception {
        Path empty = Files.createDirectory(tmp.resolve("empty"));
        assertEquals(List.of("DIRECTORY empty", "DIRECTORY_END empty"),
                shape(list(SourceOperand.parse(empty.toString()), RECURSIVE)));
    }

    /**
     * --files-from -r, a directory named after one of its descendants: it is still walked, and
     * what was listed already is not listed again (rsync lists each name once).
     */
    @Test
    void filesFromADirectoryAfterItsDescendantIsWalkedAndNothingIsListedTwice() throws Exception {
        Path deep = Files.createDirectories(src.resolve("a/b"));
        Files.writeString(deep.resolve("c.txt"), "c");
        Files.writeString(deep.resolve("d.txt"), "d");
        List<String> shape = shape(list(List.of(SourceOperand.relative(src, "a/b/c.txt"),
                SourceOperand.relative(src, "a")), TransferOptions.of(4096, RECURSIVE)));
        assertEquals(List.of(
                "DIRECTORY a",
                "DIRECTORY a/b",
                "FILE a/b/c.txt",
                "FILE a/b/d.txt",
                "DIRECTORY_END a/b",
                "FILE a/y",
                "FILE a/z",
                "DIRECTORY_END a"), shape);
    }

    @Test
    void filesFromADescendantAfterItsDirectoryIsNotListedTwice() throws Exception {
        Path deep = Files.createDirectories(src.resolve("a/b"));
        Files.writeString(deep.resolve("c.txt"), "c");
        List<String> shape = shape(list(List.of(SourceOperand.relative(src, "a"),
                SourceOperand.relative(src, "a/b/c.txt"), SourceOperand.relative(src, "a/b")),
                TransferOptions.of(4096, RECURSIVE)));
        assertEquals(List.of(
                "DIRECTORY a",
                "FILE a/y",
                "FILE a/z",
                "DIRECTORY a/b",
                "FILE a/b/c.txt",
                "DIRECTORY_END a/b",
                "DIRECTORY_END a"), shape);
    }

    /**
     * An entry whose path exceeds PATH_MAX (the directory's path fits, the entry's does not) is
     * listed: everything beneath an operand is reached through its directory's descriptor, never
     * by its whole path, so ENAMETOOLONG cannot make the directory incomplete.
     */
    @Test
    void anEntryWhosePathExceedsPathMaxIsListedThroughItsDirectory() throws Exception {
        Path deep = src;
        while (deep.toString().length() < 3_900) {
            deep = deep.resolve("d".repeat(250));
        }
        Files.createDirectories(deep);
        String longName = "f".repeat(250);
        Process touch = new ProcessBuilder("touch", longName).directory(deep.toFile()).start();
        assertEquals(0, touch.waitFor());
        assertTrue(deep.toString().length() + 1 + longName.length() >= 4096, "the entry's path must exceed PATH_MAX");
        List<Entry> entries;
        try {
            entries = list(List.of(SourceOperand.parse(deep.toString())),
                    TransferOptions.of(4096, RECURSIVE | SessionRequest.DELETE));
        } finally {
            // @TempDir cannot delete by a path over PATH_MAX either.
            assertEquals(0, new ProcessBuilder("rm", longName).directory(deep.toFile()).start().waitFor());
        }
        List<String> shape = shape(entries);
        assertEquals(List.of("DIRECTORY " + "d".repeat(250), "FILE " + "d".repeat(250) + "/" + longName,
                "DIRECTORY_END " + "d".repeat(250)), shape);
        assertEquals(0, entries.get(2).mode(), "the directory is complete");
    }

    /** -o/-g without --numeric-ids: each owner's and group's name goes once, just before the first entry that carries it. */
    @Test
    void ownerNamesPrecedeTheirFirstUse() throws Exception {
        Path b = src.resolve("b.txt");
        Path z = src.resolve("a/z");
        if ((int) Files.getAttribute(b, "unix:uid") == 0) {
            // Root is never named: give the files other owners (which root may).
            Files.setAttribute(b, "unix:uid", 1001);
            Files.setAttribute(b, "unix:gid", 1500);
            Files.setAttribute(z, "unix:uid", 1001);
            Files.setAttribute(z, "unix:gid", 1500);
        }
        int uid = (int) Files.getAttribute(b, "unix:uid");
        int gid = (int) Files.getAttribute(b, "unix:gid");
        IdNaming.Names names = new IdNaming.Names() {
            @Override
            public byte[] user(int id) {
                return id == uid ? "alice".getBytes(StandardCharsets.UTF_8) : null;
            }

            @Override
            public byte[] group(int id) {
                return id == gid ? "staff".getBytes(StandardCharsets.UTF_8) : null;
            }
        };
        FileList list = new FileList(List.of(SourceOperand.parse(src + "/")),
                TransferOptions.of(4096, RECURSIVE | SessionRequest.OWNERS | SessionRequest.GROUPS), Heartbeat.NONE, names);
        List<Entry> entries = new ArrayList<>();
        for (ListedEntry listed; (listed = list.next()) != null; ) {
            entries.add(listed.entry());
        }
        List<String> shape = shape(entries);
        int firstUse = -1;
        for (int i = 0; i < entries.size(); i++) {
            if (entries.get(i).type() != EntryType.ID_NAME && entries.get(i).uid() == uid) {
                firstUse = i;
                break;
            }
        }
        assertTrue(firstUse >= 2, shape.toString());
        assertEquals(List.of("ID_NAME alice", "ID_NAME staff"), shape.subList(firstUse - 2, firstUse), shape.toString());
        assertEquals(2, shape.stream().filter(line -> line.startsWith("ID_NAME")).count(), "each named once: " + shape);
        for (int i = 0; i < entries.size(); i++) {
            assertEquals(i, entries.get(i).index(), "indices stay consecutive");
        }
        List<Entry> numeric = list(List.of(SourceOperand.parse(src + "/")), TransferOptions.of(4096,
                RECURSIVE | SessionRequest.OWNERS | SessionRequest.GROUPS | SessionRequest.NUMERIC_IDS));
        assertTrue(numeric.stream().noneMatch(e -> e.type() == EntryType.ID_NAME), shape(numeric).toString());
    }
}
