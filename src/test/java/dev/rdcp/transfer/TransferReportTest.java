package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ExitCode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TransferReportTest {

    /** Records what the report passes on. */
    private static final class Recorder implements TransferListener {
        final List<String> events = new ArrayList<>();

        @Override
        public void fileStarted(String name, long size) {
            events.add("start " + name + " " + size);
        }

        @Override
        public void progress(long done) {
            events.add("progress " + done);
        }

        @Override
        public void fileDone(String name, long size) {
            events.add("done " + name + " " + size);
        }

        @Override
        public void fileFailed(int exitCode, String message) {
            events.add("failed " + exitCode + " " + message);
        }
    }

    @Test
    void noFailuresIsExitZeroAndCountsFilesAndBytes() {
        TransferReport report = new TransferReport(TransferListener.NONE);
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
        assertEquals(0, new TransferReport(TransferListener.NONE).exitCode());
    }

    @Test
    void allFailedGivesTheFirstFailuresCode() {
        TransferReport report = new TransferReport(TransferListener.NONE);
        report.fileFailed(ExitCode.DATA_STREAM.code(), "a: checksum mismatch");
        report.fileFailed(ExitCode.FILE_IO.code(), "b: no space");
        assertEquals(ExitCode.DATA_STREAM.code(), report.exitCode());
        assertEquals(0, report.filesDone());
        assertEquals(List.of(new TransferReport.Failure(12, "a: checksum mismatch"),
                new TransferReport.Failure(11, "b: no space")), report.failures());
    }

    @Test
    void someSucceededAndSomeFailedIs23() {
        TransferReport report = new TransferReport(TransferListener.NONE);
        report.fileFailed(ExitCode.FILE_SELECTION.code(), "missing");
        report.fileDone("ok", 10);
        assertEquals(23, report.exitCode());
        assertEquals(1, report.filesDone());
        assertEquals(10, report.bytesDone());
    }

    @Test
    void startedAndProgressDoNotCountAsDone() {
        TransferReport report = new TransferReport(TransferListener.NONE);
        report.fileStarted("a", 100);
        report.progress(50);
        report.fileFailed(ExitCode.FILE_IO.code(), "a: write failed");
        assertEquals(ExitCode.FILE_IO.code(), report.exitCode());
        assertEquals(0, report.bytesDone());
    }

    @Test
    void everyEventIsPassedOnInOrder() {
        Recorder recorder = new Recorder();
        TransferReport report = new TransferReport(recorder);
        report.fileStarted("f", 8);
        report.progress(4);
        report.fileDone("f", 8);
        report.fileFailed(3, "g: missing");
        assertEquals(List.of("start f 8", "progress 4", "done f 8", "failed 3 g: missing"), recorder.events);
    }

    @Test
    void failuresListIsACopy() {
        TransferReport report = new TransferReport(TransferListener.NONE);
        report.fileFailed(3, "x");
        assertThrows(UnsupportedOperationException.class, () -> report.failures().clear());
        assertEquals(1, report.failures().size());
    }

    @Test
    void secondsCountFromTheFirstFileAndStopAtFinish() throws Exception {
        TransferReport report = new TransferReport(TransferListener.NONE);
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
