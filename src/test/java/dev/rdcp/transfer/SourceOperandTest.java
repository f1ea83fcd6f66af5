package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourceOperandTest {

    @Test
    void aTrailingSlashOrADotMeansTheContents() {
        assertTrue(SourceOperand.parse("src/").contents());
        assertTrue(SourceOperand.parse(".").contents());
        assertTrue(SourceOperand.parse("a/.").contents());
        assertFalse(SourceOperand.parse("src").contents());
    }

    @Test
    void filesFromPathsLoseTheirLeadingSlashAndStayUnderTheBase() throws Exception {
        assertEquals("etc/shadow", SourceOperand.checkedRelative("/etc/shadow"));
        assertEquals("a/b", SourceOperand.checkedRelative("a/b"));
        assertEquals(Path.of("/base/etc/shadow"), SourceOperand.relative(Path.of("/base"),
                SourceOperand.checkedRelative("//etc/shadow")).path());
    }

    /** A leading "./" lists the base directory first, as rsync; what follows it is checked as any name. */
    @Test
    void aLeadingDotSlashListsTheBaseFirst() throws Exception {
        assertEquals("./a/b", SourceOperand.checkedListed("./a/b"));
        SourceOperand operand = SourceOperand.relative(Path.of("/base"), "./a/");
        assertEquals(Path.of("/base/a"), operand.path());
        assertEquals("a", operand.relativeName());
        assertTrue(operand.listsBase() && operand.contents());
        assertFalse(SourceOperand.relative(Path.of("/base"), "./").listsBase());
        for (String path : new String[] {"./../x", "./.", "./a/./b"}) {
            assertThrows(RdcpException.class, () -> SourceOperand.checkedListed(path), path);
        }
    }

    @Test
    void filesFromPathsThatClimbOutAreRefused() {
        for (String path : new String[] {"../x", "a/../../x", "a/./b", "a//b", "/"}) {
            RdcpException e = assertThrows(RdcpException.class, () -> SourceOperand.checkedRelative(path), path);
            assertEquals(ExitCode.FILE_SELECTION, e.exitCode(), path);
        }
    }

    /**
     * A daemon's pull is a tree (a bit of ACCEPT) only where the operand is a directory beneath
     * the served one. Found in review: decided by the path, symlinks followed wherever they led,
     * after the check that the path stays beneath the root, so a symlink planted between the two
     * by another session told a client whether a path outside was a directory.
     */
    @Test
    void whetherAServedOperandIsADirectoryIsLookedUpBeneathTheRoot(@TempDir Path dir) throws IOException {
        Path served = Files.createDirectories(dir.resolve("served"));
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.createDirectories(served.resolve("inside"));
        Files.createSymbolicLink(served.resolve("to-inside"), Path.of("inside"));
        Files.createSymbolicLink(served.resolve("to-outside"), outside);
        assertTrue(SourceOperand.parse(served.resolve("inside").toString()).isDirectory(served));
        assertTrue(SourceOperand.parse(served.resolve("to-inside").toString()).isDirectory(served));
        assertFalse(SourceOperand.parse(served.resolve("to-outside").toString()).isDirectory(served));
        // A client's own operand is its user's: found by its path, wherever it leads.
        assertTrue(SourceOperand.parse(served.resolve("to-outside").toString()).isDirectory(null));
    }
}
