package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        return new TransferSummary(3, 2, 1, 0, 0, 0, 3, 1, 1, 4096, 1024, 0.5, 0.25, 1100, 90, false, 23, failures);
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
                + "\"symlinks\":0,\"created\":3,\"deleted\":1,\"transferred\":1,\"total_size\":4096,"
                + "\"transferred_size\":1024,\"bytes_sent\":1100,\"bytes_received\":90,\"seconds\":0.500,"
                + "\"data_seconds\":0.250,\"bytes_per_second\":2048,\"failures\":["
                + "{\"code\":23,\"message\":\"b\\\"q\\\\x\\ny: caf\u00e9 \u65e5\u672c\\tend\"},"
                + "{\"code\":11,\"message\":\"second\"}]}", json);
    }

    @Test
    void aParserReadsBackTheSameValues() {
        TransferSummary summary = new TransferSummary(2_016, 2_000, 15, 1, 0, 0, 2_016, 0, 2_000, 8_192_000_000L,
                8_192_000_000L, 1.234, 1.1, 8_200_000_000L, 123_456, true, 0, List.of(new Failure(12, AWKWARD)));
        Map<?, ?> object = (Map<?, ?>) StrictJson.parse(JsonSummary.toJson(summary, "rdma"));
        assertEquals(List.of("exit_code", "transport", "dry_run", "files", "regular_files", "directories", "symlinks", "created",
                "deleted", "transferred", "total_size", "transferred_size", "bytes_sent", "bytes_received", "seconds",
                "data_seconds", "bytes_per_second",
                "failures"), List.copyOf(object.keySet()));
        assertEquals(new BigDecimal(0), object.get("exit_code"));
        assertEquals("rdma", object.get("transport"));
        assertEquals(Boolean.TRUE, object.get("dry_run"));
        assertEquals(new BigDecimal(2_016), object.get("files"));
        assertEquals(new BigDecimal(15), object.get("directories"));
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
        TransferSummary noTime = new TransferSummary(1, 1, 0, 0, 0, 0, 1, 0, 1, 10, 10, Double.NaN, Double.NaN, 0, 0, false, 0,
                List.of());
        assertTrue(JsonSummary.toJson(noTime, "rdma").contains(",\"seconds\":0.000,\"data_seconds\":0.000,\"bytes_per_second\":0,"));
        // 10 bytes in the smallest double of seconds: the rate overflows to Infinity.
        TransferSummary instant = new TransferSummary(1, 1, 0, 0, 0, 0, 1, 0, 1, 10, 10, Double.MIN_VALUE, 0, 0, 0, false,
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
