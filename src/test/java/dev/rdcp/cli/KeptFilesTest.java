package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
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
}
