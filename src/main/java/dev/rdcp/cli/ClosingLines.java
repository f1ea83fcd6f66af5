package dev.rdcp.cli;

import dev.rdcp.transfer.TransferSummary;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * rsync's last lines for -v and --stats: what this side sent and received, at what rate over the
 * whole session, the total size and the "speedup" (total size over bytes moved). rdcp counts the
 * bytes of its messages and data once connected; rsync counts its own protocol's, so the two
 * tools' figures for one copy are close but not equal.
 */
final class ClosingLines {

    private ClosingLines() {
    }

    static void print(TransferSummary s, SizeFormat sizes, PrintWriter out) {
        long moved = s.bytesSent() + s.bytesReceived();
        double rate = s.seconds() > 0 ? moved / s.seconds() : 0;
        double speedup = moved > 0 ? (double) s.totalSize() / moved : 0;
        out.println();
        out.println("sent " + sizes.format(s.bytesSent()) + " bytes  received " + sizes.format(s.bytesReceived())
                + " bytes  " + sizes.formatRate(rate) + " bytes/sec");
        // As rsync: the speedup is a plain number even with -h.
        out.println("total size is " + sizes.format(s.totalSize()) + "  speedup is "
                + String.format(Locale.ROOT, "%,.2f", PrintfRounding.rounded(speedup, 2))
                + (s.dryRun() ? " (DRY RUN)" : ""));
        out.flush();
    }
}
