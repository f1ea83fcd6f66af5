package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.SessionRequest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --inplace over the loopback data path: the destination file itself is written, under its name. */
class InPlaceTest {

    private static final int CHUNK = 64 << 10;
    private static final long INPLACE = SessionRequest.INPLACE | SessionRequest.PRESERVE_TIMES
            | SessionRequest.PRESERVE_PERMISSIONS | SessionRequest.DESTINATION_IS_DIRECTORY | SessionRequest.RECURSIVE;
    private static final FileTime OLD = FileTime.fromMillis(1_600_000_000_000L);

    @TempDir
    Path dir;

    private static byte[] random(int size, long seed) {
        byte[] data = new byte[size];
        new Random(seed).nextBytes(data);
        return data;
    }

    private static Path write(Path path, byte[] data) throws IOException {
        Files.createDirectories(path.getParent());
        return Files.write(path, data);
    }

    private LoopbackCopy.Outcome copy(Path source, Path target, long flags, LoopbackCopy.Faults faults) throws Exception {
        return LoopbackCopy.run(List.of(SourceOperand.parse(source + "/")), target, true,
                TransferOptions.of(CHUNK, flags), 5, faults);
    }

    private static List<String> hidden(Path root) throws IOException {
        try (Stream<Path> files = Files.list(root)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".")).toList();
        }
    }

    @Test
    void theDestinationFileItselfIsWrittenSoItsOtherLinksSeeTheNewData() throws Exception {
        byte[] fresh = random(3 * CHUNK + 11, 1);
        Path source = dir.resolve("src");
        write(source.resolve("f.bin"), fresh);
        Files.setLastModifiedTime(source.resolve("f.bin"), OLD);
        Files.setPosixFilePermissions(source.resolve("f.bin"), PosixFilePermissions.fromString("rw-r-----"));
        Path target = dir.resolve("dst");
        Path existing = write(target.resolve("f.bin"), random(5 * CHUNK, 2));
        Path otherName = Files.createLink(dir.resolve("other-name"), existing);
        Object inode = Files.getAttribute(existing, "unix:ino");

        LoopbackCopy.Outcome outcome = copy(source, target, INPLACE, (s, r) -> { });

        assertNull(outcome.receiverError());
        assertEquals(0, outcome.receiverReport().exitCode(), () -> outcome.receiverReport().failures().toString());
        assertEquals(inode, Files.getAttribute(existing, "unix:ino"), "the same file, not a new one renamed over it");
        assertArrayEquals(fresh, Files.readAllBytes(otherName), "cut to the new size, other names see the new data");
        assertEquals(OLD, Files.getLastModifiedTime(existing));
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(existing)));
        assertEquals(List.of(), hidden(target));
    }

    @Test
    void withoutInplaceTheSameCopyMakesANewFile() throws Exception {
        Path source = dir.resolve("src");
        write(source.resolve("f.bin"), random(100, 1));
        Path existing = write(dir.resolve("dst/f.bin"), random(50, 2));
        Object inode = Files.getAttribute(existing, "unix:ino");

        copy(source, dir.resolve("dst"), INPLACE & ~SessionRequest.INPLACE, (s, r) -> { });

        assertFalse(inode.equals(Files.getAttribute(existing, "unix:ino")));
    }

    @Test
    void aNewFileIsMadeUnderItsNameAndASymlinkThereIsReplacedNotWrittenThrough() throws Exception {
        Path source = dir.resolve("src");
        byte[] a = random(CHUNK + 1, 3);
        byte[] b = random(10, 4);
        write(source.resolve("new.bin"), a);
        write(source.resolve("link"), b);
        Path outside = write(dir.resolve("outside"), random(10, 5));
        byte[] outsideBefore = Files.readAllBytes(outside);
        Path target = Files.createDirectories(dir.resolve("dst"));
        Files.createSymbolicLink(target.resolve("link"), outside);

        LoopbackCopy.Outcome outcome = copy(source, target, INPLACE, (s, r) -> { });

        assertEquals(0, outcome.receiverReport().exitCode(), () -> outcome.receiverReport().failures().toString());
        assertArrayEquals(a, Files.readAllBytes(target.resolve("new.bin")));
        assertFalse(Files.isSymbolicLink(target.resolve("link")));
        assertArrayEquals(b, Files.readAllBytes(target.resolve("link")));
        assertArrayEquals(outsideBefore, Files.readAllBytes(outside), "nothing written through the symlink");
    }

    @Test
    void aCorruptedPieceFailsTheFileAndLeavesWhatWasWrittenBeforeIt() throws Exception {
        byte[] fresh = random(5 * CHUNK, 6);
        byte[] old = random(5 * CHUNK, 7);
        Path source = dir.resolve("src");
        write(source.resolve("f.bin"), fresh);
        Path target = dir.resolve("dst");
        Path existing = write(target.resolve("f.bin"), old);
        Files.setLastModifiedTime(existing, OLD);

        LoopbackCopy.Outcome outcome = copy(source, target, INPLACE, (sender, receiver) -> sender.corruptWrite(3));

        assertNull(outcome.receiverError());
        assertEquals(ExitCode.DATA_STREAM.code(), outcome.receiverReport().exitCode());
        byte[] now = Files.readAllBytes(existing);
        assertEquals(old.length, now.length);
        assertArrayEquals(Arrays.copyOf(fresh, CHUNK), Arrays.copyOf(now, CHUNK), "the first piece is the new data");
        assertArrayEquals(Arrays.copyOfRange(old, 4 * CHUNK, 5 * CHUNK), Arrays.copyOfRange(now, 4 * CHUNK, 5 * CHUNK),
                "the pieces after the bad one were never written");
        assertTrue(hidden(target).isEmpty(), "no temporary file");
    }
}
