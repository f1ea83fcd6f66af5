package dev.rdcp.cli;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.config.Configurator;
import picocli.CommandLine.Option;

/**
 * -v/-q, shared by every command: sets the Log4j 2 root level before the command runs. Under
 * the simple logger ({@link LogBackend}) the level was fixed from the command line already.
 */
final class LoggingOptions {

    private int verbosity;
    private boolean quiet;

    boolean isVerbose() {
        return verbosity > 0;
    }

    /** How many -v were given. */
    int verbosity() {
        return verbosity;
    }

    boolean isQuiet() {
        return quiet;
    }

    @Option(names = {"-v", "--verbose"}, description = "More output: -v info (a copy lists what it changes, as rsync -v does), -vv debug, -vvv trace.")
    void setVerbose(boolean[] verbose) {
        this.verbosity = verbose.length;
        Level level = switch (verbose.length) {
            case 0 -> Level.WARN;
            case 1 -> Level.INFO;
            case 2 -> Level.DEBUG;
            default -> Level.TRACE;
        };
        if (LogBackend.isCore()) {
            Configurator.setRootLevel(level);
        }
    }

    @Option(names = {"-q", "--quiet"}, description = "Print errors only.")
    void setQuiet(boolean quiet) {
        this.quiet = quiet;
        if (quiet && LogBackend.isCore()) {
            Configurator.setRootLevel(Level.ERROR);
        }
    }
}
