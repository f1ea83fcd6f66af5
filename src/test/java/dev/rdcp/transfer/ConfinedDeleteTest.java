package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.CountedList;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.SessionRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11, defect 12: while --delete removes a directory, a local user swaps it for a symlink to
 * the outside; the deletion goes on inside what it opened, never through the symlink.
 */
class ConfinedDeleteTest {

    @TempDir
    Path dir;

    @Test
    void aDirectorySwappedForASymlinkDuringDeletionLeavesTheOutsideAlone() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        Path outside = Files.createDirectories(dir.resolve("outside"));
        for (int i = 0; i < 5; i++) {
            for (int j = 0; j < 10; j++) {
                Files.writeString(Files.createDirectories(root.resolve("old/e" + i)).resolve("x" + j), "inside");
                Files.writeString(Files.createDirectories(outside.resolve("e" + i)).resolve("x" + j), "outside");
            }
        }
        TransferOptions options = TransferOptions.of(4096, SessionRequest.RECURSIVE | SessionRequest.DELETE
                | SessionRequest.DESTINATION_IS_DIRECTORY);
        Destination destination = Destination.of(root, true, null);
        destination.prepare(false);
        boolean[] swapped = {false};
        Heartbeat swap = () -> {
            if (!swapped[0]) {
                swapped[0] = true;
                try {
                    Files.move(root.resolve("old"), root.resolve("old.moved"));
                    Files.createSymbolicLink(root.resolve("old"), outside);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
        TransferReport report = new TransferReport();
        SessionBudget budget = new SessionBudget();
        Generator generator = new Generator(destination, options, report, new Attributes(options, destination),
                new ReportQueue(report, budget, false), new ReceiverTally(), incoming -> { }, swap, budget);
        ByteBuffer entries = ByteBuffer.allocate(1024);
        int at = CountedList.start(entries);
        new Entry(0, EntryType.DIRECTORY, 0755, 0, 0, 0, 0, 0, new byte[] {'.'}, new byte[0]).encode(entries);
        new Entry(1, EntryType.DIRECTORY_END, 0, 0, 0, 0, 0, 0, new byte[] {'.'}, new byte[0]).encode(entries);
        CountedList.finish(entries, at, 2);

        generator.answer(entries.flip(), ByteBuffer.allocate(1024));

        assertTrue(swapped[0], "the deletion ran");
        for (int i = 0; i < 5; i++) {
            for (int j = 0; j < 10; j++) {
                assertTrue(Files.exists(outside.resolve("e" + i + "/x" + j)), "deleted outside: e" + i + "/x" + j);
            }
        }
        destination.close();
    }
}
