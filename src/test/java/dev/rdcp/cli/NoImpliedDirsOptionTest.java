package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** --no-implied-dirs beside rsync: the implied directories are not sent, and a symlink in their place is kept. */
class NoImpliedDirsOptionTest extends SideBySideTest {

    /** src/path (mode 0700) /foo/file and /foo/sub/x, the directories dated long ago. */
    private void tree() throws Exception {
        SideBySide.write(sides.source, "path/foo/file", 10);
        SideBySide.write(sides.source, "path/foo/sub/x", 20);
        SideBySide.chmod(sides.source.resolve("path"), 0700);
        SideBySide.datedDirectory(sides.source.resolve("path"));
    }

    /** As rsync: the file goes where the symlink leads, which stays; the -v lines name the file alone. */
    @Test
    void aPushKeepsASymlinkInPlaceOfAnImpliedDirectory() throws Exception {
        tree();
        for (String side : List.of("rsync", "rdcp")) {
            Path destination = Files.createDirectories(sides.served.resolve(side + "/d/path/bar"));
            SideBySide.symlink(destination.getParent(), "foo", "bar");
        }

        SideBySide.Outputs outputs = sides.push(0, new byte[0],
                List.of("-a", "-R", "--no-implied-dirs", "--out-format=%n"), "d/", "src/./path/foo/file");

        assertEquals(outputs.rsync().lines().toList(), outputs.rdcp().out().lines().toList());
        assertEquals(List.of("path/foo/file"), outputs.rdcp().out().lines().toList());
        assertTrue(Files.isSymbolicLink(sides.rdcpCopy("d/path/foo")));
        assertTrue(Files.isRegularFile(sides.rdcpCopy("d/path/bar/file"), LinkOption.NOFOLLOW_LINKS));
    }

    /** Missing implied directories are made with default attributes: not the source's 0700. */
    @Test
    void aPushMakesMissingImpliedDirectoriesWithDefaultAttributes() throws Exception {
        tree();

        sides.push(0, List.of("-a", "-R", "--no-implied-dirs"), "d/", "src/./path/foo/sub/x");

        // The trees' modes are rsync's, checked by push: here, that they are not the source's.
        assertNotEquals(0700, SideBySide.mode(sides.rdcpCopy("d/path")) & 0777);
        assertTrue(Files.isRegularFile(sides.rdcpCopy("d/path/foo/sub/x")));
    }

    /** On a pull the daemon's sender leaves the implied directories out: the flag travels in the REQUEST. */
    @Test
    void aPullLeavesTheImpliedDirectoriesOut() throws Exception {
        tree();
        for (String side : List.of("rsync", "rdcp")) {
            Path destination = Files.createDirectories(tmp.resolve(side + "-pulled/path/bar"));
            SideBySide.symlink(destination.getParent(), "foo", "bar");
        }

        sides.pull(List.of("-a", "-R", "--no-implied-dirs"), "./path/foo/sub", "pulled/");

        assertTrue(Files.isSymbolicLink(tmp.resolve("rdcp-pulled/path/foo")));
        assertTrue(Files.isRegularFile(tmp.resolve("rdcp-pulled/path/bar/sub/x")));
    }

    /** As rsync: a directory named after one of its files is sent then, in full, and --delete keeps that file. */
    @Test
    void aDirectoryNamedAfterOneOfItsFilesIsSentAsRsyncSendsIt() throws Exception {
        tree();

        sides.push(0, List.of("-a", "-R", "--no-implied-dirs", "--delete"), "d/", "src/./path/foo/file",
                "src/./path");

        assertTrue(Files.isRegularFile(sides.rdcpCopy("d/path/foo/file")));
        assertTrue(Files.isRegularFile(sides.rdcpCopy("d/path/foo/sub/x")));
    }

    /** Without -R (or --files-from) rsync ignores it, and so does rdcp: nothing is implied. */
    @Test
    void withoutRelativeItChangesNothing() throws Exception {
        tree();

        sides.push(0, List.of("-a", "--no-implied-dirs"), "d/", "src/");

        assertEquals(0700, SideBySide.mode(sides.rdcpCopy("d/path")) & 0777);
    }
}
