package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.rdcp.protocol.SessionRequest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --append and --append-verify over the loopback data path: where the data starts, and what is kept. */
class AppendTest {

    private static final int CHUNK = 64 << 10;
    private static final long TREE = SessionRequest.PRESERVE_TIMES | SessionRequest.DESTINATION_IS_DIRECTORY
            | SessionRequest.RECURSIVE | SessionRequest.INPLACE;
    private static final long APPEND = TREE | SessionRequest.APPEND;
    private static final long APPEND_VERIFY = APPEND | SessionRequest.APPEND_VERIFY;
    private static final FileTime OLD = FileTime.fromMillis(1_600_000_000_000L);
    /** A small file (packed by the sender) and one of several chunks, neither ending on a chunk. */
    private static final int[] SIZES = {1000, 3 * CHUNK + 777};

    @TempDir
    Path dir;

    private static byte[] random(int size, long seed) {
        byte[] data = new byte[size];
        new Random(seed).nextBytes(data);
        return data;
    }

    private static void write(Path path, byte[] data) throws IOException {
        Files.createDirectories(path.getParent());
        Files.write(path, data);
        Files.setLastModifiedTime(path, OLD);
    }

    private LoopbackCopy.Outcome copy(long flags) throws Exception {
        LoopbackCopy.Outcome outcome = LoopbackCopy.run(List.of(SourceOperand.parse(dir.resolve("src") + "/")),
                dir.resolve("dst"), true, TransferOptions.of(CHUNK, flags));
        assertNull(outcome.senderError());
        assertNull(outcome.receiverError());
        assertEquals(0, outcome.receiverReport().exitCode(), () -> outcome.receiverReport().failures().toString());
        return outcome;
    }

    /** Source file i of SIZES; its destination has the first {@code kept} bytes, changed if {@code otherPrefix}. */
    private byte[] prepare(int i, int kept, boolean otherPrefix) throws IOException {
        byte[] source = random(SIZES[i], i);
        write(dir.resolve("src/f" + i), source);
        byte[] there = Arrays.copyOf(source, kept);
        if (otherPrefix) {
            there[kept / 2] ^= 0x5a;
        }
        write(dir.resolve("dst/f" + i), there);
        Files.setLastModifiedTime(dir.resolve("dst/f" + i), FileTime.fromMillis(1_500_000_000_000L));
        return source;
    }

    @Test
    void aShorterFileGetsOnlyItsMissingTail() throws Exception {
        byte[] small = prepare(0, 300, false);
        byte[] large = prepare(1, CHUNK + 5, false);
        Object inode = Files.getAttribute(dir.resolve("dst/f1"), "unix:ino");

        LoopbackCopy.Outcome outcome = copy(APPEND);

        assertArrayEquals(small, Files.readAllBytes(dir.resolve("dst/f0")));
        assertArrayEquals(large, Files.readAllBytes(dir.resolve("dst/f1")));
        assertEquals((SIZES[0] - 300) + (SIZES[1] - CHUNK - 5), outcome.receiverReport().bytesDone());
        assertEquals(inode, Files.getAttribute(dir.resolve("dst/f1"), "unix:ino"), "appended in place");
        assertEquals(OLD, Files.getLastModifiedTime(dir.resolve("dst/f1")));
    }

    @Test
    void appendLeavesTheBytesThereUncheckedAsRsyncDoes() throws Exception {
        for (int i = 0; i < SIZES.length; i++) {
            byte[] source = prepare(i, 500, true);
            copy(APPEND);
            byte[] now = Files.readAllBytes(dir.resolve("dst/f" + i));
            assertEquals(source.length, now.length);
            assertEquals((byte) (source[250] ^ 0x5a), now[250], "the receiver's own byte stays");
            assertArrayEquals(Arrays.copyOfRange(source, 500, source.length), Arrays.copyOfRange(now, 500, now.length));
        }
    }

    @Test
    void aFileAsLongOrLongerIsLeftAlone() throws Exception {
        byte[] longer = random(2000, 9);
        write(dir.resolve("src/f"), random(1500, 8));
        write(dir.resolve("dst/f"), longer);
        Files.setLastModifiedTime(dir.resolve("dst/f"), FileTime.fromMillis(1_500_000_000_000L));

        LoopbackCopy.Outcome outcome = copy(APPEND);

        assertArrayEquals(longer, Files.readAllBytes(dir.resolve("dst/f")));
        assertEquals(FileTime.fromMillis(1_500_000_000_000L), Files.getLastModifiedTime(dir.resolve("dst/f")));
        assertEquals(0, outcome.receiverReport().filesDone());
    }

    @Test
    void appendVerifySendsOnlyTheTailWhenTheBytesThereAreTheSendersOwn() throws Exception {
        byte[] large = prepare(1, CHUNK + 5, false);

        LoopbackCopy.Outcome outcome = copy(APPEND_VERIFY);

        assertArrayEquals(large, Files.readAllBytes(dir.resolve("dst/f1")));
        assertEquals(SIZES[1] - CHUNK - 5, outcome.receiverReport().bytesDone());
    }

    @Test
    void appendVerifySendsTheWholeFileWhenTheBytesThereDiffer() throws Exception {
        byte[] small = prepare(0, 500, true);
        byte[] large = prepare(1, 2 * CHUNK + 9, true);

        LoopbackCopy.Outcome outcome = copy(APPEND_VERIFY);

        assertArrayEquals(small, Files.readAllBytes(dir.resolve("dst/f0")));
        assertArrayEquals(large, Files.readAllBytes(dir.resolve("dst/f1")));
        assertEquals(SIZES[0] + SIZES[1], outcome.receiverReport().bytesDone());
    }
}
