package dev.rdcp.cli;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * rsync options that change nothing for rdcp, most because RDMA makes them moot: accepted so that
 * rsync command lines run unchanged, with a note at -v saying why each changes nothing.
 */
final class MootOptions {

    private static final String COMPRESSION = "-z and the --compress options: ignored: RDMA moves the data"
            + " uncompressed, and compressing would cost more CPU than it saves on the link";
    private static final String WHOLE_FILE = "-W, -B: rdcp always copies whole files (it has no delta-transfer"
            + " algorithm)";
    private static final String FUZZY = "-y: ignored: rsync looks for a similar file to serve its delta transfer as"
            + " a basis, and rdcp copies whole files (rsync -W ignores -y too)";
    private static final String FILE_LIST = "--inc-recursive, --no-inc-recursive: rdcp always streams its file list"
            + " ahead of the data";
    private static final String REMOTE_SHELL = "-s, --old-args, --blocking-io: the remote shell only starts"
            + " 'rdcp --server'; file names and options travel over rdcp's own connection";
    private static final String RECEIVER_CHECKS = "--trust-sender: the receiver checks every name it is sent";
    private static final String NO_MOTD = "--no-motd: rdcp daemons send no message of the day";
    private static final String MAX_ALLOC = "--max-alloc: checked as rsync checks it, then ignored: rdcp bounds its"
            + " memory by design (what a session registers and what its file list makes the receiver remember,"
            + " each at most 256 MiB), not by a limit on each allocation";
    private static final String OUTBUF = "--outbuf: checked as rsync checks it, then ignored: rdcp writes out each"
            + " line as it ends, which is what rsync does in every buffering mode (it flushes at each line's end)";
    /** rsync's smallest --max-alloc but 0 (no limit), as its message shows it. */
    private static final long MIN_ALLOC = 1 << 20;

    private final Set<String> notes = new LinkedHashSet<>();

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = {"-z", "--compress", "--no-z", "--no-compress"},
            description = "No effect: RDMA moves the data uncompressed.")
    void compress(boolean on) {
        notes.add(COMPRESSION);
    }

    @Option(names = {"--compress-level", "--zl"}, paramLabel = "NUM", description = "No effect (see -z).")
    void compressLevel(int level) {
        notes.add(COMPRESSION);
    }

    @Option(names = {"--compress-choice", "--zc"}, paramLabel = "STR", description = "No effect (see -z).")
    void compressChoice(String choice) {
        notes.add(COMPRESSION);
    }

    @Option(names = {"--compress-threads", "--zt"}, paramLabel = "NUM", description = "No effect (see -z).")
    void compressThreads(int threads) {
        notes.add(COMPRESSION);
    }

    @Option(names = "--skip-compress", paramLabel = "LIST", description = "No effect (see -z).")
    void skipCompress(String suffixes) {
        notes.add(COMPRESSION);
    }

    @Option(names = {"-W", "--whole-file"}, description = "Always so: rdcp copies whole files.")
    void wholeFile(boolean on) {
        notes.add(WHOLE_FILE);
    }

    @Option(names = {"-B", "--block-size"}, paramLabel = "SIZE", description = "No effect: there is no delta transfer.")
    void blockSize(String size) {
        notes.add(WHOLE_FILE);
    }

    @Option(names = {"-y", "--fuzzy"}, description = "No effect: rdcp copies whole files, so no basis file is looked for.")
    void fuzzy(boolean on) {
        notes.add(FUZZY);
    }

    @Option(names = {"--inc-recursive", "--i-r", "--no-inc-recursive", "--no-i-r"},
            description = "No effect: the file list is always streamed ahead of the data.")
    void incrementalRecursion(boolean on) {
        notes.add(FILE_LIST);
    }

    @Option(names = {"-s", "--secluded-args", "--protect-args", "--old-args", "--blocking-io", "--no-s",
        "--no-secluded-args", "--no-protect-args", "--no-old-args", "--no-blocking-io"},
            description = "No effect: no file name or option is passed on the remote command line.")
    void remoteShellArguments(boolean on) {
        notes.add(REMOTE_SHELL);
    }

    @Option(names = "--trust-sender", description = "No effect: the receiver checks every name it is sent.")
    void trustSender(boolean on) {
        notes.add(RECEIVER_CHECKS);
    }

    @Option(names = "--no-motd", description = "No effect: rdcp daemons send no message of the day.")
    void noMotd(boolean on) {
        notes.add(NO_MOTD);
    }

    @Option(names = "--max-alloc", paramLabel = "SIZE",
            description = "No effect once checked as rsync checks it: rdcp's memory has fixed bounds.")
    void maxAlloc(String size) {
        String problem;
        try {
            long bytes = RsyncSize.parse(size);
            problem = bytes != 0 && bytes < MIN_ALLOC ? "too small (min: 1.00M or 0 for unlimited)" : null;
        } catch (IllegalArgumentException e) {
            problem = e.getMessage();
        }
        if (problem != null) {
            throw new ParameterException(spec.commandLine(), "--max-alloc=" + size + " is " + problem);
        }
        notes.add(MAX_ALLOC);
    }

    /** As rsync: only the first letter counts, N or U (none), L (line), B or F (block), in either case. */
    @Option(names = "--outbuf", paramLabel = "N|L|B",
            description = "No effect once checked as rsync checks it: each line of output is written as it ends.")
    void outbuf(String mode) {
        if (mode.isEmpty() || "NULBF".indexOf(Character.toUpperCase(mode.charAt(0))) < 0) {
            throw new ParameterException(spec.commandLine(), "Invalid --outbuf setting -- specify N, L, or B.");
        }
        notes.add(OUTBUF);
    }

    /** One line per kind of moot option given, for -v. */
    List<String> notes() {
        return List.copyOf(notes);
    }
}
