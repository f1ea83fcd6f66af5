package dev.rdcp.transfer;

import dev.rdcp.protocol.EntryCounts;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ReceiverCounts;
import java.util.ArrayList;
import java.util.List;

/** Tally of one transfer: what was listed, created, deleted and moved, and what failed. */
public final class TransferReport implements TransferListener {

    /** One failed entry. */
    public record Failure(int exitCode, String message) {
    }

    /** Failures kept for --json and the exit code's first one; beyond this they are only counted. */
    static final int MAX_KEPT_FAILURES = 1000;

    private final List<Failure> failures = new ArrayList<>();
    private long failureCount;
    private boolean onlyVanished = true;
    /** A file's data could not be written (a full disk, an I/O error): rsync ends with 11 on it. */
    private boolean writeFailed;
    /** The first failure but the --max-delete limit's, which sets the exit code only when alone. */
    private Failure firstError;
    private boolean deleteLimit;
    private final long sessionStartNanos = System.nanoTime();
    /** When the first file started: setup (ssh, TCP, RDMA) is not counted in {@link #seconds}. */
    private long startNanos;
    private long endNanos;
    private EntryCounts listed = EntryCounts.ZERO;
    private long totalSize;
    private ReceiverCounts receiverCounts = ReceiverCounts.ZERO;
    private long listSize;
    private long upToDate;
    private int filesDone;
    private long bytesDone;
    private String transport = "";
    private long bytesSent;
    private long bytesReceived;

    @Override
    public void traffic(long bytesSent, long bytesReceived) {
        this.bytesSent = bytesSent;
        this.bytesReceived = bytesReceived;
    }

    @Override
    public void transportChosen(String transport, String fallbackReason) {
        this.transport = transport;
    }

    /** "rdma" or "tcp"; empty before a transport was chosen. */
    public String transport() {
        return transport;
    }

    @Override
    public void listed(String name, EntryType type, long size) {
        listed = listed.plus(type);
        if (type == EntryType.FILE || type == EntryType.SYMLINK) {
            totalSize += size;
        }
    }

    @Override
    public void upToDate(String name) {
        upToDate++;
    }

    @Override
    public void fileStarted(String name, long size) {
        if (startNanos == 0) {
            startNanos = System.nanoTime();
        }
    }

    @Override
    public void fileDone(String name, long bytes) {
        filesDone++;
        bytesDone += bytes;
    }

    @Override
    public void sentFileFailed(long bytes) {
        filesDone--;
        bytesDone -= bytes;
    }

    @Override
    public void fileFailed(int exitCode, String message) {
        if (exitCode == ExitCode.DELETE_LIMIT.code()) {
            deleteLimit = true;
        } else if (exitCode != ExitCode.OK.code() && firstError == null) {
            firstError = new Failure(exitCode, message);
        }
        if (exitCode != ExitCode.OK.code()) {
            failureCount++;
            writeFailed |= exitCode == ExitCode.FILE_IO.code();
            onlyVanished &= exitCode == ExitCode.VANISHED.code() || exitCode == ExitCode.DELETE_LIMIT.code();
            if (failures.size() < MAX_KEPT_FAILURES) {
                failures.add(new Failure(exitCode, message));
            }
        }
    }

    @Override
    public void receiverCounts(ReceiverCounts counts) {
        receiverCounts = counts;
    }

    @Override
    public void listMessage(int bytes) {
        listSize += bytes;
    }

    public void finish() {
        endNanos = System.nanoTime();
    }

    public int filesDone() {
        return filesDone;
    }

    public long bytesDone() {
        return bytesDone;
    }

    /** Seconds from the first file's start to {@link #finish}: the data phase only. */
    public double seconds() {
        if (startNanos == 0) {
            return 0;
        }
        return ((endNanos == 0 ? System.nanoTime() : endNanos) - startNanos) / 1e9;
    }

    public List<Failure> failures() {
        return List.copyOf(failures);
    }

    /** Failures in all, also those past the ones {@link #failures} keeps. */
    public long failureCount() {
        return failureCount;
    }

    /**
     * 0 when everything made it. When nothing made it, the first failure's own code, so a single
     * failed file says why; otherwise, as rsync: 11 when a write failed (rsync ends on it: a full
     * disk), 24 when the only failures are vanished sources, else 23. The --max-delete limit (25)
     * counts only when nothing else failed.
     */
    public int exitCode() {
        if (failureCount == 0) {
            return ExitCode.OK.code();
        }
        if (firstError == null && deleteLimit) {
            return ExitCode.DELETE_LIMIT.code();
        }
        if (filesDone == 0 && upToDate == 0) {
            return firstError.exitCode();
        }
        if (writeFailed) {
            return ExitCode.FILE_IO.code();
        }
        return onlyVanished ? ExitCode.VANISHED.code() : ExitCode.PARTIAL.code();
    }

    /** The counters of the whole session, for --stats and --json. */
    public TransferSummary summary(boolean dryRun) {
        double seconds = ((endNanos == 0 ? System.nanoTime() : endNanos) - sessionStartNanos) / 1e9;
        return new TransferSummary(listed, receiverCounts.created(), receiverCounts.deleted(), filesDone, totalSize,
                bytesDone, listSize, seconds, seconds(), bytesSent, bytesReceived, dryRun, exitCode(), failures);
    }
}
