package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.SessionRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server's source that comes up short while it is sent is told apart as changed or vanished
 * without a look outside the served directory: its directory swapped meanwhile for a symlink out
 * of the module must not make what lies out there decide the message and the exit code. One
 * removed from the module has vanished, as on a client.
 */
class ServedSourceShrinkTest {

    private static final int CHUNK = 64 << 10;

    @TempDir
    Path tmp;

    private interface Change {
        void after(Path root, Path source) throws IOException;
    }

    /**
     * Serves root/d/big.bin; once its first chunk is sent, cuts it short and makes {@code change}.
     * Returns the sender's exit code, then its failures.
     */
    private List<String> sendWhileChanged(String run, Change change) throws Exception {
        Path root = Files.createDirectories(tmp.resolve(run + "/root"));
        Path source = Files.write(Files.createDirectory(root.resolve("d")).resolve("big.bin"), new byte[3 * CHUNK + 5]);
        TransferListener changer = new TransferListener() {
            private boolean changed;

            @Override
            public void progress(long bytes) {
                if (changed) {
                    return;
                }
                changed = true;
                try (FileChannel channel = FileChannel.open(source, StandardOpenOption.WRITE)) {
                    channel.truncate(CHUNK + 1);
                    change.after(root, source);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
        Path target = Files.createDirectories(tmp.resolve(run + "/dst"));
        LoopbackCopy.Outcome outcome = LoopbackCopy.run(List.of(SourceOperand.parse(source.toString())), target,
                true, TransferOptions.of(CHUNK, SessionRequest.DESTINATION_IS_DIRECTORY), 30, (s, r) -> { }, changer,
                root);
        assertNull(outcome.senderError(), "the session goes on");
        return List.of(String.valueOf(outcome.senderReport().exitCode()),
                outcome.senderReport().failures().toString());
    }

    /** root/d swapped for a symlink to {@code run}/outside, which holds a big.bin if {@code outsideHasTheName}. */
    private List<String> sendWhileSwapped(String run, boolean outsideHasTheName) throws Exception {
        Path outside = Files.createDirectories(tmp.resolve(run + "/outside"));
        if (outsideHasTheName) {
            Files.write(outside.resolve("big.bin"), new byte[1]);
        }
        return sendWhileChanged(run, (root, source) -> {
            Files.move(root.resolve("d"), root.resolve("d.moved"));
            Files.createSymbolicLink(root.resolve("d"), outside);
        });
    }

    @Test
    void whatLiesOutsideTheModuleDoesNotDecideHowAShrunkSourceFails() throws Exception {
        List<String> outsideEmpty = sendWhileSwapped("empty", false);
        List<String> outsideHasIt = sendWhileSwapped("has", true);

        assertEquals(outsideEmpty, outsideHasIt);
        assertEquals(String.valueOf(ExitCode.PARTIAL.code()), outsideHasIt.get(0), outsideHasIt.get(1));
    }

    @Test
    void aShrunkSourceRemovedFromTheModuleHasVanished() throws Exception {
        List<String> removed = sendWhileChanged("removed", (root, source) -> Files.delete(source));

        assertEquals(String.valueOf(ExitCode.VANISHED.code()), removed.get(0), removed.get(1));
        assertEquals("[Failure[exitCode=24, message=file has vanished: big.bin]]", removed.get(1));
    }
}
