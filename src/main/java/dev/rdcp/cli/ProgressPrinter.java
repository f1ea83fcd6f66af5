package dev.rdcp.cli;

import dev.rdcp.protocol.EntryType;
import dev.rdcp.transfer.TransferListener;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * rsync's --progress: under each file's name (which -v's list prints: --progress turns it on),
 * its bytes, percent, rate and time, each update starting with a carriage return so that it
 * redraws in place, on a terminal or not, as rsync's: {@code "\r%15s %3d%% %7.2f%s %4d:%02d:%02d"},
 * then two spaces, or on the file's last update {@code " (xfr#N, to-chk=R/T)"} and a newline.
 * While the file moves the time is what is left at the rate so far; on the last update, what it took.
 *
 * <p>Numbers are formatted with Locale.ROOT, here and in the helpers the other printers share:
 * scripts read this output, and it must not turn into "6,64MB/s" under a German locale.
 */
final class ProgressPrinter implements TransferListener {

    private static final long TERMINAL_INTERVAL_NANOS = 200_000_000L;
    private static final long PIPE_INTERVAL_NANOS = 1_000_000_000L;
    private static final double KIB = 1024;

    private final PrintWriter out;
    private final SizeFormat sizes;
    private final long interval;
    private final LongSupplier nanoTime;
    private final CheckCounts counts = new CheckCounts();
    private String name;
    private long size;
    private long startNanos;
    private long lastPrintNanos;
    /** The current file's last update is out (all its bytes moved, or it was reported done). */
    private boolean finished = true;

    ProgressPrinter(PrintWriter out, boolean terminal, SizeFormat sizes) {
        this(out, terminal, sizes, System::nanoTime);
    }

    /** {@code nanoTime} stands in for {@link System#nanoTime} so tests can drive the clock. */
    ProgressPrinter(PrintWriter out, boolean terminal, SizeFormat sizes, LongSupplier nanoTime) {
        this.out = out;
        this.sizes = sizes;
        this.interval = terminal ? TERMINAL_INTERVAL_NANOS : PIPE_INTERVAL_NANOS;
        this.nanoTime = nanoTime;
    }

    @Override
    public void listed(String entryName, EntryType type, long entrySize) {
        counts.listed(type);
    }

    @Override
    public void upToDate(String entryName) {
        counts.upToDate();
    }

    @Override
    public void fileStarted(String fileName, long fileSize) {
        counts.started();
        this.finished = false;
        this.name = fileName;
        this.size = fileSize;
        this.startNanos = nanoTime.getAsLong();
        this.lastPrintNanos = startNanos;
    }

    @Override
    public void progress(long done) {
        long now = nanoTime.getAsLong();
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
            finish(nanoTime.getAsLong());
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
        long clockSeconds = last ? (long) seconds : (rate > 0 ? (long) ((size - done) / rate) : 0);
        out.print(String.format(Locale.ROOT, "\r%15s %3d%% %s %4d:%02d:%02d", sizes.format(done), percent,
                rsyncRate(rate), clockSeconds / 3600, clockSeconds / 60 % 60, clockSeconds % 60)
                + (last ? counts.suffix() + "\n" : "  "));
        out.flush();
    }

    /** "%7.2f" and kB/s, MB/s or GB/s, in units of 1024, as rsync's progress shows a rate. */
    static String rsyncRate(double bytesPerSecond) {
        double rate = bytesPerSecond / KIB;
        String units = "kB/s";
        if (rate > KIB * KIB) {
            rate /= KIB * KIB;
            units = "GB/s";
        } else if (rate > KIB) {
            rate /= KIB;
            units = "MB/s";
        }
        return String.format(Locale.ROOT, "%7.2f%s", PrintfRounding.rounded(rate, 2), units);
    }

    static String rate(double bytesPerSecond) {
        return rsyncRate(bytesPerSecond).trim();
    }

    static String clock(long seconds) {
        return String.format(Locale.ROOT, "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60);
    }

    /** A count with ',' between groups of three digits: 8,192,000. */
    static String grouped(long count) {
        return String.format(Locale.ROOT, "%,d", count);
    }
}
