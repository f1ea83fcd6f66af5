package dev.rdcp.cli;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * rsync's --stop-after (--time-limit) and --stop-at: a time at which the copy stops as if
 * interrupted, with rsync's "stopping at requested limit" and exit code 30. The last one given
 * counts; as in rsync, the other end is not told.
 */
final class StopOptions {

    /** The clock both read, from the moment they are parsed, as rsync reads time() then. */
    Clock clock = Clock.systemDefaultZone();

    /** When the copy stops, or null for no limit. */
    private Instant deadline;

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = {"--stop-after", "--time-limit"}, paramLabel = "MINS",
            description = "Stop copying after MINS minutes, as an interrupted copy stops, with exit code 30.")
    void stopAfter(String minutes) {
        long parsed = leadingNumber(minutes);
        if (parsed <= 0 || parsed > Long.MAX_VALUE / 60) {
            throw new ParameterException(spec.commandLine(), "invalid --stop-after value: " + minutes);
        }
        Instant now = clock.instant();
        long seconds = parsed * 60;
        deadline = seconds > Duration.between(now, Instant.MAX).getSeconds() ? Instant.MAX : now.plusSeconds(seconds);
    }

    @Option(names = "--stop-at", paramLabel = "y-m-dTh:m",
            description = "Stop copying at this local time (exit code 30); abbreviated as in rsync: 14:00 is the "
                    + "next 2 P.M., 1-30 the next January 30th, :59 the next 59th minute.")
    void stopAt(String when) {
        try {
            deadline = StopAtTime.parse(when, ZonedDateTime.now(clock));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** The limit's timer, which runs {@code reached} at the deadline; null without a limit. */
    RunTimeLimit start(Runnable reached) {
        return deadline == null ? null : RunTimeLimit.start(deadline, clock, reached);
    }

    /**
     * The number {@code text} starts with, read as C's atol reads it, as rsync does: white space,
     * a sign, digits up to the first other character ("1.5" is 1, "abc" 0); beyond a long, the
     * long's limit.
     */
    static long leadingNumber(String text) {
        int i = 0;
        while (i < text.length() && " \t\n\u000b\f\r".indexOf(text.charAt(i)) >= 0) {
            i++;
        }
        boolean negative = i < text.length() && text.charAt(i) == '-';
        if (i < text.length() && (text.charAt(i) == '-' || text.charAt(i) == '+')) {
            i++;
        }
        long value = 0;
        for (; i < text.length() && text.charAt(i) >= '0' && text.charAt(i) <= '9'; i++) {
            int digit = text.charAt(i) - '0';
            if (value > (Long.MAX_VALUE - digit) / 10) {
                return negative ? Long.MIN_VALUE : Long.MAX_VALUE;
            }
            value = value * 10 + digit;
        }
        return negative ? -value : value;
    }
}
