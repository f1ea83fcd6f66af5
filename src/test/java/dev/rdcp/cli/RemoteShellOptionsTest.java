package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** -e is split as rsync splits it (rsync(1), --rsh): at spaces, with quotes keeping them. */
class RemoteShellOptionsTest {

    @TempDir
    Path dir;

    private static List<String> split(String rsh) throws RdcpException {
        RemoteShellOptions options = new RemoteShellOptions();
        options.rsh = rsh;
        return options.shell();
    }

    @Test
    void spacesSeparateArguments() throws RdcpException {
        assertEquals(List.of("ssh"), split("ssh"));
        assertEquals(List.of("ssh", "-p", "2222"), split("  ssh   -p 2222 "));
        // Only spaces, as rsync: a tab is part of an argument.
        assertEquals(List.of("a\tb"), split("a\tb"));
    }

    @Test
    void quotesKeepSpacesAndADoubledQuoteIsOne() throws RdcpException {
        assertEquals(List.of("sh", "-c", "exit 127", "x"), split("sh -c \"exit 127\" x"));
        assertEquals(List.of("ssh", "-o", "ProxyCommand=ssh -W %h:%p jump"),
                split("ssh -o 'ProxyCommand=ssh -W %h:%p jump'"));
        assertEquals(List.of("a", "it's"), split("a 'it''s'"));
        assertEquals(List.of("a", "say \"hi\""), split("a \"say \"\"hi\"\"\""));
        assertEquals(List.of("a", "x\"y"), split("a 'x\"y'"));
        assertEquals(List.of("ab c"), split("a'b c'"));
        assertEquals(List.of("a", ""), split("a ''"));
    }

    @Test
    void anUnclosedQuoteOrNothingIsAUsageError() {
        RdcpException unclosed = assertThrows(RdcpException.class, () -> split("ssh -o 'x"));
        assertEquals(ExitCode.USAGE, unclosed.exitCode());
        assertEquals("Missing trailing-' in remote-shell command.", unclosed.getMessage());
        assertEquals(ExitCode.USAGE, assertThrows(RdcpException.class, () -> split("   ")).exitCode());
    }

    /** Found in review: the quotes went to sh as they were, "Unterminated quoted string", exit 14; rsync exits 127. */
    @Test
    void aQuotedShellCommandRunsAsRsyncRunsIt() throws IOException {
        Path file = Files.writeString(dir.resolve("f"), "f");
        Cli.Result result = Cli.rdcp("-e", "sh -c \"exit 127\" x", file.toString(), "host:" + dir + "/copy");
        assertEquals(127, result.exitCode(), result::toString);
    }
}
