package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client runs one session: its walk may hold its descriptor limit less a reserve, where a
 * daemon's sessions, which share the daemon's, hold a 32nd each. Under a limit of 512 a local
 * copy of a tree 60 levels deep arrives whole (review: it stopped at 32 levels, exit 23).
 */
@Timeout(120)
class ClientWalkDepthTest {

    private static final int LEVELS = 60;

    @TempDir
    Path dir;

    @Test
    void aClientUnderALowDescriptorLimitWalksPastADaemonsShare() throws Exception {
        Path deepest = dir.resolve("src");
        for (int i = 0; i < LEVELS; i++) {
            deepest = deepest.resolve("d");
        }
        Files.createDirectories(deepest);
        Files.writeString(deepest.resolve("bottom"), "reached");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process copy = new ProcessBuilder("prlimit", "--nofile=512:512", java.toString(), "-cp",
                System.getProperty("java.class.path"), "dev.rdcp.cli.Main", "-a", dir.resolve("src") + "/",
                dir.resolve("dst") + "/").redirectErrorStream(true).start();
        String said = new String(copy.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, copy.waitFor(), said);
        assertEquals("reached", Files.readString(dir.resolve("dst").resolve(dir.resolve("src").relativize(deepest))
                .resolve("bottom")));
    }
}
