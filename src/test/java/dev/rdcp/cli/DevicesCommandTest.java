package dev.rdcp.cli;

import dev.rdcp.protocol.ExitCode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class DevicesCommandTest {

    record Result(int exitCode, String out, String err) {
    }

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void unknownDeviceIsOneLineAndTheRdmaUnavailableCode() {
        Result result = run("devices", "--device", "nosuchdev0");
        assertEquals(ExitCode.RDMA_UNAVAILABLE.code(), result.exitCode());
        assertEquals(1, result.err().lines().count(), result.err());
        assertTrue(result.err().startsWith("rdcp: "), result.err());
        assertFalse(result.err().contains("Exception"), result.err());
        assertEquals("", result.out());
    }

    @Test
    void unknownOptionIsAUsageError() {
        Result result = run("devices", "--bogus");
        assertEquals(ExitCode.USAGE.code(), result.exitCode());
        assertTrue(result.err().contains("Unknown option: '--bogus'"), result.err());
        assertTrue(result.err().contains("rdcp devices --help"), result.err());
    }

    @Test
    void helpListsTheExitCodes() {
        Result result = run("--help");
        assertEquals(0, result.exitCode());
        for (ExitCode code : ExitCode.values()) {
            String start = code.meaning().substring(0, Math.min(20, code.meaning().length()));
            assertTrue(result.out().contains(start), code.name());
        }
    }
}
