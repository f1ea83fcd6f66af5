package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.transport.LoopbackTransport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.apache.commons.io.FileUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Several streams over the loopback transport: striping, packing, and the END fence under reordering. */
class StreamsLoopbackTest {

    private static final int CHUNK = 64 << 10;
    private static final long TREE = SessionRequest.RECURSIVE | SessionRequest.PRESERVE_TIMES
            | SessionRequest.DESTINATION_IS_DIRECTORY;

    @TempDir
    Path dir;

    private static void randomFile(Path path, long size, long seed) throws IOException {
        Files.createDirectories(path.getParent());
        byte[] data = new byte[(int) size];
        new Random(seed).nextBytes(data);
        Files.write(path, data);
    }

    private static void assertClean(LoopbackCopy.Outcome outcome) {
        assertNull(outcome.senderError(), "sender");
        assertNull(outcome.receiverError(), "receiver");
        assertEquals(0, outcome.senderReport().exitCode(), () -> outcome.senderReport().failures().toString());
        assertEquals(0, outcome.receiverReport().exitCode(), () -> outcome.receiverReport().failures().toString());
    }

    private static void assertSameFiles(Path expected, Path actual) throws IOException {
        try (Stream<Path> files = Files.walk(expected)) {
            for (Path a : files.filter(Files::isRegularFile).toList()) {
                Path b = actual.resolve(expected.relativize(a).toString());
                assertTrue(FileUtils.contentEquals(a.toFile(), b.toFile()), b.toString());
            }
        }
    }

    @Test
    void aLargeFileAndSmallFilesAreStripedOverEveryStreamWithinOnePinnedBudget() throws Exception {
        Path source = dir.resolve("src");
        randomFile(source.resolve("large.bin"), 37L * CHUNK + 1234, 1);
        for (int i = 0; i < 200; i++) {
            randomFile(source.resolve("small/f" + i), 300 + 97L * i, i);
        }
        long[] peaks = new long[5];
        for (int streams : new int[] {1, 2, 4}) {
            Path target = dir.resolve("dst" + streams);
            Files.createDirectories(target);
            AtomicReference<LoopbackTransport> senderEnd = new AtomicReference<>();
            AtomicReference<LoopbackTransport> receiverEnd = new AtomicReference<>();
            LoopbackCopy.Outcome outcome = LoopbackCopy.run(List.of(SourceOperand.parse(source + "/")), target, true,
                    TransferOptions.of(CHUNK, TREE), 5, (s, r) -> {
                        s.useStreams(streams);
                        r.useStreams(streams);
                        senderEnd.set(s);
                        receiverEnd.set(r);
                    });
            assertClean(outcome);
            assertSameFiles(source, target);
            for (int stream = 0; stream < streams; stream++) {
                assertTrue(senderEnd.get().writesOn(stream) > 5, "stream " + stream + " of " + streams
                        + " carried " + senderEnd.get().writesOn(stream) + " writes");
            }
            peaks[streams] = senderEnd.get().peakRegisteredBytes() + receiverEnd.get().peakRegisteredBytes();
        }
        assertEquals(peaks[1], peaks[2], "the staging and the pool are split among streams, not multiplied");
        assertEquals(peaks[1], peaks[4]);
    }

    /**
     * Copies the contents of {@code source} over two streams, stream 1's writes and CHUNKS held back
     * until the receiver has handled the sender's END; {@code corruptWrite} as for the loopback (0: none).
     */
    private static LoopbackCopy.Outcome copyWithStreamOneLate(Path source, Path target,
            AtomicReference<LoopbackTransport> senderEnd, int corruptWrite) throws Exception {
        Files.createDirectories(target);
        return LoopbackCopy.run(List.of(SourceOperand.parse(source + "/")), target, true,
                TransferOptions.of(CHUNK, TREE), 5, (s, r) -> {
                    s.useStreams(2);
                    r.useStreams(2);
                    s.holdOtherStreamsUntilEnd();
                    s.corruptWrite(corruptWrite);
                    senderEnd.set(s);
                });
    }

    @Test
    void theEndWaitsForChunksOfAnotherStreamThatArriveAfterIt() throws Exception {
        Path source = dir.resolve("src");
        // Five chunks of one file and one packed batch of small files: six CHUNKS, within the eight
        // slots, since the held-back stream frees none of its slots before the END.
        randomFile(source.resolve("large.bin"), 4L * CHUNK + 77, 2);
        randomFile(source.resolve("s1"), 1000, 3);
        randomFile(source.resolve("s2"), 2000, 4);
        Path target = dir.resolve("dst");
        AtomicReference<LoopbackTransport> senderEnd = new AtomicReference<>();
        LoopbackCopy.Outcome outcome = copyWithStreamOneLate(source, target, senderEnd, 0);
        assertClean(outcome);
        assertTrue(senderEnd.get().releasedAfterEnd() >= 4,
                "stream 1's writes and CHUNKS came after the END: " + senderEnd.get().releasedAfterEnd());
        assertSameFiles(source, target);
        assertEquals(3, outcome.receiverReport().filesDone());
        assertEquals(3, outcome.senderReport().filesDone(), "the receiver's END came after every file");
    }

    @Test
    void aFailureOnALateStreamStillReachesTheSenderBeforeTheSessionEnds() throws Exception {
        Path source = dir.resolve("src");
        randomFile(source.resolve("large.bin"), 4L * CHUNK + 77, 2);
        randomFile(source.resolve("small"), 1000, 3);
        Path target = dir.resolve("dst");
        AtomicReference<LoopbackTransport> senderEnd = new AtomicReference<>();
        // The second write is large.bin's second chunk, into slot 1: stream 1's.
        LoopbackCopy.Outcome outcome = copyWithStreamOneLate(source, target, senderEnd, 2);
        assertNull(outcome.senderError());
        assertNull(outcome.receiverError());
        assertTrue(senderEnd.get().releasedAfterEnd() >= 2, "the corrupted piece came after the END");
        assertEquals(23, outcome.receiverReport().exitCode(), "one file failed, one arrived");
        assertEquals(List.of(12), outcome.senderReport().failures().stream().map(TransferReport.Failure::exitCode)
                .toList(), "the sender heard of the checksum failure: " + outcome.senderReport().failures());
        assertTrue(outcome.senderReport().failures().get(0).message().contains("large.bin"));
        assertTrue(Files.notExists(target.resolve("large.bin")), "nothing under the final name");
        assertEquals(1, outcome.senderReport().filesDone(), "only the small file counts as done");
    }
}
