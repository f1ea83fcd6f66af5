package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.posix.UncachedFiles;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.SessionRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A large source that is not in the page cache is sent read past it (O_DIRECT), its next chunk
 * read ahead while the current one is sent: the copy is exact, the source is left out of the
 * cache (a buffered read would have filled it), and a source that shrinks meanwhile fails alone.
 * The temporary directory must be on a file system that reads directly (ext4 on these hosts).
 */
class UncachedSourceTest {

    private static final int CHUNK = 1 << 20;
    /** Above the sender's 16 MiB threshold, with a tail that ends inside a 4 KiB block. */
    private static final int SIZE = 20 * CHUNK + 777;

    @TempDir
    Path dir;

    private static byte[] random(int size) {
        byte[] data = new byte[size];
        new Random(11).nextBytes(data);
        return data;
    }

    private LoopbackCopy.Outcome copy(Path source, TransferListener senderEvents) throws Exception {
        Path target = Files.createDirectories(dir.resolve("dst"));
        return LoopbackCopy.run(List.of(SourceOperand.parse(source.toString())), target, true,
                TransferOptions.of(CHUNK, SessionRequest.DESTINATION_IS_DIRECTORY), 30, (s, r) -> { }, senderEvents);
    }

    @Test
    void anUncachedSourceIsSentExactlyAndLeftUncached() throws Exception {
        byte[] content = random(SIZE);
        Path source = UncachedFiles.write(dir.resolve("big.bin"), content);
        LoopbackCopy.Outcome outcome = copy(source, new TransferListener() { });
        assertNull(outcome.senderError());
        assertNull(outcome.receiverError());
        assertEquals(ExitCode.OK.code(), outcome.senderReport().exitCode());
        assertArrayEquals(content, Files.readAllBytes(dir.resolve("dst/big.bin")));
        assertTrue(UncachedFiles.mostlyUncached(source), "the sender read the source past the page cache");
    }

    @Test
    void aCachedSourceIsReadThroughTheCache() throws Exception {
        byte[] content = random(SIZE);
        Path source = UncachedFiles.write(dir.resolve("big.bin"), content);
        Files.readAllBytes(source);
        LoopbackCopy.Outcome outcome = copy(source, new TransferListener() { });
        assertEquals(ExitCode.OK.code(), outcome.senderReport().exitCode());
        assertArrayEquals(content, Files.readAllBytes(dir.resolve("dst/big.bin")));
        assertFalse(UncachedFiles.mostlyUncached(source));
    }

    /** Cut short once 4 MiB are sent: the chunk read ahead, or the next, comes up short and the file fails alone. */
    @Test
    void aSourceThatShrinksWhileReadAheadFailsAlone() throws Exception {
        Path source = UncachedFiles.write(dir.resolve("big.bin"), random(SIZE));
        TransferListener shrinker = new TransferListener() {
            private boolean cut;

            @Override
            public void progress(long bytes) {
                if (!cut && bytes >= 4L * CHUNK) {
                    cut = true;
                    try (FileChannel channel = FileChannel.open(source, StandardOpenOption.WRITE)) {
                        channel.truncate(6L * CHUNK + 5);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            }
        };
        LoopbackCopy.Outcome outcome = copy(source, shrinker);
        assertNull(outcome.senderError(), "the session goes on");
        assertEquals(ExitCode.PARTIAL.code(), outcome.senderReport().exitCode());
        assertTrue(outcome.senderReport().failures().toString().contains("changed size"),
                outcome.senderReport().failures().toString());
        assertFalse(Files.exists(dir.resolve("dst/big.bin")), "nothing half-written under the final name");
    }
}
