package dev.rdcp.transfer;

import dev.rdcp.protocol.ExitCode;
import java.util.ArrayList;
import java.util.List;

/** Tally of one transfer: files and bytes moved, and what failed. */
public final class TransferReport implements TransferListener {

    /** One failed file. */
    public record Failure(int exitCode, String message) {
    }

    private final TransferListener next;
    private final List<Failure> failures = new ArrayList<>();
    /** When the first file started: setup (ssh, TCP, RDMA) is not counted in {@link #seconds}. */
    private long startNanos;
    private long endNanos;
    private int filesDone;
    private long bytesDone;

    public TransferReport(TransferListener next) {
        this.next = next;
    }

    @Override
    public void fileStarted(String name, long size) {
        if (startNanos == 0) {
            startNanos = System.nanoTime();
        }
        next.fileStarted(name, size);
    }

    @Override
    public void progress(long done) {
        next.progress(done);
    }

    @Override
    public void fileDone(String name, long size) {
        filesDone++;
        bytesDone += size;
        next.fileDone(name, size);
    }

    @Override
    public void fileFailed(int exitCode, String message) {
        failures.add(new Failure(exitCode, message));
        next.fileFailed(exitCode, message);
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

    /**
     * 0 when every file made it; when all failed, the first failure's own code (so a single
     * failed file says why); when some made it and some did not, 23, as rsync does.
     */
    public int exitCode() {
        if (failures.isEmpty()) {
            return 0;
        }
        return filesDone == 0 ? failures.get(0).exitCode() : ExitCode.PARTIAL.code();
    }
}
