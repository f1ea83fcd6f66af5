package dev.rdcp.transfer;

import static dev.rdcp.transfer.HostilePeer.Entries.dir;
import static dev.rdcp.transfer.HostilePeer.Entries.dirEnd;
import static dev.rdcp.transfer.HostilePeer.Entries.file;
import static dev.rdcp.transfer.HostilePeer.Entries.hardlink;
import static dev.rdcp.transfer.HostilePeer.Entries.symlink;

import dev.rdcp.protocol.Decision;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.SessionRequest;
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
 * A scripted attacker tries the traversal class on a real receiver: random orders of DIR,
 * DIR_END, SYMLINK, HARDLINK, FILE and CHUNKS, with names that collide, {@code ..}, absolute
 * paths and symlinks to a directory outside the root, under {@code -rlptoH --delete}, through the
 * in-process transport and over TCP. After each sequence nothing outside the root may have been
 * created, changed or read, and the root keeps its mode and owner.
 *
 * <p>Seeded and reproducible: a failure names the sequence's seed. {@code -Dhostile.seed=S
 * -Dhostile.sequences=1} replays one; {@code -Dhostile.sequences=100000} runs a longer search.
 * Before the receiver checked the order of entries it found defect 1 of issue 11 (seed 20261072
 * over TCP wrote a file outside the root); it guards the confined file layer that removes the
 * class.
 */
class HostileTraversalTest {

    private static final long SEED = Long.getLong("hostile.seed", 20261123L);
    private static final int SEQUENCES = Integer.getInteger("hostile.sequences", 2000);
    private static final long FLAGS = SessionRequest.RECURSIVE | SessionRequest.LINKS | SessionRequest.DELETE
            | SessionRequest.HARD_LINKS | SessionRequest.PRESERVE_PERMISSIONS | SessionRequest.OWNERS
            | SessionRequest.PRESERVE_TIMES | SessionRequest.DESTINATION_IS_DIRECTORY;
    private static final TransferOptions OPTIONS = new TransferOptions(4096, 2, FLAGS, 0,
            dev.rdcp.filter.FilterRules.NONE);
    /** Colliding names come up often (a directory, a file in it, the root), the plainly malformed ones now and then. */
    private static final String[] NAMES = {".", ".", "a", "a", "a/pwned", "a/pwned", "a/b", "link", "link/pwned"};
    /** Names the receiver must refuse outright, which end the session: rare, so most sequences go on. */
    private static final String[] MALFORMED = {"..", "../escape", "a/../../escape", "/abs", "a//b", "a/./b"};

    @TempDir
    Path temp;

    @Test
    void randomSequencesOverTheInProcessTransportStayInsideTheRoot() throws Exception {
        for (int i = 0; i < SEQUENCES; i++) {
            sequence(HostilePeer.Wire.LOOPBACK, SEED + i);
        }
    }

    @Test
    void randomSequencesOverTcpStayInsideTheRoot() throws Exception {
        for (int i = 0; i < Math.max(1, SEQUENCES / 20); i++) {
            sequence(HostilePeer.Wire.TCP, SEED - 1 - i);
        }
    }

    private void sequence(HostilePeer.Wire wire, long seed) throws Exception {
        sequence(temp, wire, seed);
    }

    /** Plays the sequence of {@code seed} over {@code wire} in a directory of its own under {@code temp}. */
    static void sequence(Path temp, HostilePeer.Wire wire, long seed) throws Exception {
        Path top = Files.createDirectory(temp.resolve("s" + seed));
        Path root = Files.createDirectory(top.resolve("root"));
        Path outside = Files.createDirectory(top.resolve("outside"));
        Files.createDirectory(outside.resolve("b"));
        Files.writeString(outside.resolve("secret"), "secret");
        Files.writeString(outside.resolve("pwned"), "old");
        Files.writeString(top.resolve("escape"), "old");
        Files.createDirectory(root.resolve("a"));
        Files.writeString(root.resolve("a").resolve("kept"), "kept");
        OutsideSnapshot before = OutsideSnapshot.of(top, root);
        List<String> script = new ArrayList<>();
        Random random = new Random(seed);
        try (HostilePeer peer = HostilePeer.start(wire, root, OPTIONS)) {
            play(peer, random, outside, script);
        }
        before.assertUnchanged("sequence seed " + seed + " over " + wire + " (replay: -Dhostile.seed=" + seed
                + " -Dhostile.sequences=1" + (wire == HostilePeer.Wire.LOOPBACK ? "" : ", in the " + wire + " test") + ")\n  "
                + String.join("\n  ", script) + "\n");
        PathUtils.deleteDirectory(top);
    }

    private static void play(HostilePeer peer, Random random, Path outside, List<String> script) {
        // The receiver takes data in the order it wanted the files: the oldest first.
        Map<Integer, Entry> wanted = new LinkedHashMap<>();
        List<String> files = new ArrayList<>();
        int index = 0;
        try {
            int steps = 1 + random.nextInt(16);
            for (int step = 0; step < steps; step++) {
                if (!wanted.isEmpty() && random.nextInt(3) == 0) {
                    Entry file = wanted.values().iterator().next();
                    wanted.remove(file.index());
                    byte[] data = new byte[(int) file.size()];
                    random.nextBytes(data);
                    script.add("CHUNKS " + file.index() + " (" + name(file) + ", " + data.length + " bytes)");
                    peer.chunk(file.index(), 0, data, true);
                    continue;
                }
                int count = 1 + random.nextInt(3);
                Entry[] entries = new Entry[count];
                for (int e = 0; e < count; e++) {
                    entries[e] = randomEntry(random, index++, outside, files);
                }
                script.add("ENTRIES " + describe(entries));
                for (Decision decision : peer.entries(entries)) {
                    if (decision.kind() != Decision.Kind.SKIP) {
                        for (Entry entry : entries) {
                            if (entry.index() == decision.index()) {
                                wanted.put(entry.index(), entry);
                            }
                        }
                    }
                }
            }
            while (!wanted.isEmpty()) {
                Entry file = wanted.values().iterator().next();
                wanted.remove(file.index());
                script.add("CHUNKS " + file.index() + " (" + name(file) + ")");
                peer.chunk(file.index(), 0, new byte[(int) file.size()], true);
            }
            script.add("END");
            peer.end();
        } catch (HostilePeer.ReceiverGone gone) {
            script.add("receiver ended: " + gone.getCause());
        }
    }

    /**
     * A random entry, its name often one the sequence used before (or that name's directory), so
     * entries collide and the same directory is listed, ended and replaced.
     */
    private static Entry randomEntry(Random random, int index, Path outside, List<String> files) {
        String name = random.nextInt(40) == 0 ? MALFORMED[random.nextInt(MALFORMED.length)]
                : NAMES[random.nextInt(NAMES.length)];
        if (!files.isEmpty() && random.nextInt(3) == 0) {
            String earlier = files.get(random.nextInt(files.size()));
            int slash = earlier.lastIndexOf('/');
            name = slash > 0 && random.nextBoolean() ? earlier.substring(0, slash) : earlier;
        }
        switch (random.nextInt(6)) {
            case 0:
                return dir(index, name);
            case 1:
                return dirEnd(index, random.nextInt(5) < 3 ? "." : name);
            case 2: {
                String[] targets = {outside.toString(), outside.toString(), outside.toString(), outside.toString(),
                    outside.toString(), outside.toString(), "../outside", "..", "a", outside.resolve("b").toString()};
                return symlink(index, name, targets[random.nextInt(targets.length)]);
            }
            case 3: {
                List<String> extras = new ArrayList<>(files);
                extras.add("../outside/secret");
                extras.add(outside.resolve("secret").toString());
                extras.add("link/secret");
                return hardlink(index, name, extras.get(random.nextInt(extras.size())));
            }
            default:
                files.add(name);
                return file(index, name, random.nextInt(3) * 7);
        }
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
