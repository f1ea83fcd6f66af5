package dev.rdcp.cli;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZonedDateTime;

/**
 * rsync's --stop-at value: {@code y-m-dTh:m} in the local time zone ('/' may separate the date's
 * numbers), abbreviated as rsync allows, meaning the next point in time that matches what is
 * given: "14:00" the next 2 P.M., "1-30" the next January 30th at midnight, "31" the next month's
 * 31st, ":59" the next 59th minute of an hour, "27-1-1" 2027 (a two-digit year is the next such).
 * rsync's parse_time, but for two slips of rsync's: on a month's last day it takes a time of day
 * that has passed to mean the day after tomorrow (its day count jumps the month's end twice), and
 * a date on the other side of a summer-time change keeps today's offset (an hour late, and
 * "31T23:59" can then slip a month).
 */
final class StopAtTime {

    /** One value in parse_time's struct tm fields: years since 1900, a month from 0, -1 where not given. */
    private static final class Fields {
        long year = -1;
        long month = -1;
        long day = -1;
        long hour = -1;
        long minute = -1;
    }

    private final String text;
    private final ZonedDateTime now;
    private final Fields t = new Fields();

    private StopAtTime(String text, ZonedDateTime now) {
        this.text = text;
        this.now = now;
    }

    /**
     * The point in time {@code text} names, seen from {@code now} (whose zone is the local one).
     *
     * @throws IllegalArgumentException with rsync's message, for a value it refuses or one not in
     *     the future
     */
    static Instant parse(String text, ZonedDateTime now) {
        Instant at = new StopAtTime(text, now).parse();
        if (!at.isAfter(now.toInstant())) {
            throw new IllegalArgumentException("--stop-at time is not in the future: " + text);
        }
        return at;
    }

    private Instant parse() {
        readFields();
        // Of the date's numbers, the first left out: 1 the year, 2 the month, 3 the day; 0 none.
        int bumped = 0;
        if (t.year < 0) {
            t.year = now.getYear() - 1900L;
            bumped = 1;
        } else if (t.year < 100) {
            while (t.year < now.getYear() - 1900L) {
                t.year += 100;
            }
        } else {
            t.year -= 1900;
        }
        if (t.month < 0) {
            t.month = now.getMonthValue() - 1L;
            bumped = 2;
        } else {
            t.month--;
        }
        if (t.day < 0) {
            t.day = now.getDayOfMonth();
            bumped = 3;
        }
        long hourStep = 0;
        if (t.minute < 0) {
            t.hour = 0;
            t.minute = 0;
        } else if (t.hour < 0) {
            // ":MM" alone: this hour's minute MM, or a later hour's.
            if (bumped != 3) {
                throw invalid();
            }
            bumped = 0;
            t.hour = now.getHour();
            hourStep = 3600;
        }
        if (t.hour > 23 || t.minute > 59 || t.month < 0 || t.month >= 12 || t.day < 1 || t.day > 31) {
            throw invalid();
        }
        long day = t.day;
        long at = normalize();
        long nowSeconds = now.toEpochSecond();
        while (bumped != 0 && (at <= nowSeconds || t.day < day)) {
            if (bumped == 3) {
                t.day++;
            } else if (bumped == 2) {
                if (t.day < day) {
                    // The month is already the next one: the day ran over the end of the one before.
                    t.day = day;
                } else if (++t.month == 12) {
                    t.month = 0;
                    t.year++;
                }
            } else {
                if (t.day < day) {
                    // February 29th ran over into March: the next leap year's.
                    if (t.month != 2 || day != 29) {
                        throw invalid();
                    }
                    t.month = 1;
                    t.day = 29;
                }
                t.year++;
            }
            at = normalize();
            if (bumped == 3) {
                day = t.day;
            }
        }
        while (hourStep != 0 && at <= nowSeconds) {
            at += hourStep;
        }
        return Instant.ofEpochSecond(at);
    }

    /**
     * Reads the numbers into {@link #t} as rsync does: the date's from the right (the day, then
     * the month before it, then the year), then the time's.
     */
    private void readFields() {
        int i = 0;
        // 1 in the date, 0 in the time, -1 just after the 'T' (a time must follow).
        int state;
        if (!text.isEmpty() && (text.charAt(0) == 'T' || text.charAt(0) == 't' || text.charAt(0) == ':')) {
            state = text.charAt(0) == ':' ? 0 : -1;
            i++;
        } else {
            state = 1;
        }
        while (true) {
            if (i >= text.length() || !isDigit(text.charAt(i))) {
                throw invalid();
            }
            long n = 0;
            while (i < text.length() && isDigit(text.charAt(i))) {
                // Saturated: a number this large fails the range checks or the calendar anyway.
                n = Math.min(n * 10 + text.charAt(i++) - '0', Integer.MAX_VALUE);
            }
            char next = i < text.length() ? text.charAt(i) : 0;
            if (next == ':') {
                state = 0;
            }
            if (state > 0) {
                if (t.year != -1) {
                    throw invalid();
                }
                t.year = t.month;
                t.month = t.day;
                t.day = n;
                if (next == 0) {
                    break;
                }
                if (next == 'T' || next == 't') {
                    if (i + 1 == text.length()) {
                        break;
                    }
                    state = -1;
                } else if (next != '-' && next != '/') {
                    throw invalid();
                }
                i++;
                continue;
            }
            if (t.hour != -1) {
                throw invalid();
            }
            t.hour = t.minute;
            t.minute = n;
            if (next == 0) {
                if (state < 0) {
                    throw invalid();
                }
                break;
            }
            if (next != ':') {
                throw invalid();
            }
            state = 0;
            i++;
        }
    }

    /** mktime: the fields as a local time (a day past the month's end runs into the next), written back normalized. */
    private long normalize() {
        try {
            LocalDateTime local = LocalDateTime.of(Math.toIntExact(1900 + t.year), 1, 1, 0, 0)
                    .plusMonths(t.month).plusDays(t.day - 1).plusHours(t.hour).plusMinutes(t.minute);
            ZonedDateTime zoned = ZonedDateTime.ofLocal(local, now.getZone(), null);
            LocalDateTime normalized = zoned.toLocalDateTime();
            t.year = normalized.getYear() - 1900L;
            t.month = normalized.getMonthValue() - 1L;
            t.day = normalized.getDayOfMonth();
            t.hour = normalized.getHour();
            t.minute = normalized.getMinute();
            return zoned.toEpochSecond();
        } catch (DateTimeException | ArithmeticException e) {
            throw invalid();
        }
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private IllegalArgumentException invalid() {
        return new IllegalArgumentException("invalid --stop-at format: " + text);
    }
}
