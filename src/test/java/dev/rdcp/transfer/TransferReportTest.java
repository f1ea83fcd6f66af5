package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.EntryCounts;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ReceiverCounts;
import dev.rdcp.protocol.ExitCode;
import java.util.List;
import org.junit.jupiter.api.Test;

class TransferReportTest {

    @Test
    void noFailuresIsExitZeroAndCountsFilesAndBytes() {
        TransferReport report = new TransferReport();
        report.fileDone("a", 100);
        report.fileDone("b", 5_000_000_000L);
        report.fileDone("empty", 0);
        assertEquals(0, report.exitCode());
        assertEquals(3, report.filesDone());
        assertEquals(5_000_000_100L, report.bytesDone());
        assertTrue(report.failures().isEmpty());
    }

    @Test
    void nothingAtAllIsExitZero() {
        assertEquals(0, new TransferReport().exitCode());
    }

    @Test
    void allFailedGivesTheFirstFailuresCode() {
        TransferReport report = new TransferReport();
        report.fileFailed(ExitCode.DATA_STREAM.code(), "a: checksum mismatch");
        report.fileFailed(ExitCode.FILE_IO.code(), "b: no space");
        assertEquals(ExitCode.DATA_STREAM.code(), report.exitCode());
        assertEquals(0, report.filesDone());
        assertEquals(List.of(new TransferReport.Failure(12, "a: checksum mismatch"),
                new TransferReport.Failure(11, "b: no space")), report.failures());
    }

    @Test
    void failuresPastTheOnesKeptAreStillCounted() {
        TransferReport report = new TransferReport();
        for (int i = 0; i < TransferReport.MAX_KEPT_FAILURES + 5; i++) {
            report.fileFailed(ExitCode.PARTIAL.code(), "f" + i);
        }
        report.fileFailed(ExitCode.OK.code(), "a note");
        assertEquals(TransferReport.MAX_KEPT_FAILURES, report.failures().size());
        assertEquals(TransferReport.MAX_KEPT_FAILURES + 5, report.failureCount());
    }

    @Test
    void someSucceededAndSomeFailedIs23() {
        TransferReport report = new TransferReport();
        report.fileFailed(ExitCode.FILE_SELECTION.code(), "missing");
        report.fileDone("ok", 10);
        assertEquals(23, report.exitCode());
        assertEquals(1, report.filesDone());
        assertEquals(10, report.bytesDone());
    }

    /** At the sender, a file counted when sent and then failed at the receiver no longer counts: its own code stands. */
    @Test
    void aSentFileTheReceiverFailedIsTakenBack() {
        TransferReport report = new TransferReport();
        report.fileDone("big", 10);
        report.fileFailed(ExitCode.DATA_STREAM.code(), "checksum mismatch in big");
        report.sentFileFailed(10);
        assertEquals(0, report.filesDone());
        assertEquals(0, report.bytesDone());
        assertEquals(ExitCode.DATA_STREAM.code(), report.exitCode());
        report.fileDone("small", 3);
        assertEquals(ExitCode.PARTIAL.code(), report.exitCode());
    }

    @Test
    void anUpToDateFileCountsAsMadeItSoAFailureBesideItIs23() {
        TransferReport report = new TransferReport();
        report.upToDate("same");
        report.fileFailed(ExitCode.PARTIAL.code(), "other: cannot create");
        assertEquals(ExitCode.PARTIAL.code(), report.exitCode());
    }

    /** rsync ends with 11 on a failed write (a full disk): so does a copy where one failed, whatever else arrived. */
    @Test
    void aFailedWriteIs11EvenBesideFilesThatArrived() {
        TransferReport report = new TransferReport();
        report.fileDone("ok", 10);
        report.fileFailed(ExitCode.FILE_SELECTION.code(), "missing");
        report.fileFailed(ExitCode.FILE_IO.code(), "big: No space left on device");
        assertEquals(ExitCode.FILE_IO.code(), report.exitCode());
    }

    @Test
    void onlyVanishedSourcesBesideSuccessesIs24() {
        TransferReport report = new TransferReport();
        report.fileDone("ok", 1);
        report.fileFailed(ExitCode.VANISHED.code(), "file has vanished: a");
        report.fileFailed(ExitCode.VANISHED.code(), "file has vanished: b");
        assertEquals(ExitCode.VANISHED.code(), report.exitCode());
    }

    @Test
    void vanishedMixedWithAnotherFailureIs23() {
        TransferReport report = new TransferReport();
        report.fileDone("ok", 1);
        report.fileFailed(ExitCode.VANISHED.code(), "file has vanished: a");
        report.fileFailed(ExitCode.PARTIAL.code(), "b: cannot create");
        assertEquals(ExitCode.PARTIAL.code(), report.exitCode());
    }

    @Test
    void theDeleteLimitAloneIs25WhateverElseMadeIt() {
        TransferReport report = new TransferReport();
        report.fileFailed(ExitCode.DELETE_LIMIT.code(), "Deletions stopped due to --max-delete limit (2 skipped)");
        assertEquals(ExitCode.DELETE_LIMIT.code(), report.exitCode());
        report.fileDone("ok", 1);
        assertEquals(ExitCode.DELETE_LIMIT.code(), report.exitCode());
    }

    @Test
    void anyOtherFailureBeatsTheDeleteLimit() {
        TransferReport report = new TransferReport();
        report.fileFailed(ExitCode.DELETE_LIMIT.code(), "Deletions stopped due to --max-delete limit (1 skipped)");
        report.fileFailed(ExitCode.DATA_STREAM.code(), "b: checksum mismatch");
        assertEquals(ExitCode.DATA_STREAM.code(), report.exitCode(), "nothing made it: the first real failure's code");
        report.fileDone("ok", 1);
        assertEquals(ExitCode.PARTIAL.code(), report.exitCode());
    }

    @Test
    void vanishedBesideTheDeleteLimitIs24() {
        TransferReport report = new TransferReport();
        report.fileDone("ok", 1);
        report.fileFailed(ExitCode.VANISHED.code(), "file has vanished: a");
        report.fileFailed(ExitCode.DELETE_LIMIT.code(), "Deletions stopped due to --max-delete limit (1 skipped)");
        assertEquals(ExitCode.VANISHED.code(), report.exitCode());
    }

    @Test
    void aNoteWithExitCodeZeroIsNoFailure() {
        TransferReport report = new TransferReport();
        report.fileFailed(ExitCode.OK.code(), "skipping non-regular file fifo");
        assertEquals(0, report.exitCode());
        assertTrue(report.failures().isEmpty());
    }

    @Test
    void startedDoesNotCountAsDone() {
        TransferReport report = new TransferReport();
        report.fileStarted("a", 100);
        report.progress(50);
        report.fileFailed(ExitCode.FILE_IO.code(), "a: write failed");
        assertEquals(ExitCode.FILE_IO.code(), report.exitCode());
        assertEquals(0, report.filesDone());
        assertEquals(0, report.bytesDone());
    }

    @Test
    void failuresListIsACopy() {
        TransferReport report = new TransferReport();
        report.fileFailed(3, "x");
        assertThrows(UnsupportedOperationException.class, () -> report.failures().clear());
        assertEquals(1, report.failures().size());
    }

    @Test
    void summaryCountsListedEntriesByTypeCreatedAndDeleted() {
        TransferReport report = new TransferReport();
        report.listed(".", EntryType.DIRECTORY, 0);
        report.listed("a", EntryType.FILE, 10);
        report.listed("b", EntryType.FILE, 32);
        report.listed("l", EntryType.SYMLINK, 0);
        report.listed("p", EntryType.SPECIAL, 0);
        report.listed("e", EntryType.DIRECTORY_END, 0);
        report.deleted("old".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        report.receiverCounts(new ReceiverCounts(new EntryCounts(1, 1, 1, 0, 0), new EntryCounts(0, 0, 1, 0, 1)));
        report.listMessage(100);
        report.listMessage(20);
        report.fileDone("a", 10);
        report.finish();
        TransferSummary summary = report.summary(true);
        assertEquals(5, summary.files());
        assertEquals(new EntryCounts(2, 1, 1, 0, 1), summary.listed(), "a directory's end counts as nothing");
        assertEquals(new EntryCounts(1, 1, 1, 0, 0), summary.created(), "the receiving side's counts, as told");
        assertEquals(new EntryCounts(0, 0, 1, 0, 1), summary.deleted(), "not the names of the deletions seen");
        assertEquals(120, summary.listSize());
        assertEquals(1, summary.transferred());
        assertEquals(42, summary.totalSize());
        assertEquals(10, summary.transferredSize());
        assertTrue(summary.dryRun());
        assertEquals(0, summary.exitCode());
    }

    @Test
    void secondsCountFromTheFirstFileAndStopAtFinish() throws Exception {
        TransferReport report = new TransferReport();
        Thread.sleep(30);
        assertEquals(0.0, report.seconds(), "setup before the first file is not counted");
        report.fileStarted("f", 1);
        Thread.sleep(20);
        report.finish();
        double finished = report.seconds();
        assertTrue(finished >= 0.015, "seconds " + finished);
        Thread.sleep(20);
        assertEquals(finished, report.seconds());
    }
}
