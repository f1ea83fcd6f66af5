package dev.rdcp.cli;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.VersionMismatchException;
import dev.rdcp.verbs.RdmaUnavailableException;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.file.NoSuchFileException;
import org.junit.jupiter.api.Test;

class ErrorReporterTest {

    @Test
    void mapsFailuresToRsyncStyleCodes() {
        assertEquals(ExitCode.RDMA_UNAVAILABLE, ErrorReporter.exitCodeOf(new RdmaUnavailableException("x")));
        assertEquals(ExitCode.PROTOCOL, ErrorReporter.exitCodeOf(new VersionMismatchException(1, 2)));
        assertEquals(ExitCode.DATA_STREAM, ErrorReporter.exitCodeOf(new ProtocolException("x")));
        assertEquals(ExitCode.TIMEOUT, ErrorReporter.exitCodeOf(new SocketTimeoutException("x")));
        assertEquals(ExitCode.FILE_SELECTION, ErrorReporter.exitCodeOf(new NoSuchFileException("a")));
        assertEquals(ExitCode.FILE_IO, ErrorReporter.exitCodeOf(new IOException("disk")));
        assertEquals(ExitCode.PARTIAL, ErrorReporter.exitCodeOf(new RdcpException(ExitCode.PARTIAL, "x")));
        assertEquals(ExitCode.INTERNAL, ErrorReporter.exitCodeOf(new IllegalStateException("bug")));
    }

    @Test
    void escapesControlCharactersForTheTerminal() {
        assertEquals("cannot open \\#033]0;owned\\#007x",
                ErrorReporter.describe(new IOException("cannot open \u001b]0;owned\u0007x")));
    }

    @Test
    void describesInOneLine() {
        assertEquals("first", ErrorReporter.describe(new IOException("first\nsecond")));
        assertEquals("no such file or directory: /x", ErrorReporter.describe(new NoSuchFileException("/x")));
        assertTrue(ErrorReporter.describe(new IllegalStateException()).contains("IllegalStateException"));
    }

    @Test
    void everyExitCodeIsDistinct() {
        assertEquals(ExitCode.values().length,
                java.util.Arrays.stream(ExitCode.values()).mapToInt(ExitCode::code).distinct().count());
    }
}
