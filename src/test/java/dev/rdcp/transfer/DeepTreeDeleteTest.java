package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.filter.FilterRules;
import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.protocol.BackupRule;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ReceiverSettings;
import dev.rdcp.protocol.SessionRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Trees deeper than a recursion per level survives: --delete, and a backup that must first remove
 * a directory standing at its name, walk them level by level beneath descriptors.
 */
class DeepTreeDeleteTest extends DestinationTreeTest {

    /** Deeper than the stack of a recursion per level held (it overflowed at about 6,000). */
    private static final int LEVELS = 10_000;

    private long deletions;
    private final List<String> failures = new ArrayList<>();

    /**
     * A chain of {@code levels} directories "d" beneath {@code top} of the destination, a file in
     * the deepest and one beside each of the first ones; made level by level, beneath descriptors,
     * since its paths are far longer than a path may be.
     */
    private void deepTree(String top, int levels) throws IOException {
        try (DirectoryHandle base = DirectoryHandle.open(dest, name(dest.toString()))) {
            base.makeDirectory(name(top), 0755);
            DirectoryHandle level = base.openDirectory(name(top));
            try {
                for (int i = 0; i < levels; i++) {
                    level.makeDirectory(name("d"), 0755);
                    if (i < 3) {
                        level.create(name("f"), true, 0644).close();
                    }
                    DirectoryHandle deeper = level.openDirectory(name("d"));
                    level.close();
                    level = deeper;
                }
                level.create(name("last"), true, 0644).close();
            } finally {
                level.close();
            }
        }
    }

    private Destination destination() throws IOException {
        Destination destination = opened(Destination.of(dest, true, null));
        destination.prepare(false);
        return destination;
    }

    @Test
    void deleteRemovesATreeTenThousandLevelsDeep() throws Exception {
        dest = Files.createDirectory(tmp.resolve("dest"));
        deepTree("deep", LEVELS);
        Files.writeString(dest.resolve("kept"), "k");
        TransferOptions options = new TransferOptions(4096, 1, SessionRequest.DELETE, 0, FilterRules.NONE);
        ReceiverTree tree = new ReceiverTree(destination(), options, new ReceiverTree.Events() {
            @Override
            public void deleted(byte[] name, EntryType kind) {
                deletions++;
            }

            @Override
            public void deleteFailed(byte[] name, IOException cause) {
                failures.add(cause.toString());
            }
        }, Heartbeat.NONE, new SessionBudget());
        tree.directory(name("."), name("."));
        tree.listed(name("kept"));
        tree.directoryEnd(name("."), true);

        assertEquals(List.of(), failures);
        assertFalse(Files.exists(dest.resolve("deep"), LinkOption.NOFOLLOW_LINKS), "the deep tree is gone");
        assertTrue(Files.exists(dest.resolve("kept")), "what was listed stays");
        // Every directory, the file at the bottom, the three beside the top levels, and "deep".
        assertEquals(LEVELS + 1 + 3 + 1, deletions);
    }

    @Test
    void aBackupReplacesADirectoryTenThousandLevelsDeepAtItsName() throws Exception {
        dest = Files.createDirectory(tmp.resolve("dest"));
        Files.writeString(dest.resolve("file"), "new backup");
        deepTree("file~", LEVELS);
        TransferOptions options = new TransferOptions(4096, 1, SessionRequest.BACKUP, 0, FilterRules.NONE,
                ReceiverSettings.NONE.withBackup(new BackupRule("~", "")), ChmodRules.NONE);
        List<String> kept = new ArrayList<>();
        Backups backups = new Backups(destination(), options,
                (name, backupName) -> kept.add(new String(backupName, StandardCharsets.UTF_8)));
        try {
            backups.keep(name("file"));
        } finally {
            backups.close();
        }

        assertEquals(List.of("file~"), kept);
        assertTrue(Files.isRegularFile(dest.resolve("file~"), LinkOption.NOFOLLOW_LINKS),
                "the directory at the backup name went, the file took its place");
        assertEquals("new backup", Files.readString(dest.resolve("file~")));
    }

    @Test
    void aWalkClimbingPastTheDescriptorsItKeepsOpensTheLevelsAgain() throws Exception {
        dest = Files.createDirectory(tmp.resolve("dest"));
        int levels = DirectoryDescent.MAX_OPEN * 3 + 5;
        deepTree("top", levels);
        long before = openDescriptors();
        try (DirectoryHandle base = DirectoryHandle.open(dest, name(dest.toString()));
                DirectoryDescent descent = new DirectoryDescent(base)) {
            descent.enter(name("top"));
            for (int i = 0; i < levels; i++) {
                descent.enter(name("d"));
            }
            assertTrue(descent.current().names().stream().anyMatch(n -> new String(n, StandardCharsets.UTF_8)
                    .equals("last")), "the walk reached the bottom");
            assertTrue(openDescriptors() - before <= DirectoryDescent.MAX_OPEN + 2,
                    "only the deepest levels keep their descriptors");
            while (descent.depth() > 1) {
                descent.leave();
            }
            List<String> names = new ArrayList<>();
            descent.current().names().forEach(n -> names.add(new String(n, StandardCharsets.UTF_8)));
            names.sort(null);
            assertEquals(List.of("d", "f"), names, "climbed back to the top level, opened again by name");
        }
        assertEquals(before, openDescriptors(), "the walk gave its descriptors back");
    }

    private static long openDescriptors() throws IOException {
        try (var listing = Files.list(Path.of("/proc/self/fd"))) {
            return listing.count();
        }
    }
}
