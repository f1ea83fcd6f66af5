package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.posix.FileStatus;
import dev.rdcp.protocol.ProtocolException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A receiver that is not root opens its read-only directories to itself: what it remembers of
 * them is drawn from the session's budget, and a session that ends early gives them their mode
 * back (run here as root for a user the directories are made to belong to).
 */
class OpenedDirectoriesTest {

    private static final int USER = 4242;
    private static final ProcessIdentity RECEIVER = new ProcessIdentity(USER, USER, 022, Set.of());

    @TempDir
    Path dest;

    private DirectoryHandle base;

    @BeforeEach
    void open() throws IOException {
        base = DirectoryHandle.open(dest, bytes(dest.toString()));
    }

    @AfterEach
    void close() throws IOException {
        base.close();
    }

    /** A directory {@code name} of the receiver's with mode 0555. */
    private FileStatus readOnly(String name) throws IOException {
        base.makeDirectory(bytes(name), 0555);
        try (var node = base.openNode(bytes(name))) {
            node.setOwner(USER, USER);
            node.setMode(0555);
            return node.status();
        }
    }

    private int mode(String name) throws IOException {
        try (var node = base.openNode(bytes(name))) {
            return node.status().mode() & 07777;
        }
    }

    @Test
    void aSessionThatRunsOutOfThePoolEndsWithThePoolsError() throws Exception {
        BookkeepingPool pool = new BookkeepingPool(BookkeepingPool.GRANT);
        try (SessionBudget budget = new SessionBudget(SessionBudget.MAX_BYTES, pool)) {
            OpenedDirectories opened = new OpenedDirectories(RECEIVER, false, budget);
            ProtocolException full = assertThrows(ProtocolException.class, () -> {
                for (int i = 0; i < 20_000; i++) {
                    String name = "d" + i;
                    opened.open(base, bytes(name), readOnly(name));
                }
            });
            assertTrue(full.getMessage().endsWith("try again later"), full.getMessage());
            assertTrue(budget.spent() > 0);
            opened.restoreAll(base);
            assertEquals(0, budget.spent(), "what the directories cost is given back");
        }
        assertEquals(0, pool.taken());
    }

    @Test
    void theDirectoriesLeftOpenedGetTheirModeBackWhenTheSessionEnds() throws Exception {
        try (SessionBudget budget = new SessionBudget()) {
            OpenedDirectories opened = new OpenedDirectories(RECEIVER, false, budget);
            opened.open(base, bytes("a"), readOnly("a"));
            base.makeDirectory(bytes("a/b"), 0700);
            try (var node = base.openNode(bytes("a/b"))) {
                node.setOwner(USER, USER);
                node.setMode(0500);
                opened.open(base, bytes("a/b"), node.status());
            }
            opened.open(base, bytes("c"), readOnly("c"));
            assertEquals(0755, mode("a"));
            assertEquals(0700, mode("a/b"));
            // Changed by someone else meanwhile: not ours to give back.
            try (var node = base.openNode(bytes("c"))) {
                node.setMode(0750);
            }
            opened.restoreAll(base);
            assertEquals(0555, mode("a"));
            assertEquals(0500, mode("a/b"));
            assertEquals(0750, mode("c"));
            assertEquals(0, budget.spent());
        }
    }

    private static byte[] bytes(String name) {
        return name.getBytes(StandardCharsets.UTF_8);
    }
}
