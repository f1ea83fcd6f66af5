package dev.rdcp.cli;

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
     * The daemon, or any sign of -v before "--". Errs towards core: a word that merely looks
     * like an option cluster with a v costs start-up time, never diagnostics.
     */
    static boolean wantsCore(String[] args) {
        for (String arg : args) {
            if (arg.equals("--")) {
                return false;
            }
            if (arg.equals("serve") || arg.equals("--verbose")
                    || arg.startsWith("-") && !arg.startsWith("--") && arg.indexOf('v') > 0) {
                return true;
            }
        }
        return false;
    }

    private static boolean quiet(String[] args) {
        for (String arg : args) {
            if (arg.equals("--")) {
                return false;
            }
            if (arg.equals("--quiet") || arg.startsWith("-") && !arg.startsWith("--") && arg.indexOf('q') > 0) {
                return true;
            }
        }
        return false;
    }
}
