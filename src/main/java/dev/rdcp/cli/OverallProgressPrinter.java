package dev.rdcp.cli;

import static dev.rdcp.cli.ProgressPrinter.clock;
import static dev.rdcp.cli.ProgressPrinter.rate;

import dev.rdcp.protocol.EntryType;
import dev.rdcp.transfer.TransferListener;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * rsync-style --info=progress2: one line for the whole transfer (bytes moved, percent of the bytes
 * listed so far, average rate, elapsed time, files transferred, entries left to check), redrawn in
 * place with a carriage return at most every 200 ms, on a terminal or not, as rsync's; or, where
 * -v's names are listed between the updates, printed as a new line at most once a second.
 */
final class OverallProgressPrinter implements TransferListener {

    private static final long REDRAW_INTERVAL_NANOS = 200_000_000L;
    private static final long LINE_INTERVAL_NANOS = 1_000_000_000L;

    private final PrintWriter out;
    private final boolean redraw;
    private final SizeFormat sizes;
    private final long interval;
    private final LongSupplier nanoTime;
    private final long startNanos;
    private long lastPrintNanos;
    /** Length of the line now shown: a shorter redraw must blank the rest of it. */
    private int shownLength;

    private final CheckCounts counts = new CheckCounts();
    private long bytesListed;
    /**
     * Bytes moved for the files before the current one. Files are pipelined: the next one starts
     * once the current one's data has moved, before its status is in, so bytes are folded in at
     * the next start rather than at fileDone. A failed file's moved bytes stay counted: they moved.
     */
    private long bytesOfEarlierFiles;
    private long currentFileDone;

    OverallProgressPrinter(PrintWriter out, boolean redraw, SizeFormat sizes) {
        this(out, redraw, sizes, System::nanoTime);
    }

    /** {@code nanoTime} stands in for {@link System#nanoTime} so tests can drive the clock. */
    OverallProgressPrinter(PrintWriter out, boolean redraw, SizeFormat sizes, LongSupplier nanoTime) {
        this.out = out;
        this.redraw = redraw;
        this.sizes = sizes;
        this.interval = redraw ? REDRAW_INTERVAL_NANOS : LINE_INTERVAL_NANOS;
        this.nanoTime = nanoTime;
        this.startNanos = nanoTime.getAsLong();
        this.lastPrintNanos = startNanos;
    }

    /** Directories and symlinks have nothing to move: they are checked as soon as they are listed. */
    @Override
    public void listed(String name, EntryType type, long size) {
        counts.listed(type);
        if (type == EntryType.FILE) {
            bytesListed += size;
        }
        printIfDue();
    }

    @Override
    public void upToDate(String name) {
        counts.upToDate();
        printIfDue();
    }

    @Override
    public void fileStarted(String name, long size) {
        bytesOfEarlierFiles += currentFileDone;
        currentFileDone = 0;
        counts.started();
        printIfDue();
    }

    @Override
    public void progress(long done) {
        currentFileDone = done;
        printIfDue();
    }

    /** Prints the final line, whenever the last one was. */
    void finish() {
        print(nanoTime.getAsLong(), true);
    }

    /** Called per chunk: reads the clock and compares, and formats only when a line is due. */
    private void printIfDue() {
        long now = nanoTime.getAsLong();
        if (now - lastPrintNanos >= interval) {
            lastPrintNanos = now;
            print(now, false);
        }
    }

    private void print(long now, boolean last) {
        long bytes = bytesOfEarlierFiles + currentFileDone;
        long elapsedNanos = now - startNanos;
        double bytesPerSecond = elapsedNanos > 0 ? bytes * 1e9 / elapsedNanos : 0;
        // Capped: a file that grew after it was listed moves more than was listed.
        // Nothing listed yet is nothing done, but an empty transfer ends at 100 %.
        int percent = bytesListed == 0 ? (last ? 100 : 0) : (int) Math.min(100, bytes * 100 / bytesListed);
        String line = String.format(Locale.ROOT, "%15s %3d%% %11s %10s", sizes.format(bytes), percent,
                rate(bytesPerSecond), clock(elapsedNanos / 1_000_000_000L)) + counts.suffix();
        if (redraw) {
            out.print("\r" + line + " ".repeat(Math.max(0, shownLength - line.length())));
            shownLength = line.length();
            if (last) {
                out.println();
            }
        } else {
            out.println(line);
        }
        out.flush();
    }
}
