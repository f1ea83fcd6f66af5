package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** --partial-dir beside rsync: what it hides and protects, where it resumes from, and its usage errors. */
class PartialDirOptionTest extends SideBySideTest {

    private static final int BIG = 4 << 20;

    /** src: a, .p/stale, sub/b, sub/.p/x: the .p directories are the sender's own partial directories. */
    private void tree() throws Exception {
        SideBySide.write(sides.source, "a", 10);
        SideBySide.write(sides.source, ".p/stale", 20);
        SideBySide.write(sides.source, "sub/b", 30);
        SideBySide.write(sides.source, "sub/.p/x", 40);
    }

    @Test
    void partialDirectoriesAreNeitherSentNorDeletedOnAPush() throws Exception {
        tree();
        for (String side : List.of("rsync", "rdcp")) {
            SideBySide.write(sides.served.resolve(side), "d/sub/.p/other", 5);
            SideBySide.write(sides.served.resolve(side), "d/gone", 5);
        }

        sides.push(0, List.of("-a", "--delete", "--partial-dir=.p/"), "d/", "src/");

        Path pushed = sides.served.resolve("rdcp/d");
        assertFalse(Files.exists(pushed.resolve(".p")), "not sent");
        assertTrue(Files.exists(pushed.resolve("sub/.p/other")), "not deleted");
        assertFalse(Files.exists(pushed.resolve("gone")));
    }

    @Test
    void partialDirectoriesAreNotSentOnAPull() throws Exception {
        tree();
        sides.pull(List.of("-a", "--partial-dir=.p"), "", "pulled/");
        assertFalse(Files.exists(tmp.resolve("rdcp-pulled/sub/.p")));
        assertTrue(Files.exists(tmp.resolve("rdcp-pulled/sub/b")));
    }

    /** A daemon's receiver resumes from the kept file's whole chunks and removes the emptied directory. */
    @Test
    void aPushResumesFromTheFileKeptInThePartialDirectory() throws Exception {
        Path source = Cli.randomFile(sides.source.resolve("big"), BIG, 5);
        Path kept = Files.createDirectories(sides.served.resolve("rdcp/r/.p")).resolve("big");
        Files.write(kept, Arrays.copyOf(Files.readAllBytes(source), 3 << 20));

        Cli.Result result = sides.rdcp("-a", "--json", "--partial-dir=.p", source.toString(), "127.0.0.1::rdcp/r/");

        JsonResult json = JsonResult.of(result);
        assertEquals(0, result.exitCode(), result::toString);
        assertEquals(Cli.sha256(source), Cli.sha256(sides.served.resolve("rdcp/r/big")));
        assertFalse(Files.exists(kept.getParent()), "emptied, the partial directory goes");
        assertTrue(json.number("bytes_sent") < 2 << 20, "3 of 4 MiB kept, so about 1 MiB sent: " + result.out());
    }

    /** As rsync makes only DIR's last component: a file whose directory lacks the rest is received as without it. */
    @Test
    void aFileWhereThePartialDirectoryCannotBeMadeIsReceivedAsUsual() throws Exception {
        SideBySide.write(sides.source, "a", 10);
        SideBySide.write(sides.source, "x/y/kept", 20);
        SideBySide.write(sides.source, "sub/b", 30);

        sides.push(0, List.of("-a", "--partial-dir=x/y"), "d/", "src/");

        assertTrue(Files.exists(sides.served.resolve("rdcp/d/sub/b")));
        assertFalse(Files.exists(sides.served.resolve("rdcp/d/sub/x")), "no partial directory made there");
    }

    /** rsync writes each file under a temporary name and so copies one named as DIR too. */
    @Test
    void aFileNamedAsThePartialDirectoryIsReceived() throws Exception {
        SideBySide.write(sides.source, "p", 10);
        SideBySide.write(sides.source, "sub/p", 20);

        sides.push(0, List.of("-a", "--partial-dir=p"), "d/", "src/");

        assertTrue(Files.isRegularFile(sides.served.resolve("rdcp/d/sub/p")));
    }

    @Test
    void inplaceAndAppendConflictWithItAsInRsync() throws Exception {
        for (String option : List.of("--inplace", "--append")) {
            sides.assertUsageErrorAsRsync("-a", option, "--partial-dir=.p");
        }
    }

    /** rsync takes an absolute DIR; rdcp keeps partial files beneath each file's directory. */
    @Test
    void aPartialDirectoryOutsideTheFilesDirectoryIsAUsageError() throws Exception {
        SideBySide.write(sides.source, "a", 10);
        for (String directory : List.of("/tmp/elsewhere", "../up", ".")) {
            Cli.Result rdcp = sides.rdcp("-a", "--partial-dir=" + directory, sides.source + "/", "127.0.0.1::rdcp/");
            assertEquals(1, rdcp.exitCode(), rdcp::toString);
            assertTrue(rdcp.err().startsWith("rdcp: --partial-dir"), rdcp.err());
        }
        assertFalse(Files.exists(sides.served.resolve("rdcp/a")), "nothing copied");
    }
}
