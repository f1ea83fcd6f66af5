package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * --chmod beside rsync: pushes to and pulls from the in-process daemon, the trees (modes
 * included) and the -i lines compared with rsync's for the same runs.
 */
class ChmodOptionTest extends SideBySideTest {

    private static final String TIERED = "Du=rwx,go=rx,Fu=rw,go=r";

    /** src: key 0600, run 0750, priv/ 0700 with inner 0640, shared/ 02775, link -> key. */
    @BeforeEach
    void tree() throws Exception {
        SideBySide.write(sides.source, "key", 10, 0600);
        SideBySide.write(sides.source, "run", 20, 0750);
        SideBySide.write(sides.source, "priv/inner", 30, 0640);
        SideBySide.chmod(sides.source.resolve("priv"), 0700);
        Files.createDirectories(sides.source.resolve("shared"));
        SideBySide.chmod(sides.source.resolve("shared"), 02775);
        SideBySide.symlink(sides.source, "link", "key");
    }

    /** rsync's man page example and octal modes, pushed and pulled: the trees are rsync's. */
    @Test
    void pushesAndPullsTakeTheChangedModes() throws Exception {
        sides.push(0, List.of("-a", "--chmod=" + TIERED), "tiered/", "src/");
        // Clauses without D or F apply to both: go=r comes last for directories too.
        assertEquals(0744, SideBySide.mode(sides.served.resolve("rdcp/tiered/priv")));
        assertEquals(02744, SideBySide.mode(sides.served.resolve("rdcp/tiered/shared")), "= leaves set-group-ID alone");
        sides.push(0, List.of("-a", "--chmod=D750", "--chmod=F640"), "octal/", "src/");
        sides.pull(List.of("-a", "--chmod=" + TIERED), "", "tiered/");
        sides.pull(List.of("-a", "--chmod=a+X,g-r"), "", "executable/");
        assertEquals(0711, SideBySide.mode(tmp.resolve("rdcp-executable/run")));
        assertEquals(0600, SideBySide.mode(tmp.resolve("rdcp-executable/key")), "X adds execute only where some was");
    }

    /**
     * Without -p, as rsync: a new file or directory takes the changed mode less the umask, an
     * existing one keeps its own.
     */
    @Test
    void withoutPermsOnlyNewEntriesTakeIt() throws Exception {
        for (String side : List.of("rsync", "rdcp")) {
            Path there = sides.served.resolve(side).resolve("kept");
            SideBySide.write(there, "key", 5, 0604);
        }
        sides.push(0, List.of("-rlt", "--chmod=F755,D700"), "kept/", "src/");
        assertEquals(0604, SideBySide.mode(sides.served.resolve("rdcp/kept/key")));
        assertEquals(0755, SideBySide.mode(sides.served.resolve("rdcp/kept/priv/inner")));
        assertEquals(0700, SideBySide.mode(sides.served.resolve("rdcp/kept/shared")));

        sides.pull(List.of("-rlt", "--chmod=F755,D700"), "", "new/");
        assertEquals(0755, SideBySide.mode(tmp.resolve("rdcp-new/key")));
    }

    /** -i shows p for the modes --chmod changes, with -p only, as rsync's lines do. */
    @Test
    void itemizedLinesShowThePermissionsItChanges() throws Exception {
        RsyncComparison.rsync(tmp, "-a", "src/", Files.createDirectories(sides.served.resolve("exported")) + "/");
        sides.pullLines("-a");
        List<List<String>> changed = sides.pullLines("-ai", "--chmod=" + TIERED);
        assertEquals(List.of(".d...p..... ./", ".d...p..... priv/", ".d...p..... shared/", ".f...p..... key",
                ".f...p..... priv/inner", ".f...p..... run"), changed.get(0));
        assertEquals(changed.get(0), changed.get(1));

        List<List<String>> withoutPerms = sides.pullLines("-rlti", "--chmod=F777");
        assertEquals(List.of(), withoutPerms.get(0));
        assertEquals(withoutPerms.get(0), withoutPerms.get(1));
    }

    /** --list-only shows the changed modes, as rsync's does. */
    @Test
    void listOnlyShowsTheChangedModes() throws Exception {
        String rsync = RsyncComparison.rsync(tmp, "--list-only", "--chmod=F600,D700", "src/");
        Cli.Result rdcp = Cli.rdcp("--list-only", "--chmod=F600,D700", tmp.resolve("src") + "/");
        assertEquals(0, rdcp.exitCode(), rdcp.toString());
        assertEquals(modes(rsync), modes(rdcp.out()));
    }

    /** The permission column and name of each listed line, sorted. */
    private static List<String> modes(String listing) {
        return listing.lines().map(line -> line.substring(0, 10) + line.substring(line.lastIndexOf(' '))).sorted()
                .toList();
    }

    /** A malformed CHMOD stops rdcp with rsync's message and exit code, before any connection. */
    @Test
    void aMalformedSpecIsRsyncsUsageError() throws Exception {
        for (String spec : List.of("u+q", "DFu+x", "Du+x,,Fu+x", "17777", "u+rg")) {
            sides.assertUsageErrorAsRsync("-a", "--chmod=" + spec);
        }
    }
}
