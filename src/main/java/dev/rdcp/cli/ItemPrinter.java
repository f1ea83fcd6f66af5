package dev.rdcp.cli;

import dev.rdcp.protocol.ItemizedChange;
import dev.rdcp.transfer.FileNames;
import dev.rdcp.transfer.TransferListener;
import java.io.PrintWriter;
import java.time.Instant;

/**
 * -i and --out-format: a line per changed entry and per deletion, as rsync prints them. Which
 * entries get a line follows rsync: data moved, something made or linked, a directory's
 * attributes, and deletions always; a file's or symlink's attributes alone, and unchanged entries
 * (-ii), only when the format shows %i. With -vv and a format without %i, an unchanged file,
 * symlink or special is named as rsync names it: "NAME is uptodate".
 */
final class ItemPrinter implements TransferListener {

    private static final OutFormat DELETING = OutFormat.parse("deleting %n");

    private final PrintWriter out;
    private final OutFormat format;
    private final String operation;
    /** --log-file's start of each line: the time and the process id; null on stdout. */
    private final OutFormat prefix;
    private final boolean local;
    /** -vv without %i: unchanged entries other than directories get rsync's "NAME is uptodate". */
    private final boolean upToDateLines;

    /**
     * @param operation rsync's %o for this side: "send" on a push, "recv" on a pull
     * @param logFile true for --log-file's lines, which start with the time and process id
     * @param local a local copy: its files are shown as received ('>'), as rsync shows them
     * @param upToDateLines -vv without %i: "NAME is uptodate" for an unchanged entry
     */
    ItemPrinter(PrintWriter out, OutFormat format, String operation, boolean logFile, boolean local,
            boolean upToDateLines) {
        this.out = out;
        this.format = format;
        this.operation = operation;
        this.prefix = logFile ? OutFormat.parse("%t [%p] ") : null;
        this.local = local;
        this.upToDateLines = upToDateLines;
    }

    @Override
    public void itemized(ItemizedChange change) {
        if (shown(change)) {
            print(local ? change.asReceived() : change);
        } else if (upToDateLines && unchanged(change) && change.flags().charAt(1) != 'd') {
            out.println(FileNames.display(change.name()) + " is uptodate");
            out.flush();
        }
    }

    /** Nothing about it changes: rsync's unchanged item ('.' and no attribute letter). */
    private static boolean unchanged(ItemizedChange change) {
        String flags = change.flags();
        return flags.charAt(0) == '.' && flags.chars().skip(2).allMatch(c -> c == ' ' || c == '.');
    }

    /** As rsync: a format that cannot say what happened (-v's "%n%L") is replaced by "deleting %n". */
    @Override
    public void deleted(byte[] name) {
        ItemizedChange deletion = ItemizedChange.deleted(name);
        if (prefix == null && !format.showsOperation()) {
            out.println(DELETING.format(deletion, operation, Instant.now()));
            out.flush();
        } else {
            print(deletion);
        }
    }

    private boolean shown(ItemizedChange change) {
        String flags = change.flags();
        boolean directoryChanged = flags.charAt(1) == 'd' && flags.chars().skip(2).anyMatch(c -> c != '.');
        return flags.charAt(0) != '.' || directoryChanged || (prefix == null && format.hasItemize());
    }

    private void print(ItemizedChange change) {
        Instant now = Instant.now();
        String line = format.format(change, operation, now);
        if (prefix != null) {
            line = prefix.format(change, operation, now) + line;
        }
        out.println(line);
        out.flush();
    }
}
