package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.filter.FilterRules;
import dev.rdcp.protocol.Decision;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ExtendedOptions;
import dev.rdcp.protocol.SessionRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.commons.io.file.PathUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scripted attacker against --delete as rsync's --delete-during (extended flag 8): the list
 * a sender of that flag sends for a random small tree (SUBDIRECTORY and CHILDREN_END in their
 * places), then mutated: entries dropped, duplicated, swapped, renamed (to names never sent, to
 * symlinks' names, to other directories'), SUBDIRECTORY and CHILDREN_END inserted anywhere; cut
 * into messages at random, with empty ENTRIES (a sender asking) between them. After each
 * sequence nothing outside the root may have changed, and a receiver that ended with an error
 * ended with a clear one (a protocol error, an I/O error), not a bug's exception; one that did not
 * end within the peer's wait fails the test as a hang.
 *
 * <p>{@code -Dhostile.seed=S -Dhostile.sequences=1} replays a sequence; a larger
 * {@code hostile.sequences} searches longer.
 */
class HostileChildrenFirstTest {

    private static final long SEED = Long.getLong("hostile.seed", 20261127L);
    private static final int SEQUENCES = Integer.getInteger("hostile.sequences", 600);
    private static final long FLAGS = SessionRequest.RECURSIVE | SessionRequest.LINKS | SessionRequest.DELETE
            | SessionRequest.PRESERVE_PERMISSIONS | SessionRequest.PRESERVE_TIMES
            | SessionRequest.DESTINATION_IS_DIRECTORY;
    private static final TransferOptions OPTIONS = new TransferOptions(4096, 2, FLAGS, 0, FilterRules.NONE)
            .withExtended(ExtendedOptions.DELETE_DURING, true);
    /** Names a mutation puts in: the tree's own, ones never sent, a symlink's, the root. */
    private static final String[] NAMES = {".", "a", "a/b", "a/b/c", "a/f", "link", "link/pwned", "never", "a/never"};

    @TempDir
    Path temp;

    @Test
    void mutatedDeleteDuringListsStayInsideTheRootAndEndClearly() throws Exception {
        for (int i = 0; i < SEQUENCES; i++) {
            sequence(HostilePeer.Wire.LOOPBACK, SEED + i);
        }
    }

    @Test
    void mutatedDeleteDuringListsOverTcp() throws Exception {
        for (int i = 0; i < Math.max(1, SEQUENCES / 20); i++) {
            sequence(HostilePeer.Wire.TCP, SEED - 1 - i);
        }
    }

    private void sequence(HostilePeer.Wire wire, long seed) throws Exception {
        Path top = Files.createDirectory(temp.resolve("s" + seed));
        Path root = Files.createDirectory(top.resolve("root"));
        Path outside = Files.createDirectory(top.resolve("outside"));
        Files.writeString(outside.resolve("pwned"), "old");
        Files.writeString(outside.resolve("f"), "old");
        Files.createDirectory(outside.resolve("b"));
        Files.createDirectories(root.resolve("a/b"));
        Files.writeString(root.resolve("a/kept"), "kept");
        Files.writeString(root.resolve("a/b/old"), "old");
        Files.createSymbolicLink(root.resolve("link"), outside);
        OutsideSnapshot before = OutsideSnapshot.of(top, root);
        Random random = new Random(seed);
        List<Entry> list = mutated(random, validList(random));
        List<String> script = new ArrayList<>();
        String replay = "sequence seed " + seed + " over " + wire + " (replay: -Dhostile.seed=" + seed
                + " -Dhostile.sequences=1)\n  ";
        Throwable ended;
        try (HostilePeer peer = HostilePeer.start(wire, root, OPTIONS)) {
            ended = play(peer, random, list, script);
        }
        before.assertUnchanged(replay + String.join("\n  ", script) + "\n");
        assertTrue(ended == null || ended instanceof IOException, () -> replay + String.join("\n  ", script)
                + "\nthe receiver ended with " + ended);
        PathUtils.deleteDirectory(top);
    }

    /** The list a --delete-during sender sends for a random tree beneath "." of at most three levels. */
    private static List<Entry> validList(Random random) {
        List<Entry> list = new ArrayList<>();
        walk(random, ".", 0, list);
        return list;
    }

    private static void walk(Random random, String directory, int depth, List<Entry> list) {
        list.add(entry(EntryType.DIRECTORY, directory, 040755, 0, ""));
        String prefix = directory.equals(".") ? "" : directory + "/";
        int files = random.nextInt(3);
        for (int i = 0; i < files; i++) {
            list.add(random.nextInt(4) == 0 ? entry(EntryType.SYMLINK, prefix + "s" + i, 0120777, 10, "../outside")
                    : entry(EntryType.FILE, prefix + "f" + i, 0100644, random.nextInt(3) * 5, ""));
        }
        List<String> subdirectories = new ArrayList<>();
        int count = depth < 2 ? random.nextInt(3) : 0;
        for (int i = 0; i < count; i++) {
            subdirectories.add(prefix + (i == 0 ? "a" : "b" + i));
        }
        for (String subdirectory : subdirectories) {
            list.add(entry(EntryType.SUBDIRECTORY, subdirectory, 0, 0, ""));
        }
        list.add(entry(EntryType.CHILDREN_END, directory, 0, 0, ""));
        for (String subdirectory : subdirectories) {
            walk(random, subdirectory, depth + 1, list);
        }
        list.add(entry(EntryType.DIRECTORY_END, directory, 0, 0, ""));
    }

    /** {@code list} with a few random mutations; often none, so that whole valid lists are played too. */
    private static List<Entry> mutated(Random random, List<Entry> list) {
        List<Entry> out = new ArrayList<>(list);
        int mutations = random.nextInt(4);
        for (int m = 0; m < mutations && !out.isEmpty(); m++) {
            int at = random.nextInt(out.size());
            Entry entry = out.get(at);
            switch (random.nextInt(6)) {
                case 0 -> out.remove(at);
                case 1 -> out.add(at, entry);
                case 2 -> {
                    int other = random.nextInt(out.size());
                    out.set(at, out.get(other));
                    out.set(other, entry);
                }
                case 3 -> out.set(at, renamed(entry, NAMES[random.nextInt(NAMES.length)]));
                case 4 -> out.add(at, entry(EntryType.SUBDIRECTORY, NAMES[random.nextInt(NAMES.length)], 0, 0, ""));
                default -> out.add(at, entry(EntryType.CHILDREN_END, NAMES[random.nextInt(NAMES.length)], 0, 0, ""));
            }
        }
        return out;
    }

    /** Plays {@code list}; returns what the receiver ended with, null if it ended well. */
    private static Throwable play(HostilePeer peer, Random random, List<Entry> list, List<String> script) {
        Map<Integer, Entry> wanted = new LinkedHashMap<>();
        Map<Integer, Entry> byIndex = new LinkedHashMap<>();
        int index = 0;
        try {
            int next = 0;
            while (next < list.size()) {
                if (random.nextInt(5) == 0) {
                    script.add("ENTRIES (empty)");
                    want(peer.entries(), byIndex, wanted);
                    continue;
                }
                int count = Math.min(list.size() - next, 1 + random.nextInt(4));
                Entry[] message = new Entry[count];
                for (int i = 0; i < count; i++) {
                    Entry entry = list.get(next++);
                    message[i] = withIndex(entry, index++);
                    byIndex.put(message[i].index(), message[i]);
                }
                script.add("ENTRIES " + describe(message));
                want(peer.entries(message), byIndex, wanted);
                if (!wanted.isEmpty() && random.nextBoolean()) {
                    sendData(peer, wanted, script);
                }
            }
            for (int ask = 0; ask < 4; ask++) {
                script.add("ENTRIES (empty)");
                want(peer.entries(), byIndex, wanted);
            }
            while (!wanted.isEmpty()) {
                sendData(peer, wanted, script);
            }
            script.add("END");
            peer.end();
            return peer.finish();
        } catch (HostilePeer.ReceiverGone gone) {
            script.add("receiver ended: " + gone.getCause());
            return gone.getCause();
        }
    }

    private static void want(List<Decision> decisions, Map<Integer, Entry> byIndex, Map<Integer, Entry> wanted) {
        for (Decision decision : decisions) {
            if (decision.kind() != Decision.Kind.SKIP && byIndex.containsKey(decision.index())) {
                wanted.put(decision.index(), byIndex.get(decision.index()));
            }
        }
    }

    private static void sendData(HostilePeer peer, Map<Integer, Entry> wanted, List<String> script)
            throws HostilePeer.ReceiverGone {
        Entry file = wanted.values().iterator().next();
        wanted.remove(file.index());
        script.add("CHUNKS " + file.index() + " (" + name(file) + ")");
        peer.chunk(file.index(), 0, new byte[(int) file.size()], true);
    }

    /** A marker (SUBDIRECTORY, CHILDREN_END, DIRECTORY_END) has no time, as a sender sends it. */
    private static Entry entry(EntryType type, String name, int mode, long size, String extra) {
        long time = type == EntryType.DIRECTORY || type == EntryType.FILE || type == EntryType.SYMLINK ? 1_700_000_000L : 0;
        return new Entry(0, type, mode, time, 0, size, 0, 0, name.getBytes(StandardCharsets.UTF_8),
                extra.getBytes(StandardCharsets.UTF_8));
    }

    private static Entry withIndex(Entry entry, int index) {
        return new Entry(index, entry.type(), entry.mode(), entry.mtimeSeconds(), entry.mtimeNanos(), entry.size(),
                entry.uid(), entry.gid(), entry.name(), entry.extra());
    }

    private static Entry renamed(Entry entry, String name) {
        return new Entry(entry.index(), entry.type(), entry.mode(), entry.mtimeSeconds(), entry.mtimeNanos(),
                entry.size(), entry.uid(), entry.gid(), name.getBytes(StandardCharsets.UTF_8), entry.extra());
    }

    private static String describe(Entry[] entries) {
        StringBuilder text = new StringBuilder();
        for (Entry entry : entries) {
            text.append(entry.type()).append(' ').append(entry.index()).append(' ').append(name(entry));
            if (entry.extra().length > 0) {
                text.append(" -> ").append(new String(entry.extra(), StandardCharsets.UTF_8));
            }
            text.append("; ");
        }
        return text.toString();
    }

    private static String name(Entry entry) {
        return new String(entry.name(), StandardCharsets.UTF_8);
    }
}
