package dev.rdcp.cli;

import java.io.PrintWriter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * rsync's --stderr=errors|all|client: with "all", the messages rsync prints on stdout (-v's and
 * -i's lines, --stats, --list-only's listing) go to stderr with the errors. "errors", the
 * default, and "client" differ in rsync only in which of its processes writes an error; in rdcp,
 * whose client writes them all, they are the same.
 */
final class StderrOption {

    private boolean all;

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    /** As rsync: the mode may be shortened to any prefix, down to one letter. */
    @Option(names = "--stderr", paramLabel = "errors|all|client",
            description = "all: every message on stderr, -v's and -i's lines too; errors (the default) or client: "
                    + "errors on stderr, the rest on stdout.")
    void mode(String mode) {
        if (mode.isEmpty() || !("errors".startsWith(mode) || "all".startsWith(mode) || "client".startsWith(mode))) {
            throw new ParameterException(spec.commandLine(), "--stderr mode \"" + mode
                    + "\" is not one of errors, all, or client");
        }
        all = "all".startsWith(mode);
    }

    /** rsync's older spelling of --stderr=all; the last of these options counts, as in rsync. */
    @Option(names = "--msgs2stderr", description = "rsync's older name for --stderr=all.")
    void messagesToStderr(boolean on) {
        all = true;
    }

    /** rsync's older spelling of --stderr=errors. */
    @Option(names = "--no-msgs2stderr", description = "rsync's older name for --stderr=errors.")
    void messagesToStdout(boolean on) {
        all = false;
    }

    /** Where the messages rsync prints on stdout go. */
    PrintWriter messages() {
        return all ? spec.commandLine().getErr() : spec.commandLine().getOut();
    }
}
