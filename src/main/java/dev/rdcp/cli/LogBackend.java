package dev.rdcp.cli;

import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.impl.Log4jContextFactory;

/**
 * Picks Log4j's backend before the first logger exists. Starting Log4j core is most of a short
 * copy's JVM start-up (measured: 180 of 400 ms on the host, about 4 s in the emulated VM), and a
 * run nobody asked for diagnostics logs a warning at most; such runs get the Log4j API's simple
 * logger, which prints WARN and ERROR lines ({@code LEVEL Class message}) on stderr. Runs with
 * -v, and the daemon, whose log is read, get core and its configured layout.
 */
final class LogBackend {

    private static final String SIMPLE_FACTORY = "org.apache.logging.log4j.simple.SimpleLoggerContextFactory";
    private static final Pattern SHORT_FLAGS = Pattern.compile("-[A-Za-z]+");

    private LogBackend() {
    }

    /** Call first thing in main, with the raw command line. */
    static void choose(String[] args) {
        if (wantsCore(args)) {
            return;
        }
        System.setProperty("log4j2.loggerContextFactory", SIMPLE_FACTORY);
        System.setProperty("org.apache.logging.log4j.simplelog.level", quiet(args) ? "ERROR" : "WARN");
    }

    /** True when Log4j core is the backend, so its levels can be changed. */
    static boolean isCore() {
        return LogManager.getFactory() instanceof Log4jContextFactory;
    }

    /**
     * The daemon, or any sign of -v before "--". Errs towards core: a value that merely looks
     * like an option cluster with a v (--exclude -vx) costs start-up time, never diagnostics.
     */
    static boolean wantsCore(String[] args) {
        return anyOption(args, arg -> arg.equals("serve") || hasFlag(arg, "--verbose", 'v'));
    }

    static boolean quiet(String[] args) {
        return anyOption(args, arg -> hasFlag(arg, "--quiet", 'q'));
    }

    /** True when an argument before "--" matches. */
    private static boolean anyOption(String[] args, Predicate<String> matches) {
        for (String arg : args) {
            if (arg.equals("--")) {
                return false;
            }
            if (matches.test(arg)) {
                return true;
            }
        }
        return false;
    }

    /** {@code arg} is the long option, or a cluster of short flags (letters only) holding the short one. */
    private static boolean hasFlag(String arg, String longName, char shortName) {
        return arg.equals(longName) || SHORT_FLAGS.matcher(arg).matches() && arg.indexOf(shortName) > 0;
    }
}
