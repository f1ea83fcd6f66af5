package dev.rdcp.cli;

import picocli.CommandLine;

/**
 * Parses {@code --timeout SECONDS}: 0 (none) to 2,147,483,647, rsync's range (an int). Beyond it
 * the seconds overflowed where they became nanoseconds, so a copy's own server ended with "long
 * overflow" and a remote shell's rdcp (-M--timeout=N) with it too, exit 70; a negative one made
 * every wait end at once.
 */
final class TimeoutConverter implements CommandLine.ITypeConverter<Long> {

    @Override
    public Long convert(String value) {
        long seconds;
        try {
            seconds = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a number of seconds");
        }
        if (seconds < 0 || seconds > Integer.MAX_VALUE) {
            throw new CommandLine.TypeConversionException("--timeout must be 0 (none) to " + Integer.MAX_VALUE
                    + " seconds, not " + value);
        }
        return seconds;
    }
}
