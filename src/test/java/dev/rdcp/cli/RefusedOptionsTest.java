package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ExitCode;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RefusedOptionsTest {

    private static void assertRefusedWith(String reason, Cli.Result result, String option) {
        assertEquals(ExitCode.USAGE.code(), result.exitCode(), result.toString());
        assertEquals(List.of("rdcp: " + option + ": " + reason, "Try 'rdcp --help' for more information."),
                result.err().lines().toList());
        assertEquals("", result.out());
    }

    @Test
    void aLongRsyncOptionIsRefusedWithItsReason() {
        assertRefusedWith(RefusedOptions.IN_PLACE, Cli.rdcp("-a", "--write-devices", "src/", "host:dst/"), "--write-devices");
    }

    @Test
    void aLongOptionWithAValueIsNamedWithoutIt() {
        assertRefusedWith(RefusedOptions.CLIENT_ONLY, Cli.rdcp("--copy-as=nobody", "src", "host:dst"), "--copy-as");
    }

    @Test
    void aShortOptionInsideAClusterIsNamed() {
        assertRefusedWith(RefusedOptions.CRTIMES, Cli.rdcp("-avN", "src", "host:dst"), "-N");
        assertRefusedWith(RefusedOptions.CRTIMES, Cli.rdcp("-aN", "src", "host:dst"), "-N");
        assertRefusedWith(RefusedOptions.CRTIMES, Cli.rdcp("-Nav", "src", "host:dst"), "-N");
        assertRefusedWith(RefusedOptions.CRTIMES, Cli.rdcp("-aUN", "src", "host:dst"), "-N");
    }

    @Test
    void anUnsupportedNegationSaysWhichOnesWork() {
        assertRefusedWith(RefusedOptions.NEGATION, Cli.rdcp("-a", "--no-H", "src", "host:dst"), "--no-H");
    }

    @Test
    void anOptionRsyncDoesNotHaveIsStillUnknown() {
        Cli.Result result = Cli.rdcp("--frobnicate", "src", "host:dst");
        assertEquals(ExitCode.USAGE.code(), result.exitCode());
        assertTrue(result.err().startsWith("rdcp: Unknown option: '--frobnicate'"), result.err());
    }

    @Test
    void subcommandsKeepPicocliMessages() {
        Cli.Result result = Cli.rdcp("devices", "--inplace");
        assertTrue(result.err().startsWith("rdcp: Unknown option: '--inplace'"), result.err());
    }

    @Test
    void optionNames() {
        assertEquals("--max-size", RefusedOptions.optionName("--max-size=5"));
        assertEquals("--inplace", RefusedOptions.optionName("--inplace"));
        assertEquals("-D", RefusedOptions.optionName("-Dav"));
        assertEquals("-S", RefusedOptions.optionName("-S"));
        assertEquals(Optional.empty(), RefusedOptions.reason("--frobnicate"));
    }

    @Test
    void noRefusedOptionIsOneRdcpTakes() {
        picocli.CommandLine.Model.CommandSpec spec = new picocli.CommandLine(new RdcpCommand()).getCommandSpec();
        for (String name : RefusedOptions.all().keySet()) {
            assertFalse(spec.optionsMap().containsKey(name), name);
        }
    }
}
