package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ExitCodeTest {

    @Test
    void ofCodeFindsEveryCode() {
        for (ExitCode code : ExitCode.values()) {
            assertEquals(code, ExitCode.ofCode(code.code()));
        }
    }

    @Test
    void rsyncNumbersAreKept() {
        assertEquals(ExitCode.USAGE, ExitCode.ofCode(1));
        assertEquals(ExitCode.FILE_SELECTION, ExitCode.ofCode(3));
        assertEquals(ExitCode.UNSUPPORTED, ExitCode.ofCode(4));
        assertEquals(ExitCode.PARTIAL, ExitCode.ofCode(23));
        assertEquals(ExitCode.VANISHED, ExitCode.ofCode(24));
        assertEquals(ExitCode.TIMEOUT, ExitCode.ofCode(30));
    }

    @Test
    void unknownCodesReadAsProtocol() {
        for (int unknown : new int[] {6, 13, 99, 255, 65535, -1}) {
            assertEquals(ExitCode.PROTOCOL, ExitCode.ofCode(unknown), Integer.toString(unknown));
        }
    }

    @Test
    void codesAreDistinctAndFitAProcessExitStatus() {
        Set<Integer> seen = new HashSet<>();
        for (ExitCode code : ExitCode.values()) {
            assertTrue(seen.add(code.code()), "duplicate " + code.code());
            assertTrue(code.code() >= 0 && code.code() < 256, code.name());
        }
    }
}
