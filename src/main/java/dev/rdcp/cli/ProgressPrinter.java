package dev.rdcp.cli;

import dev.rdcp.transfer.TransferListener;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * rsync-style --progress: per file, bytes, percent, rate and ETA, redrawn in place on a terminal
 * and printed as a new line per update (at most one a second) when output is piped.
 *
 * <p>Numbers are formatted with Locale.ROOT, here and in the helpers the other printers share:
 * scripts read this output, and it must not turn into "6,64MB/s" under a German locale.
 */
final class ProgressPrinter implements TransferListener {

    private static final long TERMINAL_INTERVAL_NANOS = 200_000_000L;
    private static final long PIPE_INTERVAL_NANOS = 1_000_000_000L;

    private final PrintWriter out;
    private final boolean terminal;
    private final SizeFormat sizes;
    private final long interval;
    private String name;
    private long size;
    private long startNanos;
    private long lastPrintNanos;
    /** The current file's final line is out (all its bytes moved, or it was reported done). */
    private boolean finished = true;

    ProgressPrinter(PrintWriter out, boolean terminal, SizeFormat sizes) {
        this.out = out;
        this.terminal = terminal;
        this.sizes = sizes;
        this.interval = terminal ? TERMINAL_INTERVAL_NANOS : PIPE_INTERVAL_NANOS;
    }

    @Override
    public void fileStarted(String fileName, long fileSize) {
        if (!finished && terminal) {
            out.println();
        }
        this.finished = false;
        this.name = fileName;
        this.size = fileSize;
        this.startNanos = System.nanoTime();
        this.lastPrintNanos = startNanos;
        out.println(fileName);
        out.flush();
    }

    @Override
    public void progress(long done) {
        long now = System.nanoTime();
        if (done == size) {
            finish(now);
        } else if (now - lastPrintNanos >= interval) {
            lastPrintNanos = now;
            print(done, now, false);
        }
    }

    /** Files are pipelined: this may come after the next file started, or for a file of no bytes. */
    @Override
    public void fileDone(String fileName, long fileSize) {
        if (fileName.equals(name) && !finished) {
            finish(System.nanoTime());
        }
    }

    private void finish(long now) {
        finished = true;
        print(size, now, true);
    }

    private void print(long done, long now, boolean last) {
        double seconds = Math.max((now - startNanos) / 1e9, 1e-9);
        double rate = done / seconds;
        int percent = size == 0 ? 100 : (int) (done * 100 / size);
        long etaSeconds = last ? (long) seconds : (rate > 0 ? (long) ((size - done) / rate) : 0);
        String line = String.format(Locale.ROOT, "%15s %3d%% %10s %s%s", sizes.format(done), percent, rate(rate),
                clock(etaSeconds), last ? "" : " ETA");
        if (terminal) {
            out.print("\r" + line + (last ? "\n" : ""));
        } else {
            out.println(line);
        }
        out.flush();
    }

    static String rate(double bytesPerSecond) {
        if (bytesPerSecond >= 1e9) {
            return String.format(Locale.ROOT, "%.2fGB/s", bytesPerSecond / 1e9);
        }
        if (bytesPerSecond >= 1e6) {
            return String.format(Locale.ROOT, "%.2fMB/s", bytesPerSecond / 1e6);
        }
        return String.format(Locale.ROOT, "%.2fkB/s", bytesPerSecond / 1e3);
    }

    static String clock(long seconds) {
        return String.format(Locale.ROOT, "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60);
    }

    /** A count with ',' between groups of three digits: 8,192,000. */
    static String grouped(long count) {
        return String.format(Locale.ROOT, "%,d", count);
    }
}
