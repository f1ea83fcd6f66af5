package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ExitCode;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class PortConverterTest {

    @Test
    void takesThePortsTcpHas() {
        assertEquals(1, new PortConverter().convert("1"));
        assertEquals(65535, new PortConverter().convert("65535"));
        assertEquals(0, new PortConverter.Listening().convert("0"));
    }

    @Test
    void refusesWhatIsNoPort() {
        for (String bad : new String[] {"0", "65536", "99999", "-1", "x", "", "2147483648"}) {
            assertThrows(CommandLine.TypeConversionException.class, () -> new PortConverter().convert(bad), bad);
        }
        assertThrows(CommandLine.TypeConversionException.class, () -> new PortConverter.Listening().convert("65536"));
    }

    /** Was exit 70, "internal error (a bug ...)", from the socket's own complaint. */
    @Test
    void aPortOutOfRangeIsAUsageErrorOnOneLine() {
        for (String[] args : new String[][] {{"--port", "99999", "f", "localhost::x"},
                {"serve", "--root", ".", "--port", "99999"}, {"doctor", "--port", "70000", "localhost"}}) {
            Cli.Result result = Cli.rdcp(args);
            assertEquals(ExitCode.USAGE.code(), result.exitCode(), result.err());
            assertTrue(result.err().contains("is not a port (") && result.err().contains("to 65535)"), result.err());
            assertFalse(result.err().contains("\tat "), result.err());
        }
    }
}
