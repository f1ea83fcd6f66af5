package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.apache.commons.io.file.PathUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * --open-noatime beside rsync: the sender reads files and directories without moving their
 * access times; where it may not (it neither owns them nor runs as root) the open fails with
 * EPERM and so does that entry (23), as rsync 3.5's does.
 */
@Timeout(120)
class OpenNoatimeTest extends SideBySideTest {

    private static final FileTime OLD_ACCESS = FileTime.from(Instant.parse("2020-01-02T03:04:05Z"));

    private static FileTime accessed(Path path) throws Exception {
        return (FileTime) Files.getAttribute(path, "lastAccessTime");
    }

    @Test
    void aPushLeavesTheSourcesAccessTimes() throws Exception {
        SideBySide.write(sides.source, "a", 10);
        SideBySide.write(sides.source, "d/f", 20);
        List<Path> read = List.of(sides.source.resolve("a"), sides.source.resolve("d/f"), sides.source.resolve("d"));
        Files.setAttribute(read.get(0), "lastAccessTime", OLD_ACCESS);
        Files.readAllBytes(read.get(0));
        assertTrue(!OLD_ACCESS.equals(accessed(read.get(0))),
                "the test needs a file system that records access times (relatime)");
        for (Path path : read) {
            Files.setAttribute(path, "lastAccessTime", OLD_ACCESS);
        }

        sides.push(0, List.of("-a", "--open-noatime"), "", "src/");

        for (Path path : read) {
            assertEquals(OLD_ACCESS, accessed(path), path.toString());
        }
    }

    /** A daemon running as nobody pulls from files root owns: each it would read fails, as rsync's does. */
    @Test
    void whatTheSenderMayNotOpenSoFailsAlone() throws Exception {
        Path dir = Files.createTempDirectory(Path.of("/tmp"), "rdcp-noatime-");
        try {
            // Its directories nobody's: only the file is not the sender's own.
            Path served = NobodyDaemon.servedTree(dir);
            Files.writeString(served.resolve("f"), "root's");
            try (NobodyDaemon daemon = new NobodyDaemon(dir.resolve("served"), dir.resolve("daemon.log"), "--read-only")) {
                Cli.Result plain = Cli.rdcp("--transport", "tcp", "--port", daemon.port(), "-r", "127.0.0.1::tree/",
                        dir.resolve("plain") + "/");
                assertEquals(0, plain.exitCode(), plain.toString());

                Cli.Result result = Cli.rdcp("--transport", "tcp", "--port", daemon.port(), "-r", "--open-noatime",
                        "127.0.0.1::tree/", dir.resolve("noatime") + "/");

                assertEquals(23, result.exitCode(), result.toString());
                assertEquals(List.of("rdcp: f: Operation not permitted"), result.err().lines()
                        .filter(l -> !l.startsWith("rdcp: warning")).toList());
                assertTrue(Files.notExists(dir.resolve("noatime/f")));
            }
        } finally {
            PathUtils.deleteDirectory(dir);
        }
    }
}
