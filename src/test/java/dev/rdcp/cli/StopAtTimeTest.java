package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * --stop-at's values as rsync 3.5.0 reads them. The expected times are what rsync's parse_time
 * returned for the same values and "now" (compiled into a harness with its clock set, TZ=UTC),
 * but where rsync slips (see {@link StopAtTime}).
 */
class StopAtTimeTest {

    private static final ZoneId UTC = ZoneId.of("UTC");
    /** A Sunday in mid-month. */
    private static final ZonedDateTime NOW = ZonedDateTime.of(2026, 11, 15, 15, 0, 0, 0, UTC);

    private static LocalDateTime parsed(String text, ZonedDateTime now) {
        return LocalDateTime.ofInstant(StopAtTime.parse(text, now), now.getZone());
    }

    @ParameterizedTest
    @CsvSource({
        "14:00, 2026-11-16T14:00",
        "16:00, 2026-11-15T16:00",
        "1, 2026-12-01T00:00",
        "31, 2026-12-31T00:00",
        ":59, 2026-11-15T15:59",
        ":05, 2026-11-15T15:05",
        ":00, 2026-11-15T16:00",
        "1-30, 2027-01-30T00:00",
        "2-29, 2028-02-29T00:00",
        "27-1-1, 2027-01-01T00:00",
        "2027/6/1, 2027-06-01T00:00",
        "T12:30, 2026-11-16T12:30",
        "t12:30, 2026-11-16T12:30",
        "12T, 2026-12-12T00:00",
        "2030-01-01T00:00, 2030-01-01T00:00",
        "2030-01-01t23:59, 2030-01-01T23:59",
        "2030-02-29, 2030-03-01T00:00",
    })
    void theNextTimeThatMatchesAsRsyncReadsIt(String text, String expected) {
        assertEquals(LocalDateTime.parse(expected), parsed(text, NOW));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", "12:60", "25:00", "T12", "1-2-3-4", "13-1", "0", "1:2:3", "-1", "1-", ":",
        "T", "1 2", "12:00x", "999999999999999999999"})
    void aValueRsyncRefusesIsAnInvalidFormat(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StopAtTime.parse(text, NOW));
        assertEquals("invalid --stop-at format: " + text, e.getMessage());
    }

    @Test
    void aTimeThatHasPassedIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> StopAtTime.parse("2000-12-31T23:59", NOW));
        assertEquals("--stop-at time is not in the future: 2000-12-31T23:59", e.getMessage());
    }

    /** On a month's last day, after 2 P.M., "14:00" is tomorrow's; rsync 3.5.0 says the day after. */
    @Test
    void aPassedTimeOfDayOnAMonthsLastDayIsTomorrows() {
        assertEquals(LocalDateTime.parse("2026-12-01T14:00"),
                parsed("14:00", ZonedDateTime.of(2026, 11, 30, 15, 0, 0, 0, UTC)));
        assertEquals(LocalDateTime.parse("2027-01-01T00:00"),
                parsed("00:00", ZonedDateTime.of(2026, 12, 31, 23, 30, 0, 0, UTC)));
    }

    /**
     * The 31st of a month without one is the next month's 31st, in local time across a change to
     * summer time (rsync keeps the winter offset: 01:00, and for "31T23:59" May's 31st).
     */
    @Test
    void aDayAMonthLacksIsTheNextMonthsThatHasIt() {
        ZonedDateTime february = ZonedDateTime.of(2026, 2, 28, 12, 0, 0, 0, ZoneId.of("Europe/Berlin"));
        assertEquals(LocalDateTime.parse("2026-03-31T00:00"), parsed("31", february));
        assertEquals(LocalDateTime.parse("2026-03-31T23:59"), parsed("31T23:59", february));
    }
}
