package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.EntryType;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ProgressPrinterTest {

    private static final long SECOND = 1_000_000_000L;

    private Locale saved;
    private final StringWriter text = new StringWriter();
    private long now;

    @BeforeEach
    void fixLocale() {
        saved = Locale.getDefault();
        Locale.setDefault(Locale.ROOT);
    }

    @AfterEach
    void restoreLocale() {
        Locale.setDefault(saved);
    }

    private ProgressPrinter printer(SizeFormat sizes) {
        return new ProgressPrinter(new PrintWriter(text), false, sizes, () -> now);
    }

    /** ".", big.iso and other listed: the directory is checked as it is listed. */
    private ProgressPrinter listedThree() {
        ProgressPrinter printer = printer(SizeFormat.GROUPED);
        printer.listed(".", EntryType.DIRECTORY, 0);
        printer.listed("big.iso", EntryType.FILE, 5_000_000);
        printer.listed("other", EntryType.FILE, 7);
        return printer;
    }

    @Test
    void aFilesLastUpdateIsRsyncsLineWithTheCounts() {
        ProgressPrinter printer = listedThree();
        printer.fileStarted("big.iso", 5_000_000);
        now += 2 * SECOND;
        printer.fileDone("big.iso", 5_000_000);
        assertEquals("\r      5,000,000 100%    2.38MB/s    0:00:02 (xfr#1, to-chk=1/3)\n", text.toString());
    }

    @Test
    void updatesWhileItMovesRedrawInPlaceWithWhatIsLeft() {
        ProgressPrinter printer = listedThree();
        printer.fileStarted("big.iso", 5_000_000);
        now += SECOND / 2;
        printer.progress(1_000_000);
        assertEquals("", text.toString(), "not a second yet since the start");
        now += SECOND / 2;
        printer.progress(1_000_000);
        assertEquals("\r      1,000,000  20%  976.56kB/s    0:00:04  ", text.toString());
        now += 4 * SECOND;
        printer.progress(5_000_000);
        assertTrue(text.toString().endsWith("\r      5,000,000 100%  976.56kB/s    0:00:05 (xfr#1, to-chk=1/3)\n"),
                text.toString());
    }

    @Test
    void anEmptyFileIsAlso100Percent() {
        ProgressPrinter printer = printer(SizeFormat.GROUPED);
        printer.listed("empty", EntryType.FILE, 0);
        printer.fileStarted("empty", 0);
        printer.fileDone("empty", 0);
        assertEquals("\r              0 100%    0.00kB/s    0:00:00 (xfr#1, to-chk=0/1)\n", text.toString());
    }

    @Test
    void doneForAnotherFileIsIgnored() {
        ProgressPrinter printer = printer(SizeFormat.GROUPED);
        printer.fileStarted("a", 10);
        printer.fileDone("b", 10);
        assertEquals("", text.toString());
    }

    @Test
    void aFileIsFinishedWhenItsLastByteMovesEvenIfItsStatusComesLater() {
        ProgressPrinter printer = printer(SizeFormat.GROUPED);
        printer.fileStarted("a", 10);
        printer.progress(10);
        printer.fileStarted("b", 20);
        printer.fileDone("a", 10);
        printer.fileDone("b", 20);
        String[] lines = text.toString().split("\n");
        assertEquals(2, lines.length, text.toString());
        assertTrue(lines[0].startsWith("\r             10 100%") && lines[0].endsWith("(xfr#1, to-chk=0/0)"), lines[0]);
        assertTrue(lines[1].startsWith("\r             20 100%") && lines[1].endsWith("(xfr#2, to-chk=0/0)"), lines[1]);
    }

    @Test
    void ratesAreInUnitsOf1024AsRsyncs() {
        assertEquals("   0.00kB/s", ProgressPrinter.rsyncRate(0));
        assertEquals("   1.46kB/s", ProgressPrinter.rsyncRate(1500));
        assertEquals("1024.00kB/s", ProgressPrinter.rsyncRate(1024 * 1024));
        assertEquals("  95.37MB/s", ProgressPrinter.rsyncRate(1e8));
        assertEquals("   2.00GB/s", ProgressPrinter.rsyncRate(2.0 * (1L << 30)));
        // C's rounding of the double's exact value, as rsync's "%7.2f": not 2.68 nor 0.13.
        assertEquals("   2.67kB/s", ProgressPrinter.rsyncRate(2.675 * 1024));
        assertEquals("   0.12kB/s", ProgressPrinter.rsyncRate(0.125 * 1024));
        assertEquals("95.37MB/s", ProgressPrinter.rate(1e8));
    }

    @Test
    void clockIsHoursMinutesSeconds() {
        assertEquals("1:02:05", ProgressPrinter.clock(3725));
        assertEquals("0:00:00", ProgressPrinter.clock(0));
        assertEquals("0:00:59", ProgressPrinter.clock(59));
        assertEquals("0:01:00", ProgressPrinter.clock(60));
        assertEquals("100:00:01", ProgressPrinter.clock(360_001));
    }

    @Test
    void groupedPutsACommaBetweenThousands() {
        assertEquals("0", ProgressPrinter.grouped(0));
        assertEquals("999", ProgressPrinter.grouped(999));
        assertEquals("8,192,000", ProgressPrinter.grouped(8_192_000));
    }

    @Test
    void helpersIgnoreTheDefaultLocale() {
        Locale.setDefault(Locale.GERMANY);
        assertEquals("6.33MB/s", ProgressPrinter.rate(6_640_000));
        assertEquals("8,192,000", ProgressPrinter.grouped(8_192_000));
        assertEquals("0:00:05", ProgressPrinter.clock(5));
    }

    @Test
    void humanReadableShowsTheBytesInUnits() {
        ProgressPrinter printer = printer(SizeFormat.DECIMAL_UNITS);
        printer.fileStarted("big.iso", 5_000_000);
        printer.fileDone("big.iso", 5_000_000);
        assertTrue(text.toString().startsWith("\r          5.00M 100% "), text.toString());
    }
}
