package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.filter.FilterRules;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.PartialDirectory;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.ReceiverSettings;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.transport.LoopbackTransport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.commons.io.FileUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The whole data path, FileSender against FileReceiver, over the in-process loopback transport. */
class LoopbackDataPathTest {

    private static final int CHUNK = 64 << 10;
    /** Sizes around chunk and small-file edges, up to many chunks. */
    private static final long[] SIZES = {0, 1, 4095, CHUNK - 1, CHUNK, CHUNK + 1, 3L * CHUNK + 17, 20L * CHUNK + 5,
            (6L << 20) + 123};
    private static final long TREE = SessionRequest.RECURSIVE | SessionRequest.PRESERVE_TIMES
            | SessionRequest.LINKS | SessionRequest.DESTINATION_IS_DIRECTORY;

    @TempDir
    Path dir;

    private static Path randomFile(Path path, long size, long seed) throws IOException {
        Files.createDirectories(path.getParent());
        byte[] data = new byte[(int) size];
        new Random(seed).nextBytes(data);
        return Files.write(path, data);
    }

    private static void assertClean(LoopbackCopy.Outcome outcome) {
        assertNull(outcome.senderError(), "sender");
        assertNull(outcome.receiverError(), "receiver");
        assertEquals(0, outcome.senderReport().exitCode(), () -> outcome.senderReport().failures().toString());
        assertEquals(0, outcome.receiverReport().exitCode(), () -> outcome.receiverReport().failures().toString());
    }

    private static List<String> temporaryFiles(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".rdcp-tmp")).toList();
        }
    }

    @Test
    void everySingleFileSizeArrivesIntact() throws Exception {
        for (long size : SIZES) {
            Path source = randomFile(dir.resolve("src/f" + size), size, size);
            Path target = dir.resolve("dst/f" + size);
            Files.createDirectories(target.getParent());
            LoopbackCopy.Outcome outcome = LoopbackCopy.run(List.of(SourceOperand.parse(source.toString())), target,
                    false, TransferOptions.of(CHUNK, 0));
            assertClean(outcome);
            assertTrue(FileUtils.contentEquals(source.toFile(), target.toFile()), "size " + size);
            assertEquals(size, outcome.receiverReport().bytesDone(), "size " + size);
        }
    }

    @Test
    void aTreeArrivesWholeAndASecondRunMovesNothing() throws Exception {
        Path source = dir.resolve("tree");
        for (int i = 0; i < 300; i++) {
            randomFile(source.resolve("d" + i % 7 + "/small" + i), 100 + 37L * i, i);
        }
        randomFile(source.resolve("big/large.bin"), 5L * CHUNK * 16 + 99, 1);
        Files.createDirectories(source.resolve("empty/inner"));
        Files.createSymbolicLink(source.resolve("link"), Path.of("d1/small1"));
        Path target = dir.resolve("copy");
        Files.createDirectories(target);
        TransferOptions options = TransferOptions.of(CHUNK, TREE);
        List<SourceOperand> contents = List.of(SourceOperand.parse(source + "/"));

        LoopbackCopy.Outcome first = LoopbackCopy.run(contents, target, true, options);

        assertClean(first);
        assertSameTree(source, target);
        assertEquals(301, first.receiverReport().filesDone());
        LoopbackCopy.Outcome second = LoopbackCopy.run(contents, target, true, options);
        assertClean(second);
        assertEquals(0, second.receiverReport().filesDone(), "nothing changed, so nothing moves");
        assertSameTree(source, target);
    }

    private static void assertSameTree(Path expected, Path actual) throws IOException {
        List<String> expectedNames = names(expected);
        assertEquals(expectedNames, names(actual));
        for (String name : expectedNames) {
            Path a = expected.resolve(name);
            Path b = actual.resolve(name);
            if (Files.isSymbolicLink(a)) {
                assertEquals(Files.readSymbolicLink(a), Files.readSymbolicLink(b), name);
            } else if (Files.isRegularFile(a)) {
                assertTrue(FileUtils.contentEquals(a.toFile(), b.toFile()), name);
                assertEquals(Files.getLastModifiedTime(a), Files.getLastModifiedTime(b), name);
            }
        }
    }

    private static List<String> names(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.map(p -> root.relativize(p).toString()).sorted().toList();
        }
    }

    @Test
    void aKeptPartialFileIsResumedAfterItsPrefixDigestMatches() throws Exception {
        long size = 10L * CHUNK + 7;
        Path source = randomFile(dir.resolve("src/resume.bin"), size, 9);
        Path target = dir.resolve("dst/resume.bin");
        Files.createDirectories(target.getParent());
        byte[] prefix = new byte[(int) (3 * CHUNK + 100)];
        System.arraycopy(Files.readAllBytes(source), 0, prefix, 0, prefix.length);
        Files.write(target.resolveSibling("." + target.getFileName() + AtomicFile.PARTIAL_SUFFIX), prefix);

        LoopbackCopy.Outcome outcome = LoopbackCopy.run(List.of(SourceOperand.parse(source.toString())), target,
                false, TransferOptions.of(CHUNK, SessionRequest.PARTIAL));

        assertClean(outcome);
        assertTrue(FileUtils.contentEquals(source.toFile(), target.toFile()));
        assertEquals(size - 3L * CHUNK, outcome.receiverReport().bytesDone(), "the kept whole chunks are not sent");
    }

    @Test
    void aPartialDirectoryKeepsWhatALostConnectionLeftAndTheNextRunResumesFromIt() throws Exception {
        long size = 20L * CHUNK + 5;
        Path source = randomFile(dir.resolve("src/big.bin"), size, 12);
        Path target = dir.resolve("dst/big.bin");
        Files.createDirectories(target.getParent());
        TransferOptions options = new TransferOptions(CHUNK, TransferOptions.DEFAULT_SLOTS,
                SessionRequest.PARTIAL | SessionRequest.PARTIAL_DIR, 0, FilterRules.NONE,
                ReceiverSettings.NONE.withPartialDirectory(new PartialDirectory(".part")), ChmodRules.NONE);
        Path kept = dir.resolve("dst/.part/big.bin");

        LoopbackCopy.Outcome lost = LoopbackCopy.run(List.of(SourceOperand.parse(source.toString())), target,
                false, options, 5, (sender, receiver) -> sender.loseConnectionAtChunks(4));
        assertEquals(ExitCode.SOCKET_IO, assertInstanceOf(RdcpException.class, lost.receiverError()).exitCode());
        assertFalse(Files.exists(target), "nothing under the final name");
        long keptBytes = Files.size(kept);
        assertTrue(keptBytes >= CHUNK && keptBytes < size, "kept " + keptBytes);

        LoopbackCopy.Outcome resumed = LoopbackCopy.run(List.of(SourceOperand.parse(source.toString())), target,
                false, options);
        assertClean(resumed);
        assertTrue(FileUtils.contentEquals(source.toFile(), target.toFile()));
        assertEquals(size - keptBytes / CHUNK * CHUNK, resumed.receiverReport().bytesDone(), "resumed from the kept chunks");
        assertFalse(Files.exists(kept.getParent()), "the emptied partial directory goes");
    }

    /** --delay-updates: a file received whole waits in .~tmp~ until END, so a lost connection leaves it there. */
    @Test
    void delayedUpdatesWaitForTheEndAndALostConnectionLeavesThemHeld() throws Exception {
        Path source = dir.resolve("src");
        Path small = randomFile(source.resolve("a-small.bin"), CHUNK / 2, 13);
        randomFile(source.resolve("b-big.bin"), 20L * CHUNK, 14);
        Path target = dir.resolve("dst");
        Files.createDirectories(target);
        TransferOptions options = TransferOptions.of(CHUNK, SessionRequest.RECURSIVE | SessionRequest.DELAY_UPDATES);

        LoopbackCopy.Outcome lost = LoopbackCopy.run(List.of(SourceOperand.parse(source + "/")), target, true,
                options, 5, (sender, receiver) -> sender.loseConnectionAtChunks(6));
        assertEquals(ExitCode.SOCKET_IO, assertInstanceOf(RdcpException.class, lost.receiverError()).exitCode());
        assertFalse(Files.exists(target.resolve("a-small.bin")), "not renamed before the end");
        assertTrue(FileUtils.contentEquals(small.toFile(), target.resolve(".~tmp~/a-small.bin").toFile()), "held whole");

        LoopbackCopy.Outcome done = LoopbackCopy.run(List.of(SourceOperand.parse(source + "/")), target, true, options);
        assertClean(done);
        assertTrue(FileUtils.contentEquals(small.toFile(), target.resolve("a-small.bin").toFile()));
        assertTrue(Files.exists(target.resolve("b-big.bin")));
        assertFalse(Files.exists(target.resolve(".~tmp~")), "emptied, the holding directory goes");
    }

    @Test
    void aPartialFileWithOtherContentIsSentWhole() throws Exception {
        long size = 6L * CHUNK;
        Path source = randomFile(dir.resolve("src/other.bin"), size, 10);
        Path target = dir.resolve("dst/other.bin");
        Files.createDirectories(target.getParent());
        randomFile(target.resolveSibling("." + target.getFileName() + AtomicFile.PARTIAL_SUFFIX), 2L * CHUNK, 11);

        LoopbackCopy.Outcome outcome = LoopbackCopy.run(List.of(SourceOperand.parse(source.toString())), target,
                false, TransferOptions.of(CHUNK, SessionRequest.PARTIAL));

        assertClean(outcome);
        assertTrue(FileUtils.contentEquals(source.toFile(), target.toFile()));
        assertEquals(size, outcome.receiverReport().bytesDone(), "the digests differ: from 0");
    }

    @Test
    void aLostConnectionFailsBothSidesAndLeavesNoFile() throws Exception {
        Path source = randomFile(dir.resolve("src/big.bin"), 20L * CHUNK + 5, 3);
        Path target = dir.resolve("dst/big.bin");
        Files.createDirectories(target.getParent());

        LoopbackCopy.Outcome outcome = LoopbackCopy.run(List.of(SourceOperand.parse(source.toString())), target,
                false, TransferOptions.of(CHUNK, 0), 5, (sender, receiver) -> sender.loseConnectionAtChunks(4));

        assertEquals(ExitCode.SOCKET_IO, assertInstanceOf(RdcpException.class, outcome.senderError()).exitCode());
        assertEquals(ExitCode.SOCKET_IO, assertInstanceOf(RdcpException.class, outcome.receiverError()).exitCode());
        assertFalse(Files.exists(target));
        assertEquals(List.of(), temporaryFiles(target.getParent()));
    }

    @Test
    void aCorruptedPieceFailsTheCopyWithExitCode12AndLeavesNoFile() throws Exception {
        Path source = randomFile(dir.resolve("src/big.bin"), 5L * CHUNK + 3, 7);
        Path target = dir.resolve("dst/big.bin");
        Files.createDirectories(target.getParent());

        LoopbackCopy.Outcome outcome = LoopbackCopy.run(List.of(SourceOperand.parse(source.toString())), target,
                false, TransferOptions.of(CHUNK, 0), 5, (sender, receiver) -> sender.corruptWrite(3));

        assertNull(outcome.senderError());
        assertNull(outcome.receiverError());
        assertEquals(ExitCode.DATA_STREAM.code(), outcome.receiverReport().exitCode());
        assertEquals(ExitCode.DATA_STREAM.code(), outcome.senderReport().exitCode());
        assertFalse(Files.exists(target), "no file under the final name");
        assertEquals(List.of(), temporaryFiles(target.getParent()));
    }

    @Test
    void aCorruptedPieceFailsOnlyItsFileAndTheOthersArrive() throws Exception {
        Path source = dir.resolve("src");
        Path first = randomFile(source.resolve("a.bin"), 4L * CHUNK + 1, 4);
        Path second = randomFile(source.resolve("b.bin"), 2L * CHUNK, 5);
        Path target = dir.resolve("dst");
        Files.createDirectories(target);
        List<SourceOperand> sources = new ArrayList<>();
        sources.add(SourceOperand.parse(first.toString()));
        sources.add(SourceOperand.parse(second.toString()));

        LoopbackCopy.Outcome outcome = LoopbackCopy.run(sources, target, true,
                TransferOptions.of(CHUNK, SessionRequest.DESTINATION_IS_DIRECTORY), 5,
                (sender, receiver) -> sender.corruptWrite(2));

        assertNull(outcome.senderError());
        assertNull(outcome.receiverError());
        assertEquals(ExitCode.PARTIAL.code(), outcome.receiverReport().exitCode(), "one of two files failed");
        assertEquals(ExitCode.DATA_STREAM.code(), outcome.receiverReport().failures().get(0).exitCode());
        assertEquals(ExitCode.DATA_STREAM.code(), outcome.senderReport().failures().get(0).exitCode());
        assertTrue(outcome.receiverReport().failures().get(0).message().contains("checksum mismatch"));
        assertFalse(Files.exists(target.resolve("a.bin")), "no file under the final name");
        assertTrue(FileUtils.contentEquals(second.toFile(), target.resolve("b.bin").toFile()));
        assertEquals(List.of(), temporaryFiles(target));
    }

    @Test
    void aReceiverThatStopsReadingTimesTheSenderOut() throws Exception {
        Path source = randomFile(dir.resolve("src/big.bin"), 40L * CHUNK, 6);
        Path target = dir.resolve("dst/big.bin");
        Files.createDirectories(target.getParent());

        LoopbackCopy.Outcome outcome = LoopbackCopy.run(List.of(SourceOperand.parse(source.toString())), target,
                false, TransferOptions.of(CHUNK, 0), 1, (sender, receiver) -> receiver.stopReadingAfter(3));

        assertEquals(ExitCode.TIMEOUT, assertInstanceOf(RdcpException.class, outcome.senderError()).exitCode());
        assertFalse(Files.exists(target));
        assertEquals(List.of(), temporaryFiles(target.getParent()));
    }

    /**
     * The sender's registered memory is its pool, one chunk per slot, whatever the file's size
     * (it used to register a window of 16 chunks per file on top of its bounce buffers).
     */
    @Test
    void theSenderRegistersOnlyItsPoolHoweverLargeTheFile() throws Exception {
        Path source = randomFile(dir.resolve("src/large.bin"), 40L * CHUNK + 3, 12);
        Path target = dir.resolve("dst/large.bin");
        Files.createDirectories(target.getParent());
        TransferOptions options = TransferOptions.of(CHUNK, 0);
        LoopbackTransport[] ends = new LoopbackTransport[2];

        LoopbackCopy.Outcome outcome = LoopbackCopy.run(List.of(SourceOperand.parse(source.toString())), target,
                false, options, 5, (sender, receiver) -> {
                    ends[0] = sender;
                    ends[1] = receiver;
                });

        assertClean(outcome);
        assertTrue(FileUtils.contentEquals(source.toFile(), target.toFile()));
        long slotsOfChunks = (long) options.slots() * options.chunkSize();
        assertEquals(slotsOfChunks, ends[0].peakRegisteredBytes(), "sender: the pool");
        assertEquals(slotsOfChunks, ends[1].peakRegisteredBytes(), "receiver: the staging buffers");
    }

    /**
     * A source that shrinks while it is sent fails alone (exit code 23) and the next file still
     * arrives; reading it from a mapping crashed the JVM with SIGBUS instead.
     */
    @Test
    void aSourceTruncatedWhileSentFailsAloneAndTheNextFileArrives() throws Exception {
        Path source = dir.resolve("src");
        Path shrinking = randomFile(source.resolve("a.bin"), 40L * CHUNK, 13);
        Path steady = randomFile(source.resolve("b.bin"), 3L * CHUNK + 1, 14);
        Path target = dir.resolve("dst");
        Files.createDirectories(target);
        List<SourceOperand> sources = List.of(SourceOperand.parse(shrinking.toString()),
                SourceOperand.parse(steady.toString()));

        LoopbackCopy.Outcome outcome = LoopbackCopy.run(sources, target, true,
                TransferOptions.of(CHUNK, SessionRequest.DESTINATION_IS_DIRECTORY), 5,
                (sender, receiver) -> sender.afterWrite(3, () -> truncate(shrinking, 2L * CHUNK + 5)));

        assertNull(outcome.senderError());
        assertNull(outcome.receiverError());
        assertEquals(ExitCode.PARTIAL.code(), outcome.senderReport().exitCode());
        assertEquals(ExitCode.PARTIAL.code(), outcome.receiverReport().exitCode());
        assertEquals(1, outcome.senderReport().failures().size(), () -> outcome.senderReport().failures().toString());
        assertTrue(outcome.senderReport().failures().get(0).message().contains("a.bin: file changed size"),
                () -> outcome.senderReport().failures().toString());
        assertFalse(Files.exists(target.resolve("a.bin")), "no file under the final name");
        assertTrue(FileUtils.contentEquals(steady.toFile(), target.resolve("b.bin").toFile()));
        assertEquals(List.of(), temporaryFiles(target));
    }

    private static void truncate(Path file, long size) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.truncate(size);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
