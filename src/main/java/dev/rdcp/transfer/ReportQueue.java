package dev.rdcp.transfer;

import dev.rdcp.protocol.ItemizedChange;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.Report;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;

/**
 * What the receiving side must tell the sender (failed entries, deletions, backups): each is
 * shown here at once and waits for room in the next answer. What waits is charged to the
 * session's budget by its size, not counted: one directory's --delete may make any number of
 * reports before the next answer, and a peer's entries can make each report 4 KiB.
 */
final class ReportQueue {

    private final ArrayDeque<Report> reports = new ArrayDeque<>();
    private final TransferListener listener;
    private final SessionBudget budget;
    /** The sender is to hear of each backup (extended flag INFO_BACKUP): its client shows them. */
    private final boolean tellsBackups;

    ReportQueue(TransferListener listener, SessionBudget budget, boolean tellsBackups) {
        this.listener = listener;
        this.budget = budget;
        this.tellsBackups = tellsBackups;
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

    /** -b: what stood at {@code name} was kept as {@code backupName}; told to the sender where it asked. */
    void backedUp(byte[] name, byte[] backupName) {
        listener.backedUp(name, backupName);
        if (tellsBackups) {
            add(Report.backedUp(name, backupName));
        }
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
        try {
            budget.spend(cost(report));
        } catch (ProtocolException e) {
            throw new UncheckedIOException(e);
        }
        reports.add(report);
    }

    /** What keeping {@code report} costs: its text and the objects around it. */
    private static long cost(Report report) {
        return 64 + report.text().length;
    }

    /** As many waiting reports as fit in the rest of {@code out}. */
    void appendTo(ByteBuffer out) {
        while (!reports.isEmpty() && reports.peek().encodedSize() <= out.remaining()) {
            Report report = reports.poll();
            budget.release(cost(report));
            report.encode(out);
        }
    }

    boolean isEmpty() {
        return reports.isEmpty();
    }

    int size() {
        return reports.size();
    }
}
