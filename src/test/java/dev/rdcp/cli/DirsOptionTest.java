package dev.rdcp.cli;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * -d into a destination that does not exist yet, beside rsync: "SRC/" fills a new directory with
 * SRC's top level (the VM's option table found rdcp taking it for a file name), "SRC" becomes it.
 */
class DirsOptionTest {

    @TempDir
    Path tmp;

    @Test
    void dirsIntoANewDestinationMakesTheDirectoryRsyncMakes() throws Exception {
        try (SideBySide sides = new SideBySide(tmp).withoutFileTimes()) {
            SideBySide.write(sides.source, "a.txt", 10);
            SideBySide.write(sides.source, "sub/deep.txt", 20);
            sides.push(0, List.of("-d"), "contents", "src/");
            sides.push(0, List.of("-d"), "itself", "src");
            sides.pull(List.of("-d"), "", "pulled");
        }
    }
}
