package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file -u or --ignore-existing keeps is left as rsync leaves it: untouched, its time and mode
 * too, and not itemized (the VM's option table found rdcp giving it the source's time).
 */
class KeptFilesTest {

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"-u", "--ignore-existing"})
    void aKeptFileKeepsItsOwnTimeAndMode(String option) throws Exception {
        try (SideBySide sides = new SideBySide(tmp)) {
            SideBySide.write(sides.source, "kept.txt", 30);
            FileTime newer = FileTime.from(SideBySide.OLD.plusSeconds(86_400));
            for (String side : List.of("rsync", "rdcp")) {
                Path root = sides.served.resolve(side);
                SideBySide.write(root, "d/kept.txt", 31);
                Files.setLastModifiedTime(root.resolve("d/kept.txt"), newer);
                Files.setPosixFilePermissions(root.resolve("d/kept.txt"),
                        java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
            }
            Cli.Result result = sides.push(0, List.of("-a", "-ii", option), "d/", "src/");
            assertEquals(newer, Files.getLastModifiedTime(sides.served.resolve("rdcp/d/kept.txt")));
            assertEquals(false, result.out().contains("kept.txt"), result.out());
        }
    }

    /**
     * As rsync's --ignore-existing, whatever stands at a name stays, of any type: a file or
     * symlink where the source has a symlink, a file where it has a directory, which is then not
     * entered (a file the source has beneath it fails, 23), a directory where it has a file.
     */
    @Test
    void ignoreExistingKeepsWhatStandsThereWhateverItsType() throws Exception {
        try (SideBySide sides = new SideBySide(tmp)) {
            SideBySide.symlink(sides.source, "file-there", "t1");
            SideBySide.symlink(sides.source, "link-there", "t2");
            SideBySide.datedDirectory(sides.source.resolve("empty"));
            SideBySide.write(sides.source, "dir-there", 5);
            for (String side : List.of("rsync", "rdcp")) {
                Path root = sides.served.resolve(side + "/d");
                SideBySide.write(root, "file-there", 3);
                SideBySide.symlink(root, "link-there", "old");
                SideBySide.write(root, "empty", 4);
                SideBySide.write(root, "dir-there/inside", 6);
                // The same time as the source's top: no ".d..t......" line hangs on a second's boundary.
                SideBySide.datedDirectory(root);
            }
            SideBySide.datedDirectory(sides.source);

            SideBySide.Outputs kept = sides.push(0, new byte[0], List.of("-a", "-i", "--ignore-existing"), "d/", "src/");
            assertEquals(List.of(), kept.rdcp().out().lines().toList());
            assertEquals("old", Files.readSymbolicLink(sides.rdcpCopy("d/link-there")).toString());

            SideBySide.write(sides.source, "empty/beneath", 7);
            // rsync gives the file it kept the directory's time: the same time either way here.
            SideBySide.datedDirectory(sides.source.resolve("empty"));
            sides.push(23, List.of("-a", "--ignore-existing"), "d/", "src/");
            assertTrue(Files.isRegularFile(sides.rdcpCopy("d/empty"), LinkOption.NOFOLLOW_LINKS));
        }
    }
}
