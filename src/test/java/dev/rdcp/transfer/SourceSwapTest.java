package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.SessionRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.io.file.PathUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11, defect 3: after a file is listed, a local user swaps it (or its directory) for a
 * symlink to an outside file of the same size. The sender must not send the outside file: that
 * file fails (exit 23), the session goes on.
 */
class SourceSwapTest {

    private static final int CHUNK = 64 << 10;

    @TempDir
    Path dir;

    private Path outside;

    private static byte[] filled(int size, char c) {
        byte[] data = new byte[size];
        Arrays.fill(data, (byte) c);
        return data;
    }

    /**
     * Runs a copy of src/ whose sender swaps with {@code swap} once file {@code name} is listed:
     * it is opened to be sent only when its turn comes, after that.
     */
    private LoopbackCopy.Outcome copy(Path source, String name, Swap swap) throws Exception {
        TransferListener swapper = new TransferListener() {
            @Override
            public void listed(String listed, EntryType type, long size) {
                if (listed.equals(name)) {
                    try {
                        swap.run();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            }
        };
        Path target = Files.createDirectories(dir.resolve("dst"));
        return LoopbackCopy.run(List.of(SourceOperand.parse(source + "/")), target, true,
                TransferOptions.of(CHUNK, SessionRequest.RECURSIVE | SessionRequest.DESTINATION_IS_DIRECTORY), 5,
                (s, r) -> { }, swapper);
    }

    private interface Swap {
        void run() throws IOException;
    }

    private void assertOutsideNotSent(LoopbackCopy.Outcome outcome, String name, int size) throws IOException {
        assertNull(outcome.senderError(), "the session goes on");
        assertNull(outcome.receiverError());
        Path copied = dir.resolve("dst").resolve(name);
        assertFalse(Files.exists(copied) && Arrays.equals(filled(size, 'o'), Files.readAllBytes(copied)),
                "the outside file was sent");
        assertEquals(ExitCode.PARTIAL.code(), outcome.senderReport().exitCode(),
                () -> outcome.senderReport().failures() + " / receiver " + outcome.receiverReport().failures());
        assertEquals("kept", Files.readString(dir.resolve("src/keep")), "other files still arrive");
        assertEquals("kept", Files.readString(dir.resolve("dst/keep")));
    }

    @Test
    void aListedFileSwappedForASymlinkIsNotSent() throws Exception {
        for (int size : new int[] {100, 3 * CHUNK + 5}) {
            for (String tree : new String[] {"dst", "src", "outside"}) {
                PathUtils.deleteDirectory(Files.createDirectories(dir.resolve(tree)));
            }
            Path source = Files.createDirectories(dir.resolve("src"));
            Files.write(source.resolve("f"), filled(size, 'i'));
            Files.writeString(source.resolve("keep"), "kept");
            outside = Files.write(Files.createDirectories(dir.resolve("outside")).resolve("f"), filled(size, 'o'));
            LoopbackCopy.Outcome outcome = copy(source, "f", () -> {
                Files.delete(source.resolve("f"));
                Files.createSymbolicLink(source.resolve("f"), outside);
            });
            assertOutsideNotSent(outcome, "f", size);
        }
    }

    @Test
    void aListedFileWhoseDirectoryIsSwappedForASymlinkIsNotSent() throws Exception {
        int size = 3 * CHUNK + 5;
        Path source = Files.createDirectories(dir.resolve("src"));
        Files.write(Files.createDirectories(source.resolve("d")).resolve("f"), filled(size, 'i'));
        Files.writeString(source.resolve("keep"), "kept");
        Path outsideDir = Files.createDirectories(dir.resolve("outside"));
        Files.write(outsideDir.resolve("f"), filled(size, 'o'));
        LoopbackCopy.Outcome outcome = copy(source, "d/f", () -> {
            Files.move(source.resolve("d"), source.resolve("d.moved"));
            Files.createSymbolicLink(source.resolve("d"), outsideDir);
        });
        assertOutsideNotSent(outcome, "d/f", size);
    }
}
