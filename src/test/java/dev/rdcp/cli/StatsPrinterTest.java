package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rdcp.protocol.EntryCounts;
import dev.rdcp.transfer.TransferSummary;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class StatsPrinterTest {

    private Locale saved;

    /** A locale with '.' grouping and ',' decimals: the output must not follow it. */
    @BeforeEach
    void useAGermanLocale() {
        saved = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
    }

    @AfterEach
    void restoreLocale() {
        Locale.setDefault(saved);
    }

    private static List<String> printed(TransferSummary summary) {
        return printed(summary, SizeFormat.GROUPED);
    }

    private static List<String> printed(TransferSummary summary, SizeFormat sizes) {
        StringWriter text = new StringWriter();
        StatsPrinter.print(summary, sizes, new PrintWriter(text));
        List<String> lines = text.toString().lines().toList();
        assertEquals("", lines.get(0), "a blank line first, as rsync's");
        return lines.subList(1, lines.size());
    }

    private static TransferSummary summary(long regular, long dirs, long links, boolean dryRun) {
        EntryCounts listed = new EntryCounts(regular, dirs, links, 0, 0);
        return new TransferSummary(listed, listed, EntryCounts.ZERO, regular, 8_192_000, 8_192_000, 123_456, 1.234, 1.0,
                8_250_123, 4_321, dryRun, 0, List.of());
    }

    @Test
    void printsRsyncsStatsBlockLineForLine() {
        assertEquals(List.of(
                "Number of files: 2,016 (reg: 2,000, dir: 15, link: 1)",
                "Number of created files: 2,016 (reg: 2,000, dir: 15, link: 1)",
                "Number of deleted files: 0",
                "Number of regular files transferred: 2,000",
                "Total file size: 8,192,000 bytes",
                "Total transferred file size: 8,192,000 bytes",
                "Literal data: 8,192,000 bytes",
                "Matched data: 0 bytes",
                "File list size: 123,456",
                "Total bytes sent: 8,250,123",
                "Total bytes received: 4,321"), printed(summary(2_000, 15, 1, false)));
    }

    /** rsync says "(DRY RUN)" on its "total size is" line alone, not in the block; a dry run sends no literal data. */
    @Test
    void aDryRunsBlockSaysNoDataWasSent() {
        List<String> wet = printed(summary(2_000, 15, 1, false));
        List<String> dry = printed(summary(2_000, 15, 1, true));
        assertEquals("Total transferred file size: 8,192,000 bytes", dry.get(5), "what would be transferred");
        assertEquals("Literal data: 0 bytes", dry.get(6));
        assertEquals(wet.subList(0, 6), dry.subList(0, 6));
        assertEquals(wet.subList(7, wet.size()), dry.subList(7, dry.size()));
    }

    @Test
    void onlyKindsThatArePresentAreNamed() {
        assertEquals("Number of files: 2,001 (reg: 2,000, link: 1)", printed(summary(2_000, 0, 1, false)).get(0));
        assertEquals("Number of files: 3 (dir: 3)", printed(summary(0, 3, 0, false)).get(0));
    }

    @Test
    void anEmptyListHasNoKinds() {
        TransferSummary empty = new TransferSummary(EntryCounts.ZERO, EntryCounts.ZERO, EntryCounts.ZERO, 0, 0, 0, 0, 0,
                0, 0, 0, false, 0, List.of());
        List<String> lines = printed(empty);
        assertEquals(List.of("Number of files: 0", "Number of created files: 0", "Number of deleted files: 0"),
                lines.subList(0, 3));
        assertEquals("File list size: 0", lines.get(8));
    }

    @Test
    void createdAndDeletedCountsNameTheirKindsInRsyncsOrder() {
        TransferSummary summary = new TransferSummary(new EntryCounts(10, 0, 0, 0, 0), new EntryCounts(1, 0, 1, 1, 1),
                new EntryCounts(1_234_000, 500, 60, 7, 0), 3, 5_000_000_000L, 12_345, 999, 2.5, 2.0, 12_400, 300, false,
                23, List.of());
        List<String> lines = printed(summary);
        assertEquals("Number of created files: 4 (reg: 1, link: 1, dev: 1, special: 1)", lines.get(1));
        assertEquals("Number of deleted files: 1,234,567 (reg: 1,234,000, dir: 500, link: 60, dev: 7)", lines.get(2));
        assertEquals("Number of regular files transferred: 3", lines.get(3));
        assertEquals("Total file size: 5,000,000,000 bytes", lines.get(4));
        assertEquals("Total transferred file size: 12,345 bytes", lines.get(5));
        assertEquals("Literal data: 12,345 bytes", lines.get(6));
        assertEquals("Matched data: 0 bytes", lines.get(7));
        assertEquals("File list size: 999", lines.get(8));
        assertEquals("Total bytes sent: 12,400", lines.get(9));
        assertEquals("Total bytes received: 300", lines.get(10));
        assertEquals(11, lines.size(), "no lines rsync does not print");
    }

    /** As rsync -h --stats: sizes in units, counts still grouped digits. */
    @Test
    void humanReadableShowsSizesInUnitsAndCountsAsDigits() {
        List<String> lines = printed(summary(2_000, 15, 1, false), SizeFormat.DECIMAL_UNITS);
        assertEquals("Number of files: 2,016 (reg: 2,000, dir: 15, link: 1)", lines.get(0));
        assertEquals("Total file size: 8.19M bytes", lines.get(4));
        assertEquals("Total transferred file size: 8.19M bytes", lines.get(5));
        assertEquals("Literal data: 8.19M bytes", lines.get(6));
        assertEquals("Matched data: 0 bytes", lines.get(7));
        assertEquals("File list size: 123.46K", lines.get(8));
        assertEquals("Total bytes sent: 8.25M", lines.get(9));
    }
}
