package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.SessionRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A served tree as deep as a client that can push makes it: the list holds a directory open for
 * each level it is in, so it stops at its bound, with a problem for the directory it does not
 * read, rather than hold a descriptor per level (found in review: 2,000 levels held 2,000
 * descriptors in the daemon, and under a descriptor limit of 1,200 the session's own opens
 * failed with "Too many open files", as would any other session's).
 */
class FileListDepthTest {

    private static final int LEVELS = 60;
    private static final int MAX_HELD = 16;

    @TempDir
    Path tmp;

    /** root/deep: {@link #LEVELS} directories "d", a file "f" in each. */
    private Path deepTree() throws IOException {
        Path root = Files.createDirectory(tmp.resolve("root"));
        Files.createDirectory(root.resolve("deep"));
        DirectoryHandle level = DirectoryHandle.open(root.resolve("deep"), bytes(root.resolve("deep").toString()));
        try {
            for (int i = 0; i < LEVELS; i++) {
                level.create(bytes("f"), true, 0644).close();
                level.makeDirectory(bytes("d"), 0755);
                DirectoryHandle deeper = level.openDirectory(bytes("d"));
                level.close();
                level = deeper;
            }
        } finally {
            level.close();
        }
        return root;
    }

    @Test
    void aDeepWalkHoldsAtMostItsBoundOfDirectoriesAndSaysWhereItStopped() throws Exception {
        Path root = deepTree();
        long before = openDescriptors();
        long most = before;
        List<Entry> entries = new ArrayList<>();
        try (FileList list = new FileList(List.of(SourceOperand.parse(root + "/deep/")),
                TransferOptions.of(4096, SessionRequest.RECURSIVE), Heartbeat.NONE, IdNaming.SYSTEM, root,
                BookkeepingPool.unbounded(), MAX_HELD)) {
            for (ListedEntry listed; (listed = list.next()) != null; ) {
                entries.add(listed.entry());
                most = Math.max(most, openDescriptors());
            }
        }
        // The bound, and the root and operand the source tree holds.
        assertTrue(most - before <= MAX_HELD + 4, "held " + (most - before) + " descriptors");
        List<Entry> problems = entries.stream().filter(e -> e.type() == EntryType.PROBLEM).toList();
        assertEquals(1, problems.size(), () -> problems.toString());
        Entry problem = problems.get(0);
        assertEquals(ExitCode.PARTIAL.code(), problem.mode());
        String message = new String(problem.extra(), StandardCharsets.UTF_8);
        assertTrue(message.startsWith("cannot read directory " + "d/".repeat(MAX_HELD - 1) + "d: ")
                && message.contains(MAX_HELD + " directories open"), message);
        long files = entries.stream().filter(e -> e.type() == EntryType.FILE).count();
        assertEquals(MAX_HELD, files, "the files of the levels read");
    }

    /**
     * A level of long names: the problem's message still ends with why, its name's middle left
     * out (found in review: a PROBLEM keeps 1,024 bytes, so past a few hundred levels the reason
     * was cut and the line named only the directory).
     */
    @Test
    void theProblemOfADeepLongNameStillSaysWhy() throws Exception {
        Path root = Files.createDirectory(tmp.resolve("root"));
        Files.createDirectory(root.resolve("deep"));
        String long_ = "n".repeat(200);
        DirectoryHandle level = DirectoryHandle.open(root.resolve("deep"), bytes(root.resolve("deep").toString()));
        try {
            for (int i = 0; i < 20; i++) {
                level.makeDirectory(bytes(long_), 0755);
                DirectoryHandle deeper = level.openDirectory(bytes(long_));
                level.close();
                level = deeper;
            }
        } finally {
            level.close();
        }
        List<String> problems = new ArrayList<>();
        try (FileList list = new FileList(List.of(SourceOperand.parse(root + "/deep/")),
                TransferOptions.of(4096, SessionRequest.RECURSIVE), Heartbeat.NONE, IdNaming.SYSTEM, root,
                BookkeepingPool.unbounded(), MAX_HELD)) {
            for (ListedEntry listed; (listed = list.next()) != null; ) {
                if (listed.entry().type() == EntryType.PROBLEM) {
                    problems.add(new String(listed.entry().extra(), StandardCharsets.UTF_8));
                }
            }
        }
        assertEquals(1, problems.size(), problems::toString);
        String message = problems.get(0);
        assertTrue(message.startsWith("cannot read directory " + long_ + "/") && message.contains("...")
                && message.endsWith("/" + long_ + ": the list holds " + MAX_HELD
                        + " directories open, the most its descriptor limit allows"), message);
        assertTrue(message.getBytes(StandardCharsets.UTF_8).length <= Entry.MAX_PROBLEM_MESSAGE, message);
    }

    private static long openDescriptors() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        }
    }

    private static byte[] bytes(String name) {
        return name.getBytes(StandardCharsets.UTF_8);
    }
}
