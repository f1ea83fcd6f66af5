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

    @Test
    void filesFromPathsThatClimbOutAreRefused() {
        for (String path : new String[] {"../x", "a/../../x", "a/./b", "a//b", "/"}) {
            RdcpException e = assertThrows(RdcpException.class, () -> SourceOperand.checkedRelative(path), path);
            assertEquals(ExitCode.FILE_SELECTION, e.exitCode(), path);
        }
    }
}
