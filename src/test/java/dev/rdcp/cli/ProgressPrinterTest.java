package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ProgressPrinterTest {

    private Locale saved;
    private final StringWriter text = new StringWriter();

    @BeforeEach
    void fixLocale() {
        saved = Locale.getDefault();
        Locale.setDefault(Locale.ROOT);
    }

    @AfterEach
    void restoreLocale() {
        Locale.setDefault(saved);
    }

    private ProgressPrinter printer(boolean terminal) {
        return new ProgressPrinter(new PrintWriter(text), terminal, SizeFormat.GROUPED);
    }

    @Test
    void pipedOutputPrintsTheNameThenAFinalLineAt100Percent() {
        ProgressPrinter printer = printer(false);
        printer.fileStarted("big.iso", 5_000_000);
        printer.fileDone("big.iso", 5_000_000);
        List<String> lines = text.toString().lines().toList();
        assertEquals(2, lines.size(), text.toString());
        assertEquals("big.iso", lines.get(0));
        assertTrue(lines.get(1).contains("100%"), lines.get(1));
        assertTrue(lines.get(1).contains("5,000,000"), lines.get(1));
        assertTrue(lines.get(1).matches(".*[kMG]B/s.*"), lines.get(1));
        assertTrue(!text.toString().contains("\r"), "no carriage returns when piped");
    }

    @Test
    void emptyFileIsAlso100Percent() {
        ProgressPrinter printer = printer(false);
        printer.fileStarted("empty", 0);
        printer.fileDone("empty", 0);
        assertTrue(text.toString().lines().toList().get(1).contains("100%"), text.toString());
    }

    @Test
    void progressRightAfterTheStartIsNotPrinted() {
        ProgressPrinter printer = printer(false);
        printer.fileStarted("f", 1000);
        printer.progress(10);
        printer.progress(500);
        assertEquals(List.of("f"), text.toString().lines().toList());
    }

    @Test
    void doneForAnotherFileIsIgnored() {
        ProgressPrinter printer = printer(false);
        printer.fileStarted("a", 10);
        printer.fileDone("b", 10);
        assertEquals(List.of("a"), text.toString().lines().toList());
    }

    @Test
    void aFileIsFinishedWhenItsLastByteMovesEvenIfItsStatusComesLater() {
        ProgressPrinter printer = printer(false);
        printer.fileStarted("a", 10);
        printer.progress(10);
        printer.fileStarted("b", 20);
        printer.fileDone("a", 10);
        printer.fileDone("b", 20);
        List<String> lines = text.toString().lines().toList();
        assertEquals(4, lines.size(), text.toString());
        assertEquals("a", lines.get(0));
        assertTrue(lines.get(1).contains("100%"), lines.get(1));
        assertEquals("b", lines.get(2));
        assertTrue(lines.get(3).contains("20") && lines.get(3).contains("100%"), lines.get(3));
    }

    @Test
    void terminalOutputRedrawsInPlaceAndEndsTheLine() {
        ProgressPrinter printer = printer(true);
        printer.fileStarted("t", 4096);
        printer.fileDone("t", 4096);
        String out = text.toString();
        assertTrue(out.startsWith("t" + System.lineSeparator() + "\r"), out);
        assertTrue(out.endsWith("\n"), out);
        assertTrue(out.contains("100%"), out);
    }

    @Test
    void rateFormatsKiloMegaAndGigabytesPerSecond() {
        assertEquals("0.00kB/s", ProgressPrinter.rate(0));
        assertEquals("1.50kB/s", ProgressPrinter.rate(1500));
        assertEquals("999.99kB/s", ProgressPrinter.rate(999_990));
        assertEquals("1.00MB/s", ProgressPrinter.rate(1e6));
        assertEquals("2.50MB/s", ProgressPrinter.rate(2_500_000));
        assertEquals("1.00GB/s", ProgressPrinter.rate(1e9));
        assertEquals("12.35GB/s", ProgressPrinter.rate(12_345_678_901.0));
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
        assertEquals("6.64MB/s", ProgressPrinter.rate(6_640_000));
        assertEquals("8,192,000", ProgressPrinter.grouped(8_192_000));
        assertEquals("0:00:05", ProgressPrinter.clock(5));
    }

    @Test
    void humanReadableShowsTheBytesInUnits() {
        ProgressPrinter printer = new ProgressPrinter(new PrintWriter(text), false, SizeFormat.DECIMAL_UNITS);
        printer.fileStarted("big.iso", 5_000_000);
        printer.fileDone("big.iso", 5_000_000);
        String last = text.toString().lines().toList().get(1);
        assertTrue(last.startsWith("          5.00M 100% "), last);
    }
}
