package dev.rdcp.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One case per rsync option of the drop-in list, over RDMA on rxe0: rsync and rdcp each copy the
 * same source onto the same destination (stale, extra and newer files in it), pushing to a daemon
 * and pulling from one, and the two resulting trees must be the same and both runs end with the
 * same exit code. Options with their own VM tests (-i, the receiver rules, owners, fpsync's) are
 * not repeated here.
 */
@Tag("vm")
class RsyncOptionsVmTest {

    @TempDir
    Path tmp;

    static Stream<Arguments> options() {
        return Stream.of(
                Arguments.of(List.of("-a")),
                Arguments.of(List.of("-rlpt")),
                Arguments.of(List.of("-r")),
                Arguments.of(List.of("-d")),
                Arguments.of(List.of("-aH")),
                Arguments.of(List.of("-a", "--delete")),
                Arguments.of(List.of("-a", "--delete-after")),
                Arguments.of(List.of("-a", "--delete-delay")),
                Arguments.of(List.of("-a", "--delete", "--exclude=*.tmp", "--delete-excluded")),
                Arguments.of(List.of("-a", "-u")),
                Arguments.of(List.of("-a", "--size-only")),
                Arguments.of(List.of("-a", "-c")),
                Arguments.of(List.of("-a", "--ignore-existing")),
                Arguments.of(List.of("-a", "-b", "--suffix=.old")),
                Arguments.of(List.of("-a", "--delete", "--backup-dir=bak")),
                Arguments.of(List.of("-a", "--partial", "-P", "-h")),
                Arguments.of(List.of("-a", "-z", "-W", "--numeric-ids")),
                Arguments.of(List.of("-aR")),
                Arguments.of(List.of("-a", "--files-from=" + LIST, "--from0")),
                Arguments.of(List.of("-rlptD", "--exclude=a/b/")));
    }

    /** Stands for the NUL-separated name list the case's --files-from reads. */
    private static final String LIST = "{list}";

    /** The source: files, a nested tree, a symlink, a hard link pair, and a file the filters exclude. */
    private static void source(SideBySide sides) throws Exception {
        SideBySide.write(sides.source, "top.txt", 100);
        SideBySide.write(sides.source, "same.txt", 64);
        SideBySide.write(sides.source, "newer-there.txt", 30);
        SideBySide.write(sides.source, "a/one.bin", 70_000);
        SideBySide.write(sides.source, "a/b/two.bin", 3);
        SideBySide.write(sides.source, "a/scratch.tmp", 9);
        SideBySide.write(sides.source, "empty/.keep", 0);
        Files.delete(sides.source.resolve("empty/.keep"));
        SideBySide.symlink(sides.source, "a/link", "one.bin");
        Files.createLink(sides.source.resolve("a/hard"), sides.source.resolve("a/one.bin"));
    }

    /** What DESTINATION holds before the copy, the same on both sides. */
    private static void staleDestination(SideBySide sides, String destination) throws Exception {
        sides.bothSides(destination + "same.txt", 64);
        sides.bothSides(destination + "top.txt", 99);
        sides.bothSides(destination + "extra.txt", 5);
        sides.bothSides(destination + "a/extra/deep.txt", 6);
        sides.bothSides(destination + "a/scratch.tmp", 9);
        for (String side : List.of("rsync", "rdcp")) {
            Path newer = sides.served.resolve(side).resolve(destination + "newer-there.txt");
            SideBySide.write(sides.served.resolve(side), destination + "newer-there.txt", 31);
            Files.setLastModifiedTime(newer, java.nio.file.attribute.FileTime.from(SideBySide.OLD.plusSeconds(86_400)));
        }
    }

    @ParameterizedTest
    @MethodSource("options")
    void rdcpLeavesRsyncsTree(List<String> options) throws Exception {
        try (SideBySide sides = SideBySide.overRdma(tmp)) {
            if (!options.contains("-a") && !options.get(0).contains("t")) {
                sides.withoutFileTimes();
            }
            source(sides);
            staleDestination(sides, "pushed/");
            Path list = Files.write(tmp.resolve("names0"), "top.txt\0a/b/two.bin\0a/link\0".getBytes());
            List<String> resolved = options.stream().map(o -> o.replace(LIST, list.toString())).toList();
            // -R keeps the path after "/./": here a/..., as rsync.
            sides.push(0, resolved, "pushed/", options.contains("-aR") ? "src/./a" : "src/");
            if (!options.contains("-aR")) {
                sides.pull(new ArrayList<>(resolved), "", "pulled/");
            }
        }
    }
}
