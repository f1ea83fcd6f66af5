package dev.rdcp.transfer;

import dev.rdcp.protocol.ItemizedChange;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.Report;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;

/**
 * What the receiving side must tell the sender (failed entries, deletions): each is shown here at
 * once and waits for room in the next answer. A peer whose entries make far more of them than
 * the answers can carry is not playing the protocol; the bound keeps its session's memory small.
 */
final class ReportQueue {

    static final int MAX_QUEUED = 100_000;

    private final ArrayDeque<Report> reports = new ArrayDeque<>();
    private final TransferListener listener;

    ReportQueue(TransferListener listener) {
        this.listener = listener;
    }

    /** Entry {@code index} (or -1) failed with {@code code}. */
    void failed(int index, int code, String message) {
        listener.fileFailed(code, message);
        add(new Report(Report.Kind.FAILED, index, code, message.getBytes(StandardCharsets.UTF_8)));
    }

    void deleted(byte[] name) {
        listener.deleted(name);
        add(new Report(Report.Kind.DELETED, -1, 0, name));
    }

    /** -i: entry {@code index}'s change, shown here and told to the sender (which shows it on a push). */
    void itemized(int index, ItemizedChange change) {
        listener.itemized(change);
        add(new Report(Report.Kind.ITEMIZED, index, 0, change.encode()));
    }

    /** Entry {@code index} is in place here (--remove-source-files). */
    void inPlace(int index) {
        add(new Report(Report.Kind.IN_PLACE, index, 0, new byte[0]));
    }

    private void add(Report report) {
        if (reports.size() >= MAX_QUEUED) {
            throw new UncheckedIOException(new ProtocolException("more than " + MAX_QUEUED
                    + " reports are waiting to be sent"));
        }
        reports.add(report);
    }

    /** As many waiting reports as fit in the rest of {@code out}. */
    void appendTo(ByteBuffer out) {
        while (!reports.isEmpty() && reports.peek().encodedSize() <= out.remaining()) {
            reports.poll().encode(out);
        }
    }

    boolean isEmpty() {
        return reports.isEmpty();
    }

    int size() {
        return reports.size();
    }
}
