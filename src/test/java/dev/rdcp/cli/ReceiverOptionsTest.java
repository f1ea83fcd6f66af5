package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** How the receiver writes files (--fsync, ...), beside rsync, and in the system calls it makes. */
class ReceiverOptionsTest extends SideBySideTest {

    private static final Pattern FSYNC = Pattern.compile("fsync\\(\\d+<([^>]*)>\\)");
    private static final Pattern FALLOCATE = Pattern.compile("fallocate\\(\\d+<([^>]*)>, (FALLOC_FL_KEEP_SIZE|0), 0, (\\d+)\\)");
    /** A temporary name: ".NAME.RANDOM.rdcp-tmp". */
    private static final Pattern TEMPORARY = Pattern.compile("\\.(.*)\\.[0-9a-z]+\\.rdcp-tmp");
    private static final int MIB = 1 << 20;
    private static final Pattern RENAME = Pattern.compile("renameat2?\\(\\d+<([^>]*)>, \"([^\"]*)\", \\d+<[^>]*>, \"([^\"]*)\"");

    /** src: a, d/f (100 kB), link -> a. */
    @BeforeEach
    void tree() throws Exception {
        SideBySide.write(sides.source, "a", 10);
        SideBySide.write(sides.source, "d/f", 100_000);
        SideBySide.symlink(sides.source, "link", "a");
    }

    /** --fsync: as rsync's, each file (not a symlink) is synced before it is renamed to its name. */
    @Test
    void fsyncSyncsEachFileBeforeItsRename() throws Exception {
        sides.push(0, List.of("-a", "--fsync"), "pushed/", "src/");

        TracedRdcp.Run synced = TracedRdcp.run(tmp, "fsync,renameat,renameat2", "-a", "--fsync", "src/", "synced/");
        assertEquals(0, synced.exitCode(), synced.output());
        assertEquals(List.of("synced/a", "synced/d/f"), syncedBeforeRename(synced.calls(), tmp.resolve("synced")));

        TracedRdcp.Run plain = TracedRdcp.run(tmp, "fsync,renameat,renameat2", "-a", "src/", "plain/");
        assertEquals(0, plain.exitCode(), plain.output());
        assertEquals(List.of(), syncedBeforeRename(plain.calls(), tmp.resolve("plain")));
    }

    /**
     * --preallocate: as rsync's, the blocks of each file but an empty one are allocated before its
     * data, beyond its size; with -S at its full size, the zeros punched out afterwards, so holes
     * stay holes. The trees are rsync's.
     */
    @Test
    void preallocateAllocatesEachFileBeforeItsData() throws Exception {
        SideBySide.write(sides.source, "empty", 0);
        byte[] holes = new byte[3 * MIB];
        Arrays.fill(holes, 0, 100_000, (byte) 7);
        Files.write(sides.source.resolve("holes"), holes);
        Files.setLastModifiedTime(sides.source.resolve("holes"), FileTime.from(SideBySide.OLD));
        sides.push(0, List.of("-a", "--preallocate"), "pre/", "src/");
        sides.push(0, List.of("-aS", "--preallocate"), "sparse/", "src/");
        assertTrue(SparseOptionsTest.blocks(sides.served.resolve("rdcp/sparse/holes")) * 512 < MIB,
                "the zeros are holes");

        TracedRdcp.Run allocated = TracedRdcp.run(tmp, "fallocate", "-a", "--preallocate", "src/", "local/");
        assertEquals(0, allocated.exitCode(), allocated.output());
        assertEquals(List.of("a FALLOC_FL_KEEP_SIZE 10", "d/f FALLOC_FL_KEEP_SIZE 100000",
                "holes FALLOC_FL_KEEP_SIZE " + holes.length), allocations(allocated.calls(), tmp.resolve("local")));
        TracedRdcp.Run sparse = TracedRdcp.run(tmp, "fallocate", "-aS", "--preallocate", "src/", "sparse/");
        assertEquals(0, sparse.exitCode(), sparse.output());
        assertEquals(List.of("a 0 10", "d/f 0 100000", "holes 0 " + holes.length),
                allocations(sparse.calls(), tmp.resolve("sparse")));
    }

    /**
     * The allocations ahead (not the holes punched) of files received into {@code destination}:
     * each file's name, the fallocate mode and length, sorted.
     */
    private static List<String> allocations(List<String> calls, Path destination) {
        List<String> allocations = new ArrayList<>();
        for (String call : calls) {
            Matcher allocation = FALLOCATE.matcher(call);
            if (allocation.find() && Path.of(allocation.group(1)).startsWith(destination)) {
                Path temp = destination.relativize(Path.of(allocation.group(1)));
                Matcher leaf = TEMPORARY.matcher(temp.getFileName().toString());
                assertTrue(leaf.matches(), call);
                allocations.add(temp.resolveSibling(leaf.group(1)) + " " + allocation.group(2) + " "
                        + allocation.group(3));
            }
        }
        return allocations.stream().sorted().toList();
    }

    /**
     * -E without -p, pushed and pulled beside rsync: an existing file follows the sender's in being
     * executable or not (execute added where it can be read), whether its data moves or not; a
     * new one takes the sender's mode less the umask; -i shows p for each change.
     */
    @Test
    void executabilityFollowsTheSender() throws Exception {
        executables(sides.source.resolve("x"), 0754, 0640, 0755);
        for (Path there : List.of(sides.served.resolve("rsync/x"), sides.served.resolve("rdcp/x"),
                tmp.resolve("rsync-p"), tmp.resolve("rdcp-p"))) {
            executables(there, 0640, 0751, 0604);
            SideBySide.datedDirectory(there);
        }
        SideBySide.writeText(sides.source, "x/changed", "new content");
        // The same time on both tops: neither tool lists "./", whichever second each was made in.
        SideBySide.datedDirectory(sides.source.resolve("x"));
        sides.push(0, List.of("-rtE"), "x/", "src/x/");
        assertEquals(List.of(0750, 0640, 0705), modes(sides.served.resolve("rdcp/x")));

        RsyncComparison.rsync(tmp, "-rtp", "src/x/", sides.served.resolve("exported") + "/");
        List<List<String>> lines = sides.pullLines("-rtiE");
        assertEquals(List.of(".f...p..... lost", ".f...p..... made", ">f.s.p..... changed"), lines.get(0));
        assertEquals(lines.get(0), lines.get(1));
        assertEquals(List.of(0750, 0640, 0705), modes(tmp.resolve("rdcp-p")));
    }

    /** Files made, lost and changed in {@code directory}, with these modes, dated {@link SideBySide#OLD}. */
    private static void executables(Path directory, int made, int lost, int changed) throws Exception {
        int[] modes = {made, lost, changed};
        List<String> names = List.of("made", "lost", "changed");
        for (int i = 0; i < modes.length; i++) {
            SideBySide.writeText(directory, names.get(i), "same");
            SideBySide.chmod(directory.resolve(names.get(i)), modes[i]);
        }
    }

    /** The modes of made, lost and changed in {@code directory}. */
    private static List<Integer> modes(Path directory) throws Exception {
        List<Integer> modes = new ArrayList<>();
        for (String name : List.of("made", "lost", "changed")) {
            modes.add(SideBySide.mode(directory.resolve(name)));
        }
        return modes;
    }

    /**
     * --delete-missing-args beside rsync: what the receiver has under a source that does not exist
     * goes (a non-empty directory only with --delete or --force, else rsync's note), exit 0; pushed, and
     * pulled with --files-from names.
     */
    @Test
    void deleteMissingArgsDeletesWhatTheSenderLacks() throws Exception {
        for (Path there : List.of(sides.served.resolve("rsync/m"), sides.served.resolve("rdcp/m"),
                tmp.resolve("rsync-pulled"), tmp.resolve("rdcp-pulled"))) {
            missingHere(there);
        }
        List<String> sources = List.of("src/a", "src/empty", "src/full", "src/gone", "src/link", "src/none");
        List<String> rsyncArgs = new ArrayList<>(List.of("-ai", "--delete-missing-args"));
        rsyncArgs.addAll(sources);
        rsyncArgs.add("served/rsync/m/");
        RsyncComparison.Run rsync = RsyncComparison.run(tmp, rsyncArgs.toArray(String[]::new));
        Cli.Result rdcp = sides.push(0, List.of("-ai", "--delete-missing-args"), "m/", sources.toArray(String[]::new));
        assertEquals(List.of("*deleting   empty/", "*deleting   gone", "cannot delete non-empty directory: full"),
                deletions(rsync.output()));
        assertEquals(deletions(rsync.output()), deletions(rdcp.out()));

        sides.push(0, List.of("-a", "--force", "--delete-missing-args"), "m/", "src/full");
        assertFalse(Files.exists(sides.served.resolve("rdcp/m/full")));

        Path list = Files.writeString(tmp.resolve("list"), "a\ngone\nd/gone\n");
        sides.pull(List.of("-a", "--delete-missing-args", "--files-from=" + list), "", "pulled/");
        assertFalse(Files.exists(tmp.resolve("rdcp-pulled/d/gone")));
    }

    /** What a missing source leaves on the receiver: gone, full/f, full/sub/g, empty/, d/gone. */
    private static void missingHere(Path there) throws Exception {
        SideBySide.write(there, "gone", 3);
        SideBySide.write(there, "full/f", 4);
        SideBySide.write(there, "full/sub/g", 5);
        Files.createDirectories(there.resolve("empty"));
        SideBySide.write(there, "d/gone", 6);
    }

    /** The deletion lines and notes of an -i run, sorted. */
    private static List<String> deletions(String output) {
        return output.lines().filter(line -> line.startsWith("*deleting") || line.startsWith("cannot delete")).sorted()
                .toList();
    }

    /**
     * The names beneath {@code destination} (relative to the scratch directory) whose temporary
     * file was fsynced before it was renamed to them, in the order of the renames.
     */
    private List<String> syncedBeforeRename(List<String> calls, Path destination) {
        List<String> synced = new ArrayList<>();
        List<String> named = new ArrayList<>();
        for (String call : calls) {
            Matcher fsync = FSYNC.matcher(call);
            Matcher rename = RENAME.matcher(call);
            if (fsync.find()) {
                synced.add(fsync.group(1));
            } else if (rename.find() && Path.of(rename.group(1)).startsWith(destination)
                    && synced.contains(rename.group(1) + "/" + rename.group(2))) {
                named.add(tmp.relativize(Path.of(rename.group(1), rename.group(3))).toString());
            }
        }
        return named;
    }
}
