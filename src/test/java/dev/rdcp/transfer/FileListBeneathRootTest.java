package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.posix.ReadOnlyFile;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.SessionRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server's operands are found beneath its root's descriptor, never by path: the client decides
 * when each operand is listed (it holds back its answers), so a symlink planted after the
 * daemon checked the path must not lead the listing out of the served directory.
 */
class FileListBeneathRootTest {

    @TempDir
    Path tmp;

    private Path root;

    /** root: d -> outside (the symlink made after the check), in/ok; outside: secret.txt, sub/other. */
    @BeforeEach
    void tree() throws Exception {
        root = Files.createDirectory(tmp.resolve("root"));
        Path outside = Files.createDirectory(tmp.resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), "secret");
        Files.writeString(Files.createDirectory(outside.resolve("sub")).resolve("other"), "other");
        Files.createSymbolicLink(root.resolve("d"), outside);
        Files.writeString(Files.createDirectory(root.resolve("in")).resolve("ok"), "ok");
        Files.createSymbolicLink(root.resolve("inlink"), Path.of("in"));
        Files.createSymbolicLink(root.resolve("up"), Path.of("../outside"));
    }

    private List<Entry> list(long flags, SourceOperand... operands) {
        List<Entry> entries = new ArrayList<>();
        try (FileList list = new FileList(List.of(operands), TransferOptions.of(4096, flags), Heartbeat.NONE,
                IdNaming.SYSTEM, root)) {
            for (ListedEntry listed; (listed = list.next()) != null; ) {
                entries.add(listed.entry());
            }
            assertNull(list.next());
        }
        return entries;
    }

    private static List<String> shape(List<Entry> entries) {
        return entries.stream().map(e -> e.type() + " " + new String(e.name(), StandardCharsets.UTF_8)).toList();
    }

    private SourceOperand operand(String relative) {
        return SourceOperand.parse(root + "/" + relative);
    }

    /** Absolute ("d") or climbing above the root ("up" -> ../outside): refused either way. */
    @Test
    void aFileThroughASymlinkedDirectoryIsNotListed() {
        for (String escape : List.of("d/secret.txt", "up/secret.txt", "up/")) {
            List<Entry> entries = list(SessionRequest.RECURSIVE, operand(escape));
            assertTrue(entries.stream().noneMatch(e -> e.type() == EntryType.FILE || e.type() == EntryType.DIRECTORY),
                    escape + ": " + shape(entries));
        }
    }

    @Test
    void aDirectoryThroughASymlinkIsNotWalked() {
        List<Entry> entries = list(SessionRequest.RECURSIVE, operand("d/"), operand("d/sub/"));
        assertTrue(entries.stream().noneMatch(e -> e.type() == EntryType.FILE || e.type() == EntryType.DIRECTORY),
                shape(entries).toString());
    }

    /** The symlink itself, named as an operand, is a symlink: sent as one with -l, skipped without. */
    @Test
    void aSymlinkOperandIsNotFollowed() {
        assertEquals(List.of("SYMLINK d"), shape(list(SessionRequest.LINKS, operand("d"))));
        List<Entry> skipped = list(SessionRequest.RECURSIVE, operand("d"));
        assertTrue(skipped.stream().noneMatch(e -> e.type() == EntryType.DIRECTORY), shape(skipped).toString());
    }

    @Test
    void whatIsBeneathTheRootIsListedAsBefore() {
        assertEquals(List.of("DIRECTORY .", "FILE ok", "DIRECTORY_END ."),
                shape(list(SessionRequest.RECURSIVE, operand("in/"))));
        assertEquals(List.of("FILE ok"), shape(list(0, operand("in/ok"))));
        List<Entry> whole = list(SessionRequest.RECURSIVE, SourceOperand.parse(root + "/"));
        assertTrue(shape(whole).containsAll(List.of("DIRECTORY .", "DIRECTORY in", "FILE in/ok")), shape(whole).toString());
    }

    /**
     * As rsync's daemon: a symlink that stays inside the root is followed on the way to an
     * operand, and through a trailing slash (a module's "current -> 2026-11-26").
     */
    @Test
    void aSymlinkInsideTheRootIsFollowedOnTheWay() {
        assertEquals(List.of("FILE ok"), shape(list(0, operand("inlink/ok"))));
        assertEquals(List.of("DIRECTORY .", "FILE ok", "DIRECTORY_END ."),
                shape(list(SessionRequest.RECURSIVE | SessionRequest.LINKS, operand("inlink/"))));
        assertEquals(List.of("SYMLINK inlink"), shape(list(SessionRequest.LINKS, operand("inlink"))));
    }

    /**
     * A --files-from name whose directory is a symlink out of the root: nothing of it is sent, not
     * even the symlink as its implied parent, and the name fails (rsync's daemon sends nothing for
     * it either); one through a symlink inside the root arrives under the symlink's name.
     */
    @Test
    void aFilesFromNameThroughASymlinkOutOfTheRootSendsNothingOfIt() {
        for (String escape : List.of("d/secret.txt", "up/secret.txt", "d/sub/other")) {
            List<Entry> entries = list(SessionRequest.LINKS | SessionRequest.FILES_FROM,
                    SourceOperand.relative(root, escape));
            assertEquals(List.of("PROBLEM "), shape(entries), escape);
            String text = new String(entries.get(0).extra(), StandardCharsets.UTF_8);
            assertTrue(text.contains("leads outside the directory being copied from"), text);
        }
        assertEquals(List.of("DIRECTORY inlink", "FILE inlink/ok"), shape(list(SessionRequest.LINKS
                | SessionRequest.FILES_FROM, SourceOperand.relative(root, "inlink/ok"))));
    }

    /** A missing operand is named as the client named it, within the root, not by the daemon's own path. */
    @Test
    void aMissingOperandDoesNotTellTheServedPath() {
        for (String missing : List.of("nosuch", "in/nosuch", "gone/nosuch")) {
            List<Entry> entries = list(0, operand(missing));
            String text = new String(entries.get(0).extra(), StandardCharsets.UTF_8);
            assertEquals(missing + ": no such file or directory", text);
        }
    }

    /**
     * -L on a server: a symlink that stays beneath the root is listed as what it leads to, one
     * leading out (absolute, or climbing above the root) fails alone, and a loop back to a
     * directory being walked is listed once more and not walked.
     */
    @Test
    void copyLinksFollowsOnlyWhatStaysBeneathTheRoot() throws Exception {
        Files.createSymbolicLink(root.resolve("in/again"), Path.of("../inlink"));
        List<Entry> entries = list(SessionRequest.RECURSIVE | SessionRequest.COPY_LINKS, SourceOperand.parse(root + "/"));
        List<String> shape = shape(entries);
        assertTrue(shape.containsAll(List.of("DIRECTORY inlink", "FILE inlink/ok", "DIRECTORY in/again",
                "PROBLEM d", "PROBLEM up", "PROBLEM in/again")), shape.toString());
        assertTrue(shape.stream().noneMatch(e -> e.contains("secret") || e.contains("other")
                || e.startsWith("SYMLINK") || e.equals("DIRECTORY_END in/again")), shape.toString());
        String text = new String(entries.get(shape.indexOf("PROBLEM up")).extra(), StandardCharsets.UTF_8);
        assertEquals("up: a symlink on the way leads outside the directory being copied from or to", text);
    }

    /** The files {@code list} lists, each with its path and status (the list stays open to open them). */
    private static List<ListedEntry> files(FileList list) {
        List<ListedEntry> files = new ArrayList<>();
        for (ListedEntry listed; (listed = list.next()) != null; ) {
            if (listed.entry().type() == EntryType.FILE) {
                files.add(listed);
            }
        }
        return files;
    }

    /**
     * The sender opens a server's listed file beneath the root's descriptor, not by its path: a
     * directory on the way swapped for a symlink out of the root after the listing (outside/in
     * holds a file of the same name) is refused at the open, before any node outside is reached.
     * Opened by path, the open would reach outside/in/ok and only the inode check after it would
     * refuse it ("is no longer the file that was listed").
     */
    @Test
    void aListedFileIsOpenedBeneathTheRoot() throws Exception {
        Path outsideIn = Files.createDirectories(tmp.resolve("outside/in"));
        Files.writeString(outsideIn.resolve("ok"), "ok");
        // Another name than in/'s "ok": the list holds each top-level name once, as rsync's.
        Files.writeString(Files.createDirectory(root.resolve("in2")).resolve("ok2"), "ok");
        Files.createSymbolicLink(root.resolve("in2link"), Path.of("in2"));
        try (FileList list = new FileList(List.of(operand("in/"), operand("in2link/ok2")),
                TransferOptions.of(4096, SessionRequest.RECURSIVE), Heartbeat.NONE, IdNaming.SYSTEM, root)) {
            List<ListedEntry> files = files(list);
            assertEquals(2, files.size());
            for (ListedEntry listed : files) {
                try (ReadOnlyFile file = list.openListed(listed.path(), listed.listed(), ReadOnlyFile.Opening.PLAIN)) {
                    assertEquals(2, file.size(), listed.path().toString());
                }
            }
            Files.move(root.resolve("in"), root.resolve("in.moved"));
            Files.createSymbolicLink(root.resolve("in"), tmp.resolve("outside/in"));
            ListedEntry swapped = files.get(0);
            FileSystemException refused = assertThrows(FileSystemException.class,
                    () -> list.openListed(swapped.path(), swapped.listed(), ReadOnlyFile.Opening.PLAIN).close());
            assertTrue(refused.getMessage().contains("leads outside the directory being copied from"),
                    refused.getMessage());
        }
    }
}
