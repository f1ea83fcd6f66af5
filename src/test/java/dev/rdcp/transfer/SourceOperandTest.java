package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

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
}
