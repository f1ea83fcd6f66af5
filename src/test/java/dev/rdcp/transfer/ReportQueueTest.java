package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ControlHeader;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.Report;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The reports the receiving side keeps until its answers have room: bounded by their memory, not their number. */
class ReportQueueTest {

    /**
     * Found in review: the queue took at most 100,000 reports, so --delete of a directory holding
     * 150,000 names the sender does not list ended the session after 100,001 deletions ("more
     * than 100000 reports are waiting to be sent", exit 12), where rsync deletes them all.
     */
    @Test
    void moreThanAHundredThousandDeletionsInOneDirectoryWaitForTheirAnswers() throws Exception {
        ReportQueue reports = new ReportQueue(new TransferReport(), new SessionBudget(), false);
        for (int i = 0; i < 150_000; i++) {
            reports.deleted(String.format("f%06d", i).getBytes(StandardCharsets.UTF_8));
        }
        int sent = 0;
        ByteBuffer answer = ByteBuffer.allocate(ControlHeader.MAX_MESSAGE);
        while (!reports.isEmpty()) {
            reports.appendTo(answer.clear());
            for (answer.flip(); answer.hasRemaining(); sent++) {
                Report.decode(answer);
            }
        }
        assertEquals(150_000, sent);
    }

    /**
     * Found in review: 100,000 reports could hold 4 KiB of text each. A sender listing symlinks
     * without -l under 790-byte names of control characters (each report the escaped name, about
     * 4 KB) made a receiver hold 516 MB of reports in 7 s before the count stopped it.
     */
    @Test
    void reportsWaitingForRoomCountAgainstTheSessionsBudget() {
        ReportQueue reports = new ReportQueue(new TransferReport(), new SessionBudget(1 << 20), false);
        String line = "x".repeat(Report.MAX_TEXT);
        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> {
            for (int i = 0; i < 1_000; i++) {
                reports.failed(i, ExitCode.PARTIAL.code(), line);
            }
        });
        assertInstanceOf(ProtocolException.class, e.getCause());
        assertTrue(e.getCause().getMessage().contains("MiB of bookkeeping"), e.getCause().getMessage());
    }

    @Test
    void whatAnAnswerCarriesIsGivenBack() {
        SessionBudget budget = new SessionBudget();
        ReportQueue reports = new ReportQueue(new TransferReport(), budget, false);
        reports.failed(7, ExitCode.PARTIAL.code(), "f: cannot create");
        reports.inPlace(8);
        assertTrue(budget.spent() > 0);
        reports.appendTo(ByteBuffer.allocate(ControlHeader.MAX_MESSAGE));
        assertTrue(reports.isEmpty());
        assertEquals(0, budget.spent());
    }
}
