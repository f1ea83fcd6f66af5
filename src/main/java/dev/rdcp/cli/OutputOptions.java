package dev.rdcp.cli;

import dev.rdcp.posix.PathErrors;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.transfer.TransferListener;
import dev.rdcp.transfer.TransferReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * rsync's per-item output: -i, --out-format, --log-file and --log-file-format. Each asks the
 * receiving side to itemize what it changes (REQUEST bit 22; -ii with %i shown: bit 23 too).
 */
final class OutputOptions {

    static final String ITEMIZE_FORMAT = "%i %n%L";
    /** -v's line per item when no other format is asked for, as rsync's. */
    static final String VERBOSE_FORMAT = "%n%L";
    /** How the receiver's note on a symlink --safe-links leaves out begins. */
    private static final String UNSAFE_SYMLINK_NOTE = "ignoring unsafe symlink \"";

    @Option(names = {"-i", "--itemize-changes"},
            description = "A line per changed entry with rsync's change string (%%i); -ii also for unchanged ones.")
    boolean[] itemize = new boolean[0];

    @Option(names = {"--out-format", "--log-format"}, paramLabel = "FORMAT",
            description = "A line per changed entry in FORMAT; rdcp takes the escapes %%i %%n %%L %%l %%b %%f %%o %%t %%M %%B %%p %%%%.")
    String outFormat;

    @Option(names = "--log-file", paramLabel = "FILE",
            description = "Append what the copy does to FILE, a line per change, as rsync's log file.")
    Path logFile;

    @Option(names = "--log-file-format", paramLabel = "FORMAT",
            description = "The format of --log-file's lines (default: '%%i %%n%%L').")
    String logFileFormat;

    @Option(names = "--list-only", description = "List the sources as ls -l would, instead of copying (so does a lone SRC).")
    boolean listOnly;

    private boolean checked;
    /** -v's list of names was asked for (see {@link #check}). */
    private boolean listNames;
    /** -vv: unchanged entries are named too (see {@link #check}). */
    private boolean unchangedNames;
    /** --info=symsafe: notes on unsafe symlinks are shown (see {@link #shown}). */
    private boolean symlinkNotes;
    private OutFormat stdoutFormat;
    private OutFormat logFormat;
    private PrintWriter log;
    private FileOrderedItems held;

    /**
     * Parses the formats; call it before anything else of this class.
     *
     * @param nameLevel rsync's NAME level: 1 (-v) lists the names of what changes, 2 (-vv) of
     *     unchanged entries too; 0 lists none
     * @throws IllegalArgumentException for an escape rdcp does not take
     */
    void check(int nameLevel, boolean symlinkNotes) {
        if (checked) {
            return;
        }
        checked = true;
        this.listNames = nameLevel >= 1;
        this.unchangedNames = nameLevel >= 2;
        this.symlinkNotes = symlinkNotes;
        String format = outFormat != null ? outFormat : itemize.length > 0 ? ITEMIZE_FORMAT
                : listNames ? VERBOSE_FORMAT : null;
        stdoutFormat = format == null ? null : OutFormat.parse(format);
        logFormat = OutFormat.parse(logFileFormat != null ? logFileFormat : ITEMIZE_FORMAT);
    }

    /** The REQUEST bits these options need. */
    long requestFlags() {
        check(0, false);
        if (stdoutFormat == null && logFile == null) {
            return 0;
        }
        // As rsync: -ii with %i shows unchanged entries, and -vv (NAME level 2) does, as "NAME is uptodate" without %i.
        boolean unchanged = stdoutFormat != null && (unchangedNames || itemize.length > 1 && stdoutFormat.hasItemize());
        // As rsync: "created directory" comes with -v's names or with %i, not with any format.
        boolean tellCreated = listNames || stdoutFormat != null && stdoutFormat.hasItemize();
        return SessionRequest.ITEMIZE | (unchanged ? SessionRequest.ITEMIZE_UNCHANGED : 0)
                | (tellCreated ? SessionRequest.TELL_CREATED_DESTINATION : 0);
    }

    /**
     * The listeners for stdout (none with -q, as rsync) and the log file; opens the log file, and
     * if it cannot, says so on {@code err} and goes on without it, as rsync does. {@code local}: a
     * copy on this host, whose sent files rsync shows as received ('>'). {@code backupLines} prints
     * --info=backup's lines (or is {@link TransferListener#NONE}); with them, or with
     * {@code progress} (--progress), the lines on stdout wait for the file they lead up to
     * ({@link FileOrderedItems}).
     */
    TransferListener listener(PrintWriter out, PrintWriter err, boolean push, boolean local, boolean quiet,
            boolean progress, TransferListener backupLines) {
        String operation = push ? "send" : "recv";
        TransferListener stdout = stdoutFormat == null || quiet ? TransferListener.NONE
                : new ItemPrinter(out, stdoutFormat, operation, false, local,
                        unchangedNames && !stdoutFormat.hasItemize());
        if ((progress || backupLines != TransferListener.NONE) && stdout != TransferListener.NONE) {
            held = new FileOrderedItems(TransferListener.all(stdout, backupLines, notes(out)));
            stdout = held;
        } else {
            stdout = TransferListener.all(stdout, backupLines);
        }
        if (logFile == null) {
            return stdout;
        }
        try {
            log = new PrintWriter(Files.newBufferedWriter(logFile, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND, StandardOpenOption.WRITE));
        } catch (IOException e) {
            err.println("rdcp: failed to open log-file " + logFile + ": " + PathErrors.reason(e) + "; ignoring it");
            err.flush();
            return stdout;
        }
        logLine("building file list");
        return TransferListener.all(stdout, new ItemPrinter(log, logFormat, operation, true, local, false));
    }

    /** Whether the notes (exit code 0: "created directory DEST", ...) wait with the lines on stdout, which print them. */
    boolean holdsNotes() {
        return held != null;
    }

    /**
     * Whether note {@code message} is shown: all are, but an unsafe symlink's, which rsync tells
     * only at -v ({@code symlinkNotes}: --info=symsafe), and its receiver is not told the level.
     */
    static boolean shown(String message, boolean symlinkNotes) {
        return symlinkNotes || !message.startsWith(UNSAFE_SYMLINK_NOTE);
    }

    /** The notes, as rsync prints them on stdout. */
    private TransferListener notes(PrintWriter out) {
        return new TransferListener() {
            @Override
            public void fileFailed(int exitCode, String message) {
                if (exitCode == ExitCode.OK.code() && shown(message, symlinkNotes)) {
                    out.println(message);
                    out.flush();
                }
            }
        };
    }

    /** Prints the lines still held ({@link FileOrderedItems}): the transfer is over. */
    void release() {
        if (held != null) {
            held.release();
        }
    }

    /** The log file's last line, as rsync's: the bytes sent and received and the total size; then closes it. */
    void finish(TransferReport report) {
        if (log == null) {
            return;
        }
        var summary = report.summary(false);
        logLine(String.format(Locale.ROOT, "sent %d bytes  received %d bytes  total size %d", summary.bytesSent(),
                summary.bytesReceived(), summary.totalSize()));
        log.close();
        log = null;
    }

    private void logLine(String text) {
        String now = LocalDateTime.ofInstant(Instant.now(), ZoneId.systemDefault())
                .format(DateTimeFormatter.ofPattern("yyyy/MM/dd HH:mm:ss"));
        log.println(now + " [" + ProcessHandle.current().pid() + "] " + text);
        log.flush();
    }
}
