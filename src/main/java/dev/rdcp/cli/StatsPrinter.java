package dev.rdcp.cli;

import static dev.rdcp.cli.ProgressPrinter.grouped;
import static dev.rdcp.cli.ProgressPrinter.rate;

import dev.rdcp.transfer.TransferSummary;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.StringJoiner;

/** rsync's --stats block, limited to the counters a {@link TransferSummary} holds; sizes as -h asks, counts grouped. */
final class StatsPrinter {

    private StatsPrinter() {
    }

    static void print(TransferSummary s, SizeFormat sizes, PrintWriter out) {
        // As rsync: a blank line sets the block off from the lines before it.
        out.println();
        out.println("Number of files: " + grouped(s.files()) + kinds(s));
        out.println("Number of created files: " + grouped(s.created()));
        out.println("Number of deleted files: " + grouped(s.deleted()));
        out.println("Number of regular files transferred: " + grouped(s.transferred()));
        out.println("Total file size: " + sizes.format(s.totalSize()) + " bytes");
        out.println("Total transferred file size: " + sizes.format(s.transferredSize()) + " bytes");
        out.println("Total bytes sent: " + sizes.format(s.bytesSent()));
        out.println("Total bytes received: " + sizes.format(s.bytesReceived()));
        out.println(String.format(Locale.ROOT, "Total time: %.3f s", s.seconds()));
        out.println("Transfer rate: " + rate(s.bytesPerSecond()));
        if (s.dryRun()) {
            out.println("(DRY RUN)");
        }
        out.flush();
    }

    /** " (reg: 2,000, dir: 15, link: 1)", naming only the kinds present, as rsync does; "" when none is. */
    private static String kinds(TransferSummary s) {
        StringJoiner kinds = new StringJoiner(", ", " (", ")").setEmptyValue("");
        addKind(kinds, "reg", s.regularFiles());
        addKind(kinds, "dir", s.directories());
        addKind(kinds, "link", s.symlinks());
        addKind(kinds, "dev", s.devices());
        addKind(kinds, "special", s.specials());
        return kinds.toString();
    }

    private static void addKind(StringJoiner kinds, String label, long count) {
        if (count != 0) {
            kinds.add(label + ": " + grouped(count));
        }
    }
}
