package dev.rdcp.cli;

import static dev.rdcp.cli.ProgressPrinter.grouped;

import dev.rdcp.protocol.EntryCounts;
import dev.rdcp.transfer.TransferSummary;
import java.io.PrintWriter;
import java.util.StringJoiner;

/**
 * rsync's --stats block, line for line as rsync 3 prints it, sizes as -h asks and counts grouped.
 * rdcp sends whole files, so its literal data is the file data it sent (none in a dry run) and its
 * matched data 0, as rsync's with -W. rsync's "File list generation time" and "File list transfer time" lines are
 * left out, as rsync leaves them out when its generation time is 0: rdcp builds its list while
 * the data moves and times neither part of it (docs/rsync-compatibility.md).
 */
final class StatsPrinter {

    private StatsPrinter() {
    }

    static void print(TransferSummary s, SizeFormat sizes, PrintWriter out) {
        // As rsync: a blank line sets the block off from the lines before it.
        out.println();
        out.println("Number of files: " + counted(s.listed()));
        out.println("Number of created files: " + counted(s.created()));
        out.println("Number of deleted files: " + counted(s.deleted()));
        out.println("Number of regular files transferred: " + grouped(s.transferred()));
        out.println("Total file size: " + sizes.format(s.totalSize()) + " bytes");
        out.println("Total transferred file size: " + sizes.format(s.transferredSize()) + " bytes");
        // A dry run counts what it would transfer, but sends no data: rsync's literal data is 0 then.
        out.println("Literal data: " + sizes.format(s.dryRun() ? 0 : s.transferredSize()) + " bytes");
        out.println("Matched data: " + sizes.format(0) + " bytes");
        out.println("File list size: " + sizes.format(s.listSize()));
        out.println("Total bytes sent: " + sizes.format(s.bytesSent()));
        out.println("Total bytes received: " + sizes.format(s.bytesReceived()));
        out.flush();
    }

    /**
     * "2,016 (reg: 2,000, dir: 15, link: 1)": the total, then the kinds present, as rsync names
     * them; the total alone when it is 0.
     */
    private static String counted(EntryCounts counts) {
        StringJoiner kinds = new StringJoiner(", ", " (", ")").setEmptyValue("");
        addKind(kinds, "reg", counts.regular());
        addKind(kinds, "dir", counts.directories());
        addKind(kinds, "link", counts.symlinks());
        addKind(kinds, "dev", counts.devices());
        addKind(kinds, "special", counts.specials());
        return grouped(counts.total()) + kinds;
    }

    private static void addKind(StringJoiner kinds, String label, long count) {
        if (count != 0) {
            kinds.add(label + ": " + grouped(count));
        }
    }
}
