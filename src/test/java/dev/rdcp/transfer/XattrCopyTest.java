package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.rdcp.protocol.ItemizedChange;
import dev.rdcp.protocol.SessionRequest;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * -X over the loopback data path: user attributes of files and directories arrive, extra ones
 * here go, an unchanged file gets its attributes without its data (itemized {@code x}), and
 * without -X nothing is carried. Needs a temporary directory whose file system keeps user
 * attributes (ext4, tmpfs since Linux 6.6).
 */
class XattrCopyTest {

    private static final long TREE = SessionRequest.RECURSIVE | SessionRequest.PRESERVE_TIMES
            | SessionRequest.DESTINATION_IS_DIRECTORY;

    @TempDir
    Path dir;
    private Path source;
    private Path target;

    @BeforeEach
    void tree() throws IOException {
        source = dir.resolve("src");
        target = dir.resolve("dst");
        Files.createDirectories(source.resolve("sub"));
        Files.createDirectories(target);
        Files.writeString(source.resolve("sub/file"), "data");
        Files.writeString(source.resolve("plain"), "no attributes");
        assumeTrue(Files.getFileStore(dir).supportsFileAttributeView(UserDefinedFileAttributeView.class));
        set(source.resolve("sub/file"), "one", "1");
        set(source.resolve("sub/file"), "empty", "");
        set(source.resolve("sub"), "dir", "attribute of a directory");
    }

    private static void set(Path path, String name, String value) throws IOException {
        Files.getFileAttributeView(path, UserDefinedFileAttributeView.class)
                .write(name, ByteBuffer.wrap(value.getBytes(StandardCharsets.UTF_8)));
    }

    private static Map<String, String> userAttributes(Path path) throws IOException {
        UserDefinedFileAttributeView view = Files.getFileAttributeView(path, UserDefinedFileAttributeView.class);
        Map<String, String> found = new TreeMap<>();
        for (String name : view.list()) {
            ByteBuffer value = ByteBuffer.allocate(view.size(name));
            view.read(name, value);
            found.put(name, new String(value.array(), StandardCharsets.UTF_8));
        }
        return found;
    }

    private LoopbackCopy.Outcome copy(long flags, List<String> itemized) throws Exception {
        TransferListener events = new TransferListener() {
            @Override
            public void itemized(ItemizedChange change) {
                itemized.add(change.flags() + " " + new String(change.name(), StandardCharsets.UTF_8));
            }
        };
        LoopbackCopy.Outcome outcome = LoopbackCopy.run(List.of(SourceOperand.parse(source + "/")), target, true,
                TransferOptions.of(64 << 10, flags), 5, (s, r) -> { }, events);
        assertNull(outcome.senderError());
        assertNull(outcome.receiverError());
        assertEquals(0, outcome.receiverReport().exitCode(), () -> outcome.receiverReport().failures().toString());
        assertEquals(0, outcome.senderReport().exitCode(), () -> outcome.senderReport().failures().toString());
        return outcome;
    }

    @Test
    void userAttributesOfFilesAndDirectoriesArrive() throws Exception {
        copy(TREE | SessionRequest.XATTRS, new ArrayList<>());

        assertEquals(Map.of("one", "1", "empty", ""), userAttributes(target.resolve("sub/file")));
        assertEquals(Map.of("dir", "attribute of a directory"), userAttributes(target.resolve("sub")));
        assertEquals(Map.of(), userAttributes(target.resolve("plain")));
    }

    @Test
    void withoutXattrsNothingIsCarried() throws Exception {
        copy(TREE, new ArrayList<>());

        assertEquals(Map.of(), userAttributes(target.resolve("sub/file")));
        assertEquals(Map.of(), userAttributes(target.resolve("sub")));
    }

    @Test
    void anUnchangedFileGetsItsAttributesWithoutItsData() throws Exception {
        copy(TREE | SessionRequest.XATTRS, new ArrayList<>());
        set(source.resolve("sub/file"), "one", "changed");
        set(source.resolve("plain"), "added", "yes");
        set(target.resolve("sub/file"), "extra", "only here");
        List<String> itemized = Collections.synchronizedList(new ArrayList<>());

        LoopbackCopy.Outcome second = copy(TREE | SessionRequest.XATTRS | SessionRequest.ITEMIZE, itemized);

        assertEquals(0, second.receiverReport().filesDone(), "no data moves for attributes");
        assertEquals(Map.of("one", "changed", "empty", ""), userAttributes(target.resolve("sub/file")));
        assertEquals(Map.of("added", "yes"), userAttributes(target.resolve("plain")));
        assertEquals(List.of(".f........x plain", ".f........x sub/file"), itemized.stream().sorted().toList());
    }

    @Test
    void aSentFileReplacingOneWithOtherAttributesIsItemizedWithX() throws Exception {
        copy(TREE | SessionRequest.XATTRS, new ArrayList<>());
        Files.writeString(source.resolve("sub/file"), "new data!");
        set(source.resolve("sub/file"), "one", "2");
        List<String> itemized = Collections.synchronizedList(new ArrayList<>());

        copy(TREE | SessionRequest.XATTRS | SessionRequest.ITEMIZE, itemized);

        // The sender shows what it sent as '<'; the time differs by less than a second, which rsync does not show.
        assertEquals(List.of("<f.s......x sub/file"), itemized);
        assertEquals(Map.of("one", "2", "empty", ""), userAttributes(target.resolve("sub/file")));
    }
}
