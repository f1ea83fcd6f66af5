package dev.rdcp.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * rsync's -8 (--8-bit-output): a name's bytes that are not UTF-8 are printed as they are rather
 * than as {@code \#ooo} escapes, on stdout and stderr alike ({@link EightBitText}).
 */
final class EightBitOption {

    @Option(names = {"-8", "--8-bit-output"}, negatable = true,
            description = "Print a name's bytes that are not UTF-8 as they are, not as \\#ooo escapes.")
    boolean eightBit;

    @Option(names = "--no-8", hidden = true)
    void no8(boolean on) {
        eightBit = false;
    }

    /** With -8, makes {@code commandLine}'s output and error streams let such bytes through. */
    void apply(CommandLine commandLine) {
        if (eightBit) {
            commandLine.setOut(new PrintWriter(new EightBitText(commandLine.getOut()), true));
            commandLine.setErr(new PrintWriter(new EightBitText(commandLine.getErr()), true));
        }
    }
}
