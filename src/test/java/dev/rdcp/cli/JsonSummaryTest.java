package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.EntryCounts;
import dev.rdcp.transfer.TransferReport.Failure;
import dev.rdcp.transfer.TransferSummary;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class JsonSummaryTest {

    /** Quotes, backslashes, a newline, a tab and non-ASCII text (é and 日本). */
    private static final String AWKWARD = "b\"q\\x\ny: caf\u00e9 \u65e5\u672c\tend";

    private Locale saved;

    /** A locale with ',' decimals: the numbers must still use '.'. */
    @BeforeEach
    void useAGermanLocale() {
        saved = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
    }

    @AfterEach
    void restoreLocale() {
        Locale.setDefault(saved);
    }

    private static TransferSummary withFailures(List<Failure> failures) {
        return new TransferSummary(new EntryCounts(2, 1, 0, 0, 0), new EntryCounts(2, 1, 0, 0, 0),
                new EntryCounts(0, 0, 1, 0, 0), 1, 4096, 1024, 77, 0.5, 0.25, 1100, 90, false, 23, failures);
    }

    private static EntryCounts one() {
        return new EntryCounts(1, 0, 0, 0, 0);
    }

    private static String messageOf(String json) {
        @SuppressWarnings("unchecked")
        Map<String, Object> object = (Map<String, Object>) StrictJson.parse(json);
        @SuppressWarnings("unchecked")
        Map<String, Object> failure = ((List<Map<String, Object>>) object.get("failures")).get(0);
        return (String) failure.get("message");
    }

    @Test
    void writesEveryCounterInOrderOnOneLine() {
        String json = JsonSummary.toJson(withFailures(List.of(new Failure(23, AWKWARD), new Failure(11, "second"))),
                "tcp");
        assertEquals("{\"exit_code\":23,\"transport\":\"tcp\",\"dry_run\":false,\"files\":3,\"regular_files\":2,\"directories\":1,"
                + "\"symlinks\":0,\"devices\":0,\"specials\":0,"
                + "\"created\":3,\"created_by_kind\":{\"reg\":2,\"dir\":1,\"link\":0,\"dev\":0,\"special\":0},"
                + "\"deleted\":1,\"deleted_by_kind\":{\"reg\":0,\"dir\":0,\"link\":1,\"dev\":0,\"special\":0},"
                + "\"transferred\":1,\"total_size\":4096,"
                + "\"transferred_size\":1024,\"file_list_size\":77,\"bytes_sent\":1100,\"bytes_received\":90,\"seconds\":0.500,"
                + "\"data_seconds\":0.250,\"bytes_per_second\":2048,\"failures\":["
                + "{\"code\":23,\"message\":\"b\\\"q\\\\x\\ny: caf\u00e9 \u65e5\u672c\\tend\"},"
                + "{\"code\":11,\"message\":\"second\"}]}", json);
    }

    @Test
    void aParserReadsBackTheSameValues() {
        EntryCounts listed = new EntryCounts(2_000, 15, 1, 0, 0);
        TransferSummary summary = new TransferSummary(listed, listed, new EntryCounts(3, 0, 0, 1, 2), 2_000,
                8_192_000_000L, 8_192_000_000L, 40_000, 1.234, 1.1, 8_200_000_000L, 123_456, true, 0,
                List.of(new Failure(12, AWKWARD)));
        Map<?, ?> object = (Map<?, ?>) StrictJson.parse(JsonSummary.toJson(summary, "rdma"));
        assertEquals(List.of("exit_code", "transport", "dry_run", "files", "regular_files", "directories", "symlinks",
                "devices", "specials", "created", "created_by_kind", "deleted", "deleted_by_kind", "transferred",
                "total_size", "transferred_size", "file_list_size", "bytes_sent", "bytes_received", "seconds",
                "data_seconds", "bytes_per_second",
                "failures"), List.copyOf(object.keySet()));
        assertEquals(new BigDecimal(0), object.get("exit_code"));
        assertEquals("rdma", object.get("transport"));
        assertEquals(Boolean.TRUE, object.get("dry_run"));
        assertEquals(new BigDecimal(2_016), object.get("files"));
        assertEquals(new BigDecimal(15), object.get("directories"));
        assertEquals(new BigDecimal(6), object.get("deleted"));
        assertEquals(Map.of("reg", new BigDecimal(3), "dir", BigDecimal.ZERO, "link", BigDecimal.ZERO, "dev", BigDecimal.ONE,
                "special", new BigDecimal(2)), object.get("deleted_by_kind"));
        assertEquals(new BigDecimal(40_000), object.get("file_list_size"));
        assertEquals(new BigDecimal(8_192_000_000L), object.get("total_size"));
        assertEquals(new BigDecimal("1.234"), object.get("seconds"));
        assertEquals(new BigDecimal("1.100"), object.get("data_seconds"));
        assertEquals(new BigDecimal(8_200_000_000L), object.get("bytes_sent"));
        assertEquals(new BigDecimal(123_456), object.get("bytes_received"));
        assertEquals(new BigDecimal(6_638_573_744L), object.get("bytes_per_second"));
        assertEquals(List.of(Map.of("code", new BigDecimal(12), "message", AWKWARD)), object.get("failures"));
    }

    @Test
    void aSessionThatNeverChoseATransportSaysNull() {
        Map<?, ?> object = (Map<?, ?>) StrictJson.parse(JsonSummary.toJson(withFailures(List.of()), ""));
        assertTrue(object.containsKey("transport"));
        assertNull(object.get("transport"));
    }

    @Test
    void noFailuresIsAnEmptyArray() {
        assertTrue(JsonSummary.toJson(withFailures(List.of()), "rdma").endsWith(",\"failures\":[]}"));
    }

    @Test
    void controlCharactersAndLineSeparatorsAreEscaped() {
        StringBuilder all = new StringBuilder();
        for (char c = 0; c < 0x20; c++) {
            all.append(c);
        }
        all.append('\u2028').append('\u2029').append('\u007f');
        String json = JsonSummary.toJson(withFailures(List.of(new Failure(1, all.toString()))), "rdma");

        assertTrue(json.contains("\"message\":\"\\u0000\\u0001"), json);
        assertTrue(json.contains("\\b\\t\\n\\u000b\\f\\r\\u000e"), json);
        assertTrue(json.contains("\\u001f\\u2028\\u2029\u007f\""), json);
        assertTrue(json.chars().noneMatch(c -> c < 0x20 || c == 0x2028 || c == 0x2029), json);
        assertEquals(all.toString(), messageOf(json));
    }

    @Test
    void nonFiniteNumbersBecomeZero() {
        TransferSummary noTime = new TransferSummary(one(), one(), EntryCounts.ZERO, 1, 10, 10, 0, Double.NaN, Double.NaN, 0, 0, false, 0,
                List.of());
        assertTrue(JsonSummary.toJson(noTime, "rdma").contains(",\"seconds\":0.000,\"data_seconds\":0.000,\"bytes_per_second\":0,"));
        // 10 bytes in the smallest double of seconds: the rate overflows to Infinity.
        TransferSummary instant = new TransferSummary(one(), one(), EntryCounts.ZERO, 1, 10, 10, 0, Double.MIN_VALUE, 0, 0, 0, false,
                0, List.of());
        assertEquals(Double.POSITIVE_INFINITY, instant.bytesPerSecond());
        assertTrue(JsonSummary.toJson(instant, "rdma").contains(",\"data_seconds\":0.000,\"bytes_per_second\":0,"));
    }

    @Test
    void theCheckingParserRejectsWhatJsonForbids() {
        assertThrows(IllegalArgumentException.class, () -> StrictJson.parse("{\"a\":\"x\ny\"}"));
        assertThrows(IllegalArgumentException.class, () -> StrictJson.parse("{\"a\":NaN}"));
        assertThrows(IllegalArgumentException.class, () -> StrictJson.parse("{\"a\":1.}"));
        assertThrows(IllegalArgumentException.class, () -> StrictJson.parse("{\"a\":1}}"));
        assertThrows(IllegalArgumentException.class, () -> StrictJson.parse("{\"a\":1,\"a\":2}"));
        assertEquals(Map.of("a", Arrays.asList(new BigDecimal("-1.5e3"), true, null)),
                StrictJson.parse(" {\"a\" : [-1.5e3, true, null]} "));
    }
}
