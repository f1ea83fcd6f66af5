package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The modes rsync gives what it receives, with -p and without, run by rdcp (over TCP, to and
 * from an in-process daemon) and by rsync on the same trees: the trees, modes included, compared.
 */
class PermissionOptionsTest extends SideBySideTest {

    /** key 0600, run 0750, priv/ 0700 with a file 0640, and a plain 0644 file. */
    private void sourceTree() throws Exception {
        SideBySide.write(sides.source, "key", 10, 0600);
        SideBySide.write(sides.source, "run", 10, 0750);
        SideBySide.write(sides.source, "priv/inner", 10, 0640);
        SideBySide.chmod(sides.source.resolve("priv"), 0700);
        SideBySide.write(sides.source, "plain", 10, 0644);
    }

    /** Without -p a new file gets the sender's mode less the umask: a private file stays private. */
    @Test
    void withoutPermsNewFilesTakeTheSendersModeLessTheUmask() throws Exception {
        sourceTree();
        sides.withoutFileTimes().push(0, List.of("-r"), "", "src/");
        assertEquals(0600, SideBySide.mode(sides.served.resolve("rdcp/key")));
        assertEquals(0700, SideBySide.mode(sides.served.resolve("rdcp/priv")));
    }

    /** Without -p a file that replaces one keeps the mode of the one it replaces. */
    @Test
    void withoutPermsAnUpdatedFileKeepsItsMode() throws Exception {
        sourceTree();
        for (String side : List.of("rsync", "rdcp")) {
            Path there = sides.served.resolve(side);
            SideBySide.write(there, "plain", 20, 0600);
            SideBySide.write(there, "run", 30, 0755);
        }
        sides.withoutFileTimes().push(0, List.of("-r"), "", "src/");
        assertEquals(0600, SideBySide.mode(sides.served.resolve("rdcp/plain")));
    }

    /** -p keeps the sticky bit and a directory's set-group-ID bit, as rsync does. */
    @Test
    void withPermsTheStickyAndSetGroupIdBitsOfDirectoriesStay() throws Exception {
        SideBySide.write(sides.source, "shared/f", 10);
        SideBySide.chmod(sides.source.resolve("shared"), 01777);
        SideBySide.write(sides.source, "project/f", 10);
        SideBySide.chmod(sides.source.resolve("project"), 02775);
        sides.push(0, List.of("-a"), "", "src/");
        assertEquals(Map.of("shared", 01777, "project", 02775),
                Map.of("shared", SideBySide.mode(sides.served.resolve("rdcp/shared")),
                        "project", SideBySide.mode(sides.served.resolve("rdcp/project"))));
    }

    /**
     * Without -p a replaced file keeps its mode, but a daemon still leaves set-ID bits off: a
     * client must not put its own content under a set-user-ID file, written in place or not.
     */
    @Test
    void aDaemonDropsSetIdBitsOfAFileAClientReplacesWithoutPerms() throws Exception {
        SideBySide.write(sides.source, "tool", 10);
        SideBySide.write(sides.source, "inplace", 10);
        Path there = Files.createDirectories(sides.served.resolve("rdcp"));
        for (String name : List.of("tool", "inplace")) {
            SideBySide.write(there, name, 20, 04755);
        }
        Cli.Result pushed = sides.rdcp("-r", sides.source + "/tool", "127.0.0.1::rdcp/");
        assertEquals(0, pushed.exitCode(), pushed.toString());
        Cli.Result inPlace = sides.rdcp("-r", "--inplace", sides.source + "/inplace", "127.0.0.1::rdcp/");
        assertEquals(0, inPlace.exitCode(), inPlace.toString());
        assertEquals(Map.of("tool", 0755, "inplace", 0755),
                Map.of("tool", SideBySide.mode(there.resolve("tool")),
                        "inplace", SideBySide.mode(there.resolve("inplace"))));
    }

    /**
     * A client receiving with -p keeps a file's set-user-ID and set-group-ID bits, as rsync; a
     * daemon gives no client's file privilege.
     */
    @Test
    void setIdBitsOfFilesReachAClientButNotADaemon() throws Exception {
        SideBySide.write(sides.source, "tool", 10, 06755);
        sides.pull(List.of("-a"), "", "pulled/");
        assertEquals(06755, SideBySide.mode(tmp.resolve("rdcp-pulled/tool")));
        Files.createDirectories(sides.served.resolve("rdcp"));
        Cli.Result pushed = sides.rdcp("-a", sides.source + "/", "127.0.0.1::rdcp/pushed/");
        assertEquals(0, pushed.exitCode(), pushed.toString());
        assertEquals(0755, SideBySide.mode(sides.served.resolve("rdcp/pushed/tool")));
    }
}
