package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.posix.DirectoryHandle;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFileTest {

    private static final ReceivingFile.Finisher NOTHING = temp -> {
    };
    private static final byte[] NO_PARTIAL_DIRECTORY = new byte[0];
    private static final byte[] PARTIAL_DIRECTORY = ".rsync-partial".getBytes(StandardCharsets.US_ASCII);

    @TempDir
    Path tmp;

    private DirectoryHandle base;

    @BeforeEach
    void open() throws IOException {
        base = DirectoryHandle.open(tmp, FileNames.absolute(tmp));
    }

    @AfterEach
    void close() throws IOException {
        base.close();
    }

    private static byte[] name(Path path) {
        return FileNames.lastComponent(path);
    }

    private Path partialPath(Path target) {
        return FileNames.resolve(tmp, AtomicFile.partialName(name(target), NO_PARTIAL_DIRECTORY));
    }

    private static ByteBuffer bytes(String text) {
        return ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII));
    }

    private long entries() throws Exception {
        try (Stream<Path> list = Files.list(tmp)) {
            return list.count();
        }
    }

    @Test
    void writeAndCommitPutTheContentUnderTheFinalNameAndRemoveTheTemp() throws Exception {
        Path target = tmp.resolve("data.bin");
        Path temp;
        try (AtomicFile file = AtomicFile.create(base, name(target), FileWrites.PLAIN)) {
            temp = file.temp();
            assertTrue(Files.exists(temp));
            assertFalse(Files.exists(target), "nothing under the final name before commit");
            // Out of order, as chunks may land.
            file.write(bytes("world"), 6);
            file.write(bytes("hello "), 0);
            file.commit(NOTHING);
        }
        assertEquals("hello world", Files.readString(target));
        assertFalse(Files.exists(temp));
        assertEquals(1, entries());
    }

    @Test
    void tempIsHiddenInTheSameDirectoryAndCountsAsOwnTemporary() throws Exception {
        Path target = tmp.resolve("visible.txt");
        try (AtomicFile file = AtomicFile.create(base, name(target), FileWrites.PLAIN)) {
            Path temp = file.temp();
            assertEquals(target.getParent(), temp.getParent());
            String name = temp.getFileName().toString();
            assertTrue(name.startsWith(".visible.txt."), name);
            assertTrue(name.endsWith(AtomicFile.TEMP_SUFFIX), name);
            assertTrue(AtomicFile.isOwnTemporary(name), name);
        }
    }

    @Test
    void closeWithoutCommitDeletesTheTempAndLeavesTheOlderFile() throws Exception {
        Path target = Files.writeString(tmp.resolve("keep.txt"), "older content");
        Path temp;
        try (AtomicFile file = AtomicFile.create(base, name(target), FileWrites.PLAIN)) {
            temp = file.temp();
            file.write(bytes("newer, partial"), 0);
            assertEquals("older content", Files.readString(target), "untouched while writing");
        }
        assertFalse(Files.exists(temp));
        assertEquals("older content", Files.readString(target));
        assertEquals(1, entries());
    }

    @Test
    void commitReplacesAnOlderFile() throws Exception {
        Path target = Files.writeString(tmp.resolve("replace.txt"), "a much longer older content");
        try (AtomicFile file = AtomicFile.create(base, name(target), FileWrites.PLAIN)) {
            file.write(bytes("new"), 0);
            file.commit(NOTHING);
        }
        assertEquals("new", Files.readString(target));
    }

    @Test
    void theFinisherSeesTheCompleteTempBeforeTheRename() throws Exception {
        Path target = tmp.resolve("meta.txt");
        List<String> seen = new ArrayList<>();
        try (AtomicFile file = AtomicFile.create(base, name(target), FileWrites.PLAIN)) {
            file.write(bytes("payload"), 0);
            file.commit(temp -> {
                seen.add(Files.readString(file.temp()));
                seen.add(Boolean.toString(Files.exists(target)));
                temp.setMode(0640);
            });
        }
        assertEquals(List.of("payload", "false"), seen);
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(target)));
    }

    @Test
    void aFailingFinisherLeavesNothingUnderTheFinalNameAndCloseRemovesTheTemp() throws Exception {
        Path target = tmp.resolve("failed.txt");
        Path temp;
        try (AtomicFile file = AtomicFile.create(base, name(target), FileWrites.PLAIN)) {
            temp = file.temp();
            file.write(bytes("x"), 0);
            assertThrows(IOException.class, () -> file.commit(t -> {
                throw new IOException("cannot set times");
            }));
        }
        assertFalse(Files.exists(target));
        assertFalse(Files.exists(temp));
    }

    @Test
    void closeAfterCommitKeepsTheFile() throws Exception {
        Path target = tmp.resolve("committed");
        AtomicFile file = AtomicFile.create(base, name(target), FileWrites.PLAIN);
        file.write(bytes("done"), 0);
        file.commit(NOTHING);
        file.close();
        file.close();
        assertEquals("done", Files.readString(target));
    }

    @Test
    void commitReplacesASymlinkInsteadOfWritingThroughIt() throws Exception {
        Path outside = Files.writeString(tmp.resolve("outside.txt"), "do not touch");
        Path link = Files.createSymbolicLink(tmp.resolve("link.txt"), outside);
        try (AtomicFile file = AtomicFile.create(base, name(link), FileWrites.PLAIN)) {
            file.write(bytes("received"), 0);
            file.commit(NOTHING);
        }
        assertEquals("do not touch", Files.readString(outside));
        assertFalse(Files.isSymbolicLink(link));
        assertTrue(Files.isRegularFile(link, LinkOption.NOFOLLOW_LINKS));
        assertEquals("received", Files.readString(link));
    }

    @Test
    void aPartialFileIsKeptOnCloseCutToTheBytesWritten() throws Exception {
        Path target = tmp.resolve("big.bin");
        Path partial = partialPath(target);
        assertEquals(".big.bin" + AtomicFile.PARTIAL_SUFFIX, partial.getFileName().toString());
        try (AtomicFile file = AtomicFile.partial(base, name(target), 0, NO_PARTIAL_DIRECTORY, FileWrites.PLAIN)) {
            assertEquals(partial, file.temp());
            file.write(bytes("0123456789"), 0);
        }
        assertFalse(Files.exists(target));
        assertEquals("0123456789", Files.readString(partial));
    }

    @Test
    void reopeningAPartialFileKeepsOnlyTheRequestedPrefix() throws Exception {
        Path target = tmp.resolve("resume.bin");
        Files.writeString(partialPath(target), "ABCDEFGHIJ");
        try (AtomicFile file = AtomicFile.partial(base, name(target), 4, NO_PARTIAL_DIRECTORY, FileWrites.PLAIN)) {
            assertEquals(4, Files.size(file.temp()));
            file.write(bytes("wxyz"), 4);
            file.commit(NOTHING);
        }
        assertEquals("ABCDwxyz", Files.readString(target));
        assertFalse(Files.exists(partialPath(target)));
    }

    @Test
    void aPartialFileAbandonedBeforeAnyWriteKeepsItsResumedPrefix() throws Exception {
        Path target = tmp.resolve("again.bin");
        Files.write(partialPath(target), new byte[] {1, 2, 3, 4, 5, 6});
        try (AtomicFile file = AtomicFile.partial(base, name(target), 3, NO_PARTIAL_DIRECTORY, FileWrites.PLAIN)) {
            assertEquals(3, Files.size(file.temp()));
        }
        assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(partialPath(target)));
    }

    @Test
    void aPartialDirectoryIsMadeOwnerOnlyAndKeepsTheFileUnderItsOwnName() throws Exception {
        Files.createDirectory(tmp.resolve("sub"));
        byte[] name = "sub/big.bin".getBytes(StandardCharsets.US_ASCII);
        Path kept = tmp.resolve("sub/.rsync-partial/big.bin");
        assertEquals(kept, FileNames.resolve(tmp, AtomicFile.partialName(name, PARTIAL_DIRECTORY)));
        try (AtomicFile file = AtomicFile.partial(base, name, 0, PARTIAL_DIRECTORY, FileWrites.PLAIN)) {
            assertEquals(kept, file.temp());
            file.write(bytes("0123456789"), 0);
        }
        assertFalse(Files.exists(tmp.resolve("sub/big.bin")));
        assertEquals("0123456789", Files.readString(kept));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(kept.getParent())));
    }

    @Test
    void aResumedFileLeavesItsPartialDirectoryOnlyIfOthersAreStillThere() throws Exception {
        Path directory = Files.createDirectory(tmp.resolve(".rsync-partial"));
        Files.writeString(directory.resolve("a"), "ABCDEFGH");
        Files.writeString(directory.resolve("b"), "12345678");
        try (AtomicFile file = AtomicFile.partial(base, "a".getBytes(StandardCharsets.US_ASCII), 4, PARTIAL_DIRECTORY, FileWrites.PLAIN)) {
            file.write(bytes("wxyz"), 4);
            file.commit(NOTHING);
        }
        assertEquals("ABCDwxyz", Files.readString(tmp.resolve("a")));
        assertEquals(List.of("b"), names(directory));
        try (AtomicFile file = AtomicFile.partial(base, "b".getBytes(StandardCharsets.US_ASCII), 8, PARTIAL_DIRECTORY, FileWrites.PLAIN)) {
            file.commit(NOTHING);
        }
        assertEquals("12345678", Files.readString(tmp.resolve("b")));
        assertFalse(Files.exists(directory), "emptied, it goes");
    }

    private static List<String> names(Path directory) throws IOException {
        try (Stream<Path> list = Files.list(directory)) {
            return list.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void ownTemporariesAreHiddenNamesWithAnRdcpSuffix() {
        assertTrue(AtomicFile.isOwnTemporary(".x.rdcp-tmp"));
        assertTrue(AtomicFile.isOwnTemporary(".x.rdcp-partial"));
        assertTrue(AtomicFile.isOwnTemporary(".data.bin.k3j2h1.rdcp-tmp"));
        assertFalse(AtomicFile.isOwnTemporary("x.rdcp-tmp"), "not hidden");
        assertFalse(AtomicFile.isOwnTemporary(".x.rdcp-tmp.bak"));
        assertFalse(AtomicFile.isOwnTemporary(".hidden"));
    }

    @Test
    void aSymlinkPlantedUnderThePartialNameIsNotWrittenThrough() throws Exception {
        Path victim = Files.writeString(tmp.resolve("victim"), "untouched");
        Path target = tmp.resolve("f");
        Files.createSymbolicLink(partialPath(target), victim);
        assertThrows(java.io.IOException.class, () -> AtomicFile.partial(base, name(target), 0, NO_PARTIAL_DIRECTORY, FileWrites.PLAIN));
        assertEquals("untouched", Files.readString(victim));
    }

    @Test
    void aLongNameStillGetsAValidTemporaryName() throws Exception {
        Path target = tmp.resolve("n".repeat(250));
        try (AtomicFile file = AtomicFile.create(base, name(target), FileWrites.PLAIN)) {
            file.write(java.nio.ByteBuffer.wrap(new byte[] {1}), 0);
            file.commit(temp -> { });
        }
        assertEquals(1, Files.size(target));
        assertTrue(partialPath(target).getFileName().toString().length() <= 255);
    }

    @Test
    void aDirectorySwappedForASymlinkWhileTheFileIsWrittenIsNotWrittenThrough() throws Exception {
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Path directory = Files.createDirectories(tmp.resolve("d"));
        try (AtomicFile file = AtomicFile.create(base, "d/f".getBytes(StandardCharsets.US_ASCII), FileWrites.PLAIN)) {
            file.write(bytes("data"), 0);
            Files.move(directory, tmp.resolve("d.moved"));
            Files.createSymbolicLink(directory, outside);
            file.commit(NOTHING);
        }
        assertFalse(Files.exists(outside.resolve("f")));
        assertEquals("data", Files.readString(tmp.resolve("d.moved/f")), "renamed within the directory it was made in");
    }

    @Test
    void aFileSwappedInUnderTheTemporaryNameIsNotPassedOffAsTheOneWritten() throws Exception {
        Path target = tmp.resolve("swapped");
        try (AtomicFile file = AtomicFile.create(base, name(target), FileWrites.PLAIN)) {
            file.write(bytes("mine"), 0);
            Files.delete(file.temp());
            Files.writeString(file.temp(), "theirs");
            assertThrows(IOException.class, () -> file.commit(NOTHING));
        }
        assertFalse(Files.exists(target));
    }

    /** The string form of both names is "p\uFFFD": only their bytes tell their partial files apart. */
    @Test
    void namesThatDifferOnlyInNonUtf8BytesGetTheirOwnPartialFiles() throws Exception {
        Path first = FileNames.resolve(tmp, new byte[] {'p', (byte) 0xff});
        Path second = FileNames.resolve(tmp, new byte[] {'p', (byte) 0xfe});
        assertEquals(first.getFileName().toString(), second.getFileName().toString());
        assertArrayEquals(new byte[] {'.', 'p', (byte) 0xff, '.', 'r', 'd', 'c', 'p', '-', 'p', 'a', 'r', 't', 'i', 'a', 'l'},
                FileNames.lastComponent(partialPath(first)));
        try (AtomicFile a = AtomicFile.partial(base, name(first), 0, NO_PARTIAL_DIRECTORY, FileWrites.PLAIN); AtomicFile b = AtomicFile.partial(base, name(second), 0, NO_PARTIAL_DIRECTORY, FileWrites.PLAIN)) {
            a.write(java.nio.ByteBuffer.wrap(new byte[] {1, 2, 3}), 0);
            b.write(java.nio.ByteBuffer.wrap(new byte[] {4}), 0);
        }
        assertEquals(3, Files.size(partialPath(first)));
        assertEquals(1, Files.size(partialPath(second)));
    }

    /** A rename that fails once the data is finished fails the file alone: the complete partial file stays. */
    @Test
    void aPartialFileWhoseRenameFailsIsKeptWhole() throws Exception {
        Path target = tmp.resolve("taken");
        Files.createDirectories(target.resolve("inside"));
        AtomicFile file = AtomicFile.partial(base, name(target), 0, NO_PARTIAL_DIRECTORY, FileWrites.PLAIN);
        file.write(bytes("whole"), 0);

        assertThrows(IOException.class, () -> file.commit(NOTHING));
        file.close();

        assertEquals("whole", Files.readString(partialPath(target)));
        assertTrue(Files.isDirectory(target.resolve("inside")));
    }

    /** A --partial-dir that is a symlink is not followed: the file is written beside its name, and not kept. */
    @Test
    void aSymlinkAsThePartialDirectoryIsNotFollowed() throws Exception {
        Path elsewhere = Files.createDirectory(tmp.resolve("elsewhere"));
        Files.createSymbolicLink(tmp.resolve(".rsync-partial"), elsewhere);

        try (AtomicFile file = AtomicFile.partial(base, "f".getBytes(StandardCharsets.US_ASCII), 0, PARTIAL_DIRECTORY,
                FileWrites.PLAIN)) {
            file.write(bytes("data"), 0);
            assertEquals(tmp, file.temp().getParent());
        }

        assertEquals(List.of(), names(elsewhere));
        assertEquals(List.of(".rsync-partial", "elsewhere"), names(tmp), "the temporary file is gone");
    }
}
