package dev.rdcp.cli;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * rsync options rdcp does not take, each with the reason, so that an rsync command line that
 * uses one fails with that reason rather than "Unknown option". docs/rsync-compatibility.md
 * lists the same reasons (a test holds them equal).
 */
final class RefusedOptions {

    static final String RECEIVER_REQUEST = "not yet: not built; the receiver would take it in protocol 7's extended"
            + " REQUEST flags, which have room";
    static final String SENDER_REQUEST = "not yet: not built; the sender would list a device as a regular file, take"
            + " its size by seeking and pass the check that the file it opens is the one it listed, and a daemon"
            + " would refuse it by default, as rsyncd";
    static final String IN_PLACE = "not yet: not built; rdcp writes each file under a temporary name and renames it"
            + " when complete, and writing into a device in place needs a receiver path of its own";
    static final String CRTIMES = "refused: Linux cannot set a file's creation time (rsync built for Linux refuses"
            + " -N too)";
    static final String CLIENT_ONLY = "not yet: not implemented (it needs no protocol change)";
    static final String DELTA = "refused: rdcp has no delta-transfer algorithm; it always copies whole files";
    static final String CHECKSUM = "refused: -c always compares whole-file MD5 digests";
    static final String BATCH = "refused: rdcp has no batch files";
    static final String PROTOCOL = "refused: rdcp speaks one protocol version; install the same rdcp release"
            + " on both ends";
    static final String RSYNC_PATH = "refused: the remote program is rdcp: use --rdcp-path";
    static final String PASSWORD = "refused: rdcp daemons authenticate with a shared secret: use --secret-file";
    static final String EARLY_INPUT = "refused: rdcp daemons run no pre-transfer scripts";
    static final String DAEMON = "refused: the daemon is 'rdcp serve' (see rdcp serve --help)";
    static final String DEBUG = "refused: rdcp's debug output is -vv (and -vvv for trace)";
    static final String SOCKET = "refused: file data moves over RDMA, not over the socket";
    static final String OLD_RSYNC = "refused: only for talking to rsync older than 2.6.9";
    static final String NEGATION = "not yet: of rsync's --no-OPTION forms rdcp takes those of -a's -rlptgoD (long"
            + " and short: --no-perms, --no-p, ...), of -R, of -8 and --no-super";

    private static final Map<String, String> REASONS = new HashMap<>();
    /** rsync --daemon's options that rdcp serve does not take, as docs/rsync-compatibility.md's daemon table says. */
    private static final Map<String, String> SERVE_REASONS = Map.of(
            "--bwlimit", "not yet: clients may ask for a limit",
            "--daemon", "refused: 'rdcp serve' is the daemon, and never detaches (run it under a service manager)",
            "--dparam", "not yet: edit the config file",
            "--log-file", "not yet as an option: the log goes to stderr (Log4j 2), or to a config file's 'log file'",
            "--log-file-format", "not yet",
            "--sockopts", SOCKET);

    static {
        refuse(RECEIVER_REQUEST, "--insecure-links", "--confine-root");
        refuse(CRTIMES, "-N", "--crtimes");
        refuse(SENDER_REQUEST, "--copy-devices");
        refuse(IN_PLACE, "--write-devices");
        refuse(CLIENT_ONLY, "--iconv", "--copy-as");
        refuse(DELTA, "--no-whole-file", "--no-W");
        refuse(CHECKSUM, "--checksum-choice", "--cc", "--checksum-seed");
        refuse(BATCH, "--write-batch", "--only-write-batch", "--read-batch");
        refuse(PROTOCOL, "--protocol");
        refuse(RSYNC_PATH, "--rsync-path");
        refuse(PASSWORD, "--password-file");
        refuse(EARLY_INPUT, "--early-input");
        refuse(DAEMON, "--daemon", "--config", "--dparam", "--no-detach");
        refuse(DEBUG, "--debug");
        refuse(SOCKET, "--sockopts");
        refuse(OLD_RSYNC, "--old-dirs", "--old-d");
    }

    private RefusedOptions() {
    }

    private static void refuse(String reason, String... names) {
        for (String name : names) {
            if (REASONS.put(name, reason) != null) {
                throw new IllegalStateException(name + " is refused twice");
            }
        }
    }

    /** The option an unmatched argument names: "--max-size" for "--max-size=5", "-D" for "-Dav". */
    static String optionName(String argument) {
        if (argument.startsWith("--")) {
            int equals = argument.indexOf('=');
            return equals < 0 ? argument : argument.substring(0, equals);
        }
        return argument.length() > 2 && argument.startsWith("-") ? argument.substring(0, 2) : argument;
    }

    /** Why rdcp does not take the rsync option {@code argument} starts with; empty when rsync has no such option. */
    static Optional<String> reason(String argument) {
        String name = optionName(argument);
        String reason = REASONS.get(name);
        if (reason == null && name.startsWith("--no-")) {
            reason = NEGATION;
        }
        return Optional.ofNullable(reason);
    }

    /** Why rdcp serve does not take the rsync --daemon option {@code argument} starts with; empty when rsync has none. */
    static Optional<String> serveReason(String argument) {
        return Optional.ofNullable(SERVE_REASONS.get(optionName(argument)));
    }

    /** Every refused name, for the test that holds the documentation to this table. */
    static Map<String, String> all() {
        return Map.copyOf(REASONS);
    }
}
