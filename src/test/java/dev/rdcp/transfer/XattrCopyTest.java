package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.posix.FileHandle;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ItemizedChange;
import dev.rdcp.protocol.SessionRequest;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.attribute.FileTime;
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
    void attributesThatDoNotFitWithTheirEntryFailThatEntryAlone() throws Exception {
        // A directory 17 levels of 250-byte names deep: its entry leaves less room than its attribute takes.
        List<byte[]> levels = new ArrayList<>();
        StringBuilder deep = new StringBuilder("sub");
        for (int level = 0; level < 17; level++) {
            deep.append('/').append(String.valueOf((char) ('a' + level)).repeat(250));
            levels.add(deep.toString().getBytes(StandardCharsets.UTF_8));
        }
        LoopbackCopy.Outcome outcome;
        boolean[] notMade = {false};
        boolean[] parentMade = {false};
        try (DirectoryHandle sourceRoot = DirectoryHandle.open(source, bytes(source));
                DirectoryHandle targetRoot = DirectoryHandle.open(target, bytes(target))) {
            try {
                for (byte[] level : levels) {
                    sourceRoot.makeDirectory(level, 0755);
                }
                try (FileHandle node = sourceRoot.openNode(levels.get(levels.size() - 1))) {
                    node.setXattr("user.big".getBytes(StandardCharsets.US_ASCII), new byte[3900]);
                }
                outcome = LoopbackCopy.run(List.of(SourceOperand.parse(source + "/")), target, true,
                        TransferOptions.of(64 << 10, TREE | SessionRequest.XATTRS));
                notMade[0] = !exists(targetRoot, levels.get(levels.size() - 1));
                parentMade[0] = exists(targetRoot, levels.get(levels.size() - 2));
            } finally {
                // Past PATH_MAX: the temporary directory's own cleanup cannot remove it.
                for (int i = levels.size() - 1; i >= 0; i--) {
                    deleteIfThere(sourceRoot, levels.get(i));
                    deleteIfThere(targetRoot, levels.get(i));
                }
            }
        }

        assertNull(outcome.receiverError());
        assertNull(outcome.senderError());
        assertEquals(ExitCode.PARTIAL.code(), outcome.senderReport().exitCode());
        // Its message names it first, and a name this long fills the 1,024 bytes a problem's text may take.
        assertEquals(1, outcome.senderReport().failures().size(), () -> outcome.senderReport().failures().toString());
        assertTrue(outcome.senderReport().failures().get(0).message().startsWith("sub/aaaa"));
        assertTrue(notMade[0] && parentMade[0], "the directory alone is left out");
        assertEquals(Map.of("one", "1", "empty", ""), userAttributes(target.resolve("sub/file")),
                "the other entries arrive");
    }

    private static byte[] bytes(Path path) {
        return path.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static boolean exists(DirectoryHandle root, byte[] name) throws IOException {
        try {
            root.status(name);
            return true;
        } catch (NoSuchFileException e) {
            return false;
        }
    }

    private static void deleteIfThere(DirectoryHandle root, byte[] name) throws IOException {
        try {
            root.delete(name, true);
        } catch (NoSuchFileException e) {
            // Never made on this side.
        }
    }

    @Test
    void aSentFileReplacingOneWithOtherAttributesIsItemizedWithX() throws Exception {
        copy(TREE | SessionRequest.XATTRS, new ArrayList<>());
        Files.writeString(source.resolve("sub/file"), "new data!");
        Files.setLastModifiedTime(source.resolve("sub/file"), FileTime.fromMillis(System.currentTimeMillis() + 100_000));
        set(source.resolve("sub/file"), "one", "2");
        List<String> itemized = Collections.synchronizedList(new ArrayList<>());

        copy(TREE | SessionRequest.XATTRS | SessionRequest.ITEMIZE, itemized);

        // The sender shows what it sent as '<'.
        assertEquals(List.of("<f.st.....x sub/file"), itemized);
        assertEquals(Map.of("one", "2", "empty", ""), userAttributes(target.resolve("sub/file")));
    }
}
