package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.SessionRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A local user swaps a directory for a symlink to the outside while the sender lists it (as a
 * --read-only daemon's listing of its root): what it lists, and checksums with -c, is still
 * what was inside.
 */
class FileListSwapTest {

    @TempDir
    Path tmp;

    @Test
    void aDirectorySwappedForASymlinkDuringTheListingListsAndChecksumsWhatWasInside() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("root"));
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Files.writeString(Files.createDirectory(root.resolve("a")).resolve("f"), "inside");
        Files.writeString(outside.resolve("f"), "outside, longer: a secret");
        Files.createSymbolicLink(outside.resolve("link"), Path.of("/"));

        FileList list = new FileList(List.of(SourceOperand.parse(root + "/")),
                TransferOptions.of(4096, SessionRequest.RECURSIVE | SessionRequest.CHECKSUM | SessionRequest.LINKS),
                Heartbeat.NONE);
        List<Entry> entries = new ArrayList<>();
        for (ListedEntry listed; (listed = list.next()) != null; ) {
            entries.add(listed.entry());
            if (listed.entry().type() == EntryType.DIRECTORY && name(listed.entry()).equals("a")) {
                // The sender has read a's names; now a local user puts the outside in its place.
                Files.move(root.resolve("a"), root.resolve("a.moved"));
                Files.createSymbolicLink(root.resolve("a"), outside);
            }
        }
        list.close();

        Entry f = entries.stream().filter(e -> name(e).equals("a/f")).findFirst().orElse(null);
        assertNotNull(f, entries.toString());
        assertEquals(EntryType.FILE, f.type());
        assertEquals("inside".length(), f.size(), "the size of the file inside, not of the outside one");
        assertArrayEquals(MessageDigest.getInstance("MD5").digest("inside".getBytes(StandardCharsets.UTF_8)), f.extra(),
                "the checksum of the file inside");
        assertEquals(List.of(".", "a", "a/f", "a", "."),
                entries.stream().map(FileListSwapTest::name).toList(), "nothing of the outside listed");
    }

    private static String name(Entry entry) {
        return new String(entry.name(), StandardCharsets.UTF_8);
    }
}
