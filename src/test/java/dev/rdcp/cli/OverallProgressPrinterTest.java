package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rdcp.protocol.EntryType;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class OverallProgressPrinterTest {

    private static final String NL = System.lineSeparator();

    private final StringWriter text = new StringWriter();
    private long nowNanos;
    private Locale saved;

    /** A locale with '.' grouping and ',' decimals: the line must not follow it. */
    @BeforeEach
    void useAGermanLocale() {
        saved = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
    }

    @AfterEach
    void restoreLocale() {
        Locale.setDefault(saved);
    }

    /** Built at time 0 of the test clock. */
    private OverallProgressPrinter printer(boolean terminal) {
        nowNanos = 0;
        return new OverallProgressPrinter(new PrintWriter(text), terminal, SizeFormat.GROUPED, () -> nowNanos);
    }

    private void at(long millis) {
        nowNanos = millis * 1_000_000L;
    }

    private List<String> lines() {
        return text.toString().lines().toList();
    }

    @Test
    void pipedOutputPrintsALineAtMostOnceASecond() {
        OverallProgressPrinter printer = printer(false);
        printer.listed("d", EntryType.DIRECTORY, 0);
        printer.listed("d/a", EntryType.FILE, 1_000_000);
        printer.listed("d/b", EntryType.FILE, 3_000_000);
        printer.listed("d/c", EntryType.FILE, 6_000_000);
        at(500);
        printer.fileStarted("d/a", 1_000_000);
        printer.progress(500_000);
        at(999);
        printer.progress(600_000);
        assertEquals("", text.toString());
        at(1_000);
        printer.progress(1_000_000);
        at(1_500);
        printer.fileDone("d/a", 1_000_000);
        printer.fileStarted("d/b", 3_000_000);
        printer.progress(1_500_000);
        at(2_000);
        printer.upToDate("d/c");
        at(2_500);
        printer.progress(3_000_000);
        printer.fileDone("d/b", 3_000_000);
        at(4_000);
        printer.finish();

        assertEquals(List.of(
                "      1,000,000  10%  976.56kB/s    0:00:01 (xfr#1, to-chk=2/4)",
                "      2,500,000  25%    1.19MB/s    0:00:02 (xfr#2, to-chk=0/4)",
                "      4,000,000  40%  976.56kB/s    0:00:04 (xfr#2, to-chk=0/4)"), lines());
    }

    @Test
    void terminalRedrawsInPlaceAtMostEvery200MillisAndEndsTheLineAtFinish() {
        OverallProgressPrinter printer = printer(true);
        for (int i = 0; i < 9; i++) {
            printer.listed("f" + i, EntryType.FILE, 100);
        }
        at(200);
        printer.listed("f9", EntryType.FILE, 100);
        at(399);
        printer.fileStarted("f0", 100);
        at(400);
        printer.progress(40);
        at(500);
        printer.progress(100);
        printer.finish();

        assertEquals(
                "\r              0   0%    0.00kB/s    0:00:00 (xfr#0, to-chk=10/10)"
                // One character shorter than the line it overwrites: a space blanks the leftover.
                + "\r             40   4%    0.10kB/s    0:00:00 (xfr#1, to-chk=9/10) "
                + "\r            100  10%    0.20kB/s    0:00:00 (xfr#1, to-chk=9/10)" + NL,
                text.toString());
    }

    @Test
    void nothingListedIsDoneAtOnce() {
        printer(false).finish();
        assertEquals(List.of("              0 100%    0.00kB/s    0:00:00 (xfr#0, to-chk=0/0)"), lines());
    }

    @Test
    void beforeAnythingIsListedNothingIsDone() {
        OverallProgressPrinter printer = printer(false);
        at(1_500);
        printer.progress(0);
        assertEquals(List.of("              0   0%    0.00kB/s    0:00:01 (xfr#0, to-chk=0/0)"), lines());
    }

    @Test
    void bytesOfAFileStayCountedWhenTheNextStartsBeforeItsStatusAndWhenItFails() {
        OverallProgressPrinter printer = printer(false);
        printer.listed("a", EntryType.FILE, 10);
        printer.listed("b", EntryType.FILE, 20);
        printer.listed("c", EntryType.FILE, 30);
        printer.fileStarted("a", 10);
        printer.progress(10);
        printer.fileStarted("b", 20);
        printer.fileDone("a", 10);
        printer.progress(5);
        printer.finish();
        printer.fileFailed(23, "b: No space left on device");
        printer.fileStarted("c", 30);
        printer.progress(30);
        printer.fileDone("c", 30);
        printer.finish();

        assertEquals(List.of(
                "             15  25%    0.00kB/s    0:00:00 (xfr#2, to-chk=1/3)",
                "             45  75%    0.00kB/s    0:00:00 (xfr#3, to-chk=0/3)"), lines());
    }

    @Test
    void directoriesAndSymlinksAreCheckedWhenListedAndFilesWhenStarted() {
        OverallProgressPrinter printer = printer(false);
        printer.listed("dir", EntryType.DIRECTORY, 0);
        printer.listed("link", EntryType.SYMLINK, 0);
        printer.listed("empty", EntryType.FILE, 0);
        printer.listed("full", EntryType.FILE, 8);
        printer.finish();
        printer.fileStarted("empty", 0);
        printer.fileDone("empty", 0);
        printer.finish();
        printer.fileStarted("full", 8);
        printer.progress(8);
        printer.fileDone("full", 8);
        printer.finish();

        assertEquals(List.of(
                "              0   0%    0.00kB/s    0:00:00 (xfr#0, to-chk=2/4)",
                "              0   0%    0.00kB/s    0:00:00 (xfr#1, to-chk=1/4)",
                "              8 100%    0.00kB/s    0:00:00 (xfr#2, to-chk=0/4)"), lines());
    }

    @Test
    void upToDateFilesAreCheckedButNotTransferred() {
        OverallProgressPrinter printer = printer(false);
        printer.listed("same1", EntryType.FILE, 40);
        printer.listed("same2", EntryType.FILE, 60);
        printer.listed("new", EntryType.FILE, 100);
        printer.upToDate("same1");
        printer.upToDate("same2");
        printer.finish();
        assertEquals(List.of("              0   0%    0.00kB/s    0:00:00 (xfr#0, to-chk=1/3)"), lines());
    }

    @Test
    void aFileThatGrewAfterListingDoesNotPassAHundredPercent() {
        OverallProgressPrinter printer = printer(false);
        printer.listed("log", EntryType.FILE, 100);
        printer.fileStarted("log", 150);
        printer.progress(150);
        printer.finish();
        assertEquals(List.of("            150 100%    0.00kB/s    0:00:00 (xfr#1, to-chk=0/1)"), lines());
    }
}
